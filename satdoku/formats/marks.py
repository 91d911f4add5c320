"""What a picture of a puzzle shows beyond cells and digits, read from what each constraint
draws of itself (:meth:`satdoku.model.Constraint.draw`): regions and shaded units, Kakuro
blocks and clues, cages, lines, circles, dots and texts on edges, clues outside the grid,
texts on corners, shaded groups and notes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.model import Puzzle

Position = tuple[int, int]
Group = tuple[tuple[Position, ...], str]
"""Places of cells, and a text or a style."""

ACROSS, DOWN = "across", "down"


@dataclass(frozen=True)
class Cage:
    """A dashed outline, ``text`` (a total, or nothing) in the top-left cell."""

    positions: frozenset[Position]
    text: str


@dataclass(frozen=True)
class Marks:
    """What the picture shows beyond cells and digits, read from a puzzle's constraints."""

    region: dict[Position, int]
    """The tiling unit (box, jigsaw region) holding each cell that is in one."""
    shaded: frozenset[Position]
    blocks: frozenset[Position]
    """Places of the ``nrows`` x ``ncols`` layout that are not cells (Kakuro blocks, clues)."""
    cages: tuple[Cage, ...]
    clues: dict[Position, dict[str, int]]
    """Kakuro clue cells: the total of the run across and of the run down."""
    lines: tuple[Group, ...]
    """Lines through cell centres, and the style of each (:data:`satdoku.targets.LINE_STYLES`)."""
    circles: tuple[Group, ...] = ()
    """Circles (pills over neighbouring cells) and their texts; an arrow's first cell is in one."""
    dots: tuple[tuple[Position, Position, bool], ...] = ()
    """Dots on the edge between two neighbours, and whether each is filled."""
    edges: tuple[tuple[Position, Position, str], ...] = ()
    """Texts on the edge between two neighbours."""
    outsides: tuple[Group, ...] = ()
    """Clues outside the grid: the cells they look along, from the nearest, and the text."""
    corners: tuple[Group, ...] = ()
    """Texts on the corner cells share."""
    shades: tuple[Group, ...] = ()
    """Groups of cells and their style (``even``, ``odd``, ``region``)."""
    notes: tuple[tuple[Position, str], ...] = ()
    """Small texts along the top of cells."""

    @classmethod
    def of(cls, puzzle: Puzzle) -> Marks:
        """The marks of ``puzzle``: units that tile the cells (taken in order, each one
        disjoint from those before) are regions, the other units that are not straight
        lines nor drawn otherwise (a sum, cage, line, circle or shade of the same cells) are
        shaded."""
        where = puzzle.positions
        canvas = Sketch()
        for constraint in puzzle.constraints:
            constraint.draw(canvas)
        drawn = [*canvas.totals, *canvas.cages, *canvas.lines, *canvas.circles, *canvas.shades]
        sum_cells = {frozenset(cells) for cells, _ in drawn}
        region: dict[Position, int] = {}
        shaded: set[Position] = set()
        for unit in canvas.units:
            cells = frozenset(unit)
            if _is_line([where[c] for c in cells]) or cells in sum_cells:
                continue
            if all(where[c] not in region for c in cells):
                region.update(dict.fromkeys((where[c] for c in cells), len(region)))
            else:
                shaded.update(where[c] for c in cells)
        grid_places = {(r, c) for r in range(puzzle.nrows) for c in range(puzzle.ncols)}
        blocks = frozenset(grid_places - set(where))
        cages, clues = _sums(puzzle, canvas.totals, blocks)
        cages += tuple(
            Cage(frozenset(where[c] for c in cells), text) for cells, text in canvas.cages
        )

        def placed(groups: Sequence[tuple[tuple[int, ...], str]]) -> tuple[Group, ...]:
            return tuple((tuple(where[c] for c in cells), text) for cells, text in groups)

        circled = {c for cells, _ in canvas.circles for c in cells}
        heads = [
            ((cells[0],), "")
            for cells, style in canvas.lines
            if style == "arrow" and cells[0] not in circled
        ]
        return cls(
            region,
            frozenset(shaded),
            blocks,
            cages,
            clues,
            placed(canvas.lines),
            circles=placed([*canvas.circles, *dict.fromkeys(heads)]),
            dots=tuple((where[a], where[b], filled) for a, b, filled in canvas.dots),
            edges=tuple((where[a], where[b], text) for a, b, text in canvas.edges),
            outsides=placed(canvas.outsides),
            corners=placed(canvas.corners),
            shades=placed(canvas.shades),
            notes=tuple((where[cell], text) for cell, text in canvas.notes),
        )


class Sketch:
    """The canvas constraints draw on (:class:`satdoku.targets.Canvas`): what each one says
    it is, in order, for :class:`Marks` to lay out."""

    def __init__(self) -> None:
        self.units: list[tuple[int, ...]] = []
        self.totals: list[tuple[tuple[int, ...], int]] = []
        self.lines: list[tuple[tuple[int, ...], str]] = []
        self.cages: list[tuple[tuple[int, ...], str]] = []
        self.circles: list[tuple[tuple[int, ...], str]] = []
        self.dots: list[tuple[int, int, bool]] = []
        self.edges: list[tuple[int, int, str]] = []
        self.outsides: list[tuple[tuple[int, ...], str]] = []
        self.corners: list[tuple[tuple[int, ...], str]] = []
        self.shades: list[tuple[tuple[int, ...], str]] = []
        self.notes: list[tuple[int, str]] = []

    def unit(self, cells: Sequence[int]) -> None:
        self.units.append(tuple(cells))

    def total(self, cells: Sequence[int], total: int) -> None:
        self.totals.append((tuple(cells), total))

    def cage(self, cells: Sequence[int], text: str) -> None:
        self.cages.append((tuple(cells), text))

    def line(self, cells: Sequence[int], style: str) -> None:
        self.lines.append((tuple(cells), style))

    def circle(self, cells: Sequence[int], text: str = "") -> None:
        self.circles.append((tuple(cells), text))

    def dot(self, a: int, b: int, filled: bool) -> None:
        self.dots.append((a, b, filled))

    def edge(self, a: int, b: int, text: str) -> None:
        self.edges.append((a, b, text))

    def outside(self, cells: Sequence[int], text: str) -> None:
        self.outsides.append((tuple(cells), text))

    def corner(self, cells: Sequence[int], text: str) -> None:
        self.corners.append((tuple(cells), text))

    def shade(self, cells: Sequence[int], style: str) -> None:
        self.shades.append((tuple(cells), style))

    def note(self, cell: int, text: str) -> None:
        self.notes.append((cell, text))


def _sums(
    puzzle: Puzzle, totals: Sequence[tuple[tuple[int, ...], int]], blocks: frozenset[Position]
) -> tuple[tuple[Cage, ...], dict[Position, dict[str, int]]]:
    """Split the sums into Kakuro clues (a run after a block) and cages (every other sum).

    A run of one cell could go either way; it takes the direction its cell has no run in yet.
    """
    where = puzzle.positions
    sums = sorted(totals, key=lambda s: len(s[0]) == 1)
    used: set[tuple[int, str]] = set()
    cages: list[Cage] = []
    clues: dict[Position, dict[str, int]] = {}
    for cells, total in sums:
        places = sorted(where[c] for c in cells)
        (r, c), (last_r, last_c) = places[0], places[-1]
        runs = {
            ACROSS: r == last_r and last_c - c == len(places) - 1,
            DOWN: c == last_c and last_r - r == len(places) - 1,
        }
        before = {ACROSS: (r, c - 1), DOWN: (r - 1, c)}
        direction = next(
            (
                d
                for d in (ACROSS, DOWN)
                if runs[d] and before[d] in blocks and all((i, d) not in used for i in cells)
            ),
            None,
        )
        if direction is None:
            cages.append(Cage(frozenset(places), str(total)))
            continue
        used.update((i, direction) for i in cells)
        clues.setdefault(before[direction], {})[direction] = total
    return tuple(cages), clues


def _is_line(places: Sequence[Position]) -> bool:
    return len({r for r, _ in places}) == 1 or len({c for _, c in places}) == 1
