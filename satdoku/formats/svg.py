"""Draw a puzzle, and a grid of it, as one standalone SVG picture.

Everything drawn is read from the model: the cells (``positions``), the givens, and what each
constraint draws of itself (:meth:`satdoku.model.Constraint.draw`): units and sums. Units that tile the grid without being a straight line (boxes, jigsaw regions) get
thick borders; the other units that are not lines (diagonals, windows, box centres) are shaded;
a sum whose cells are a straight run starting right after a cell that is not a puzzle cell is
a Kakuro clue drawn in that cell; any other sum is a cage, drawn as a dashed outline with its
total in its top-left cell. The picture uses presentation attributes only (no style sheet, no
script, nothing external), so that it can be shown inline in a page as well as on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from satdoku.formats.marks import ACROSS, DOWN, Cage, Marks, Position
from satdoku.formats.text import MAX_CHAR_SIZE, digit
from satdoku.model import Puzzle

LARGEST_SIDE = 720
"""Width in pixels aimed at for the grid; cells stay within ``MIN_CELL``..``MAX_CELL``."""
MIN_CELL = 12
MAX_CELL = 44

PAPER = "#fff"
INK = "#000"
FOUND_INK = "#1a5fb4"
SHADE = "#d9e4f2"
THIN_LINE = "#999"
CAGE_LINE = "#444"
BLOCK = "#3b3b3b"
CLUE_INK = "#fff"
CLUE_LINE = "#bbb"
LINE_SHADE = "#c8c8c8"


def puzzle_svg(puzzle: Puzzle, grid: Sequence[int] | None = None) -> str:
    """The SVG document picturing ``puzzle``: its cells, givens and the marks of its units
    (box and region borders, shaded extra units, killer cages, Kakuro clues); with ``grid``
    (one value per cell, 0 for a blank), the digits found too, in another colour and weight.

    Given digits are ``<text class="given">``, found ones ``<text class="found">``; values
    above 9 are written with the letters of the one-line format up to 35 values, as numbers
    above. Raises :class:`ValueError` when ``grid`` does not have one value per cell.
    """
    if grid is not None and len(grid) != puzzle.ncells:
        raise ValueError(f"expected a grid of {puzzle.ncells} values, found {len(grid)}")
    marks = Marks.of(puzzle)
    cell, margin, digit_size = scale(puzzle, marks)
    pen = Pen(cell, margin)
    width = pen.x(puzzle.ncols) + pen.margin
    height = pen.y(puzzle.nrows) + pen.margin
    found = tuple(0 if g or grid is None else grid[i] for i, g in enumerate(puzzle.givens))
    title = f"{puzzle.kind} {puzzle.nrows}x{puzzle.ncols}: {puzzle.nclues} givens" + (
        f", {sum(1 for v in found if v)} found" if grid is not None else ""
    )
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}"'
        f' viewBox="0 0 {_n(width)} {_n(height)}" role="img" font-family="sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<rect class="paper" width="{_n(width)}" height="{_n(height)}" fill="{PAPER}"/>',
        *_cells_group("shaded", marks.shaded, SHADE, pen),
        *_cells_group("blocks", marks.blocks, BLOCK, pen),
        *_lines(marks.lines, pen),
        *_grid_lines(puzzle, pen),
        *_region_borders(puzzle, marks.region, pen),
        *_cages(marks.cages, pen),
        *_clues(marks.clues, pen),
        *_digits(puzzle, found, pen, digit_size),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def scale(puzzle: Puzzle, marks: Marks | None = None) -> tuple[int, float, float]:
    """The pixels of a cell, of the margin and of a digit's font in the picture of ``puzzle``
    (digits are smaller when cage sums share the cells)."""
    cell = max(MIN_CELL, min(MAX_CELL, LARGEST_SIDE // max(puzzle.nrows, puzzle.ncols)))
    width = len(symbol(puzzle, puzzle.values))
    cages = bool((marks or Marks.of(puzzle)).cages)
    size = cell * (0.62 if width == 1 else 0.85 / width) * (0.85 if cages else 1)
    return cell, max(2.0, cell * 0.1), size


def symbol(puzzle: Puzzle, value: int) -> str:
    """How ``value`` is written: ``1-9`` then ``A-Z`` as in the one-line format, or the
    number when the puzzle has more values than letters."""
    return digit(value) if puzzle.values <= MAX_CHAR_SIZE else str(value)


@dataclass(frozen=True)
class Pen:
    """Pixel coordinates of the grid lines: column ``c`` starts at ``x(c)``."""

    cell: int
    margin: float

    def x(self, col: float) -> float:
        return self.margin + col * self.cell

    def y(self, row: float) -> float:
        return self.margin + row * self.cell

    @property
    def thin(self) -> float:
        return max(0.5, self.cell * 0.025)

    @property
    def thick(self) -> float:
        return max(1.5, self.cell * 0.07)


def _n(x: float) -> str:
    """A coordinate with at most two decimals."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _cells_group(name: str, places: Iterable[Position], fill: str, pen: Pen) -> list[str]:
    rects = [
        f'<rect x="{_n(pen.x(c))}" y="{_n(pen.y(r))}" width="{pen.cell}" height="{pen.cell}"/>'
        for r, c in sorted(places)
    ]
    return [f'<g class="{name}" fill="{fill}">', *rects, "</g>"] if rects else []


def _lines(lines: Sequence[tuple[tuple[Position, ...], str]], pen: Pen) -> list[str]:
    """Each line as a wide rounded stroke through its cells' centres; a thermometer has a
    disc on its bulb."""
    if not lines:
        return []
    width = pen.cell * 0.3
    parts = [
        f'<g class="lines" stroke="{LINE_SHADE}" stroke-width="{_n(width)}"'
        ' stroke-linecap="round" stroke-linejoin="round" fill="none">'
    ]
    for places, style in lines:
        points = [(pen.x(c + 0.5), pen.y(r + 0.5)) for r, c in places]
        d = "".join(f"{'L' if i else 'M'}{_n(x)} {_n(y)}" for i, (x, y) in enumerate(points))
        parts.append(f'<path class="line" d="{d}"/>')
        if style in ("thermometer", "slow-thermometer"):
            x, y = points[0]
            parts.append(
                f'<circle class="bulb" cx="{_n(x)}" cy="{_n(y)}" r="{_n(pen.cell * 0.36)}"'
                f' fill="{LINE_SHADE}" stroke="none"/>'
            )
    parts.append("</g>")
    return parts


def _grid_lines(puzzle: Puzzle, pen: Pen) -> list[str]:
    top, bottom = _n(pen.y(0)), _n(pen.y(puzzle.nrows))
    left, right = _n(pen.x(0)), _n(pen.x(puzzle.ncols))
    d = [f"M{_n(pen.x(c))} {top}V{bottom}" for c in range(1, puzzle.ncols)]
    d += [f"M{left} {_n(pen.y(r))}H{right}" for r in range(1, puzzle.nrows)]
    return [
        f'<path class="grid" d="{"".join(d)}" stroke="{THIN_LINE}"'
        f' stroke-width="{_n(pen.thin)}" fill="none"/>',
        f'<rect class="outline" x="{left}" y="{top}" width="{_n(pen.cell * puzzle.ncols)}"'
        f' height="{_n(pen.cell * puzzle.nrows)}" stroke="{INK}" stroke-width="{_n(pen.thick)}"'
        ' fill="none"/>',
    ]


def _region_borders(puzzle: Puzzle, region: dict[Position, int], pen: Pen) -> list[str]:
    """Thick lines between neighbouring cells of different regions, joined along each grid
    line (the cells in no region count as one region together)."""
    cells = set(puzzle.positions)

    def split(a: Position, b: Position) -> bool:
        return a in cells and b in cells and region.get(a) != region.get(b)

    d = []
    for c in range(1, puzzle.ncols):
        flags = [split((r, c - 1), (r, c)) for r in range(puzzle.nrows)]
        d += [f"M{_n(pen.x(c))} {_n(pen.y(a))}V{_n(pen.y(b))}" for a, b in _stretches(flags)]
    for r in range(1, puzzle.nrows):
        flags = [split((r - 1, c), (r, c)) for c in range(puzzle.ncols)]
        d += [f"M{_n(pen.x(a))} {_n(pen.y(r))}H{_n(pen.x(b))}" for a, b in _stretches(flags)]
    if not d:
        return []
    return [
        f'<path class="regions" d="{"".join(d)}" stroke="{INK}" stroke-width="{_n(pen.thick)}"'
        ' stroke-linecap="square" fill="none"/>'
    ]


def _stretches(flags: Sequence[bool]) -> list[tuple[int, int]]:
    """The (start, end) index pairs of the runs of true flags, end exclusive."""
    runs, start = [], None
    for i, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            runs.append((start, i))
            start = None
    return runs


def _cages(cages: Sequence[Cage], pen: Pen) -> list[str]:
    if not cages:
        return []
    inset = pen.cell * 0.1
    size = pen.cell * 0.26
    parts = [
        f'<g class="cages" stroke="{CAGE_LINE}" stroke-width="{_n(max(0.5, pen.cell * 0.03))}"'
        f' stroke-dasharray="{_n(pen.cell * 0.08)} {_n(pen.cell * 0.06)}" fill="none">'
    ]
    parts += [
        f'<path class="cage" d="{_cage_path(cage.positions, inset, pen)}"/>' for cage in cages
    ]
    parts += [
        "</g>",
        f'<g class="cage-sums" font-size="{_n(size)}" fill="{INK}">',
    ]
    for cage in cages:
        r, c = min(cage.positions)
        text = str(cage.total)
        x, y = pen.x(c) + pen.cell * 0.06, pen.y(r) + pen.cell * 0.04
        parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(size * 0.62 * len(text) + 2)}"'
            f' height="{_n(size)}" fill="{PAPER}"/>'
            f'<text class="cage-sum" x="{_n(x + 1)}" y="{_n(y + size * 0.85)}">{text}</text>'
        )
    parts.append("</g>")
    return parts


def _cage_path(places: frozenset[Position], inset: float, pen: Pen) -> str:
    """Segments ``inset`` inside the outline of a cage's cells: a cell side on the cage's
    edge is drawn, ending where it meets the next side (inside an outer corner, or reaching
    into the neighbouring cell at an inner corner)."""

    def ends(inside_before: bool, diagonal_inside: bool, start: float) -> float:
        # where a side starts along its direction, from its cell's corner at ``start``
        if not inside_before:
            return start + inset
        return start - inset if diagonal_inside else start

    d = []
    for r, c in sorted(places):
        top, bottom, left, right = pen.y(r), pen.y(r + 1), pen.x(c), pen.x(c + 1)
        near = {(dr, dc): (r + dr, c + dc) in places for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
        for dr, y in ((-1, top + inset), (1, bottom - inset)):  # top and bottom sides
            if not near[dr, 0]:
                x0 = ends(near[0, -1], near[dr, -1], left)
                x1 = -ends(near[0, 1], near[dr, 1], -right)
                d.append(f"M{_n(x0)} {_n(y)}H{_n(x1)}")
        for dc, x in ((-1, left + inset), (1, right - inset)):  # left and right sides
            if not near[0, dc]:
                y0 = ends(near[-1, 0], near[-1, dc], top)
                y1 = -ends(near[1, 0], near[1, dc], -bottom)
                d.append(f"M{_n(x)} {_n(y0)}V{_n(y1)}")
    return "".join(d)


def _clues(clues: dict[Position, dict[str, int]], pen: Pen) -> list[str]:
    """Kakuro clue cells: a diagonal, the down total below it and the across total above."""
    if not clues:
        return []
    diagonals = "".join(
        f"M{_n(pen.x(c))} {_n(pen.y(r))}L{_n(pen.x(c + 1))} {_n(pen.y(r + 1))}"
        for r, c in sorted(clues)
    )
    size = pen.cell * 0.3
    parts = [
        f'<path class="clue-cells" d="{diagonals}" stroke="{CLUE_LINE}"'
        f' stroke-width="{_n(pen.thin)}"/>',
        f'<g class="clues" font-size="{_n(size)}" fill="{CLUE_INK}" text-anchor="middle">',
    ]
    for (r, c), totals in sorted(clues.items()):
        if DOWN in totals:
            x, y = pen.x(c + 0.3), pen.y(r + 0.88)
            parts.append(f'<text class="clue-down" x="{_n(x)}" y="{_n(y)}">{totals[DOWN]}</text>')
        if ACROSS in totals:
            x, y = pen.x(c + 0.7), pen.y(r + 0.4)
            parts.append(
                f'<text class="clue-across" x="{_n(x)}" y="{_n(y)}">{totals[ACROSS]}</text>'
            )
    parts.append("</g>")
    return parts


def _digits(puzzle: Puzzle, found: Sequence[int], pen: Pen, size: float) -> list[str]:
    """The givens in bold black, then the ``found`` values (one per cell, 0 where nothing was
    found) in blue, ``size`` pixels high."""
    parts = []
    for name, ink, weight, values in (
        ("given", INK, "bold", puzzle.givens),
        ("found", FOUND_INK, "normal", found),
    ):
        texts = [
            f'<text class="{name}" x="{_n(pen.x(c + 0.5))}" y="{_n(pen.y(r + 0.5) + size * 0.36)}">'
            f"{escape(symbol(puzzle, v))}</text>"
            for (r, c), v in zip(puzzle.positions, values, strict=True)
            if v
        ]
        if texts:
            parts += [
                f'<g class="{name}s" font-size="{_n(size)}" font-weight="{weight}" fill="{ink}"'
                ' text-anchor="middle">',
                *texts,
                "</g>",
            ]
    return parts
