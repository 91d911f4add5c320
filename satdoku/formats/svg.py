"""Draw a puzzle, and a grid of it, as one standalone SVG picture.

Everything drawn is read from the model: the cells (``positions``), the givens, and what each
constraint draws of itself (:meth:`satdoku.model.Constraint.draw`, :class:`Marks`). Units that
tile the grid without being a straight line (boxes, jigsaw regions) get thick borders; the
other units drawn no other way (diagonals, windows, box centres) are shaded; a sum whose cells
are a straight run starting right after a cell that is not a puzzle cell is a Kakuro clue
drawn in that cell; any other sum, and any cage, is a dashed outline with its text in its
top-left cell. Lines, circles, dots and texts on edges, texts on corners, shaded groups and
notes are drawn by :mod:`satdoku.formats.svg_lines` and :mod:`satdoku.formats.svg_marks`;
clues outside the grid by :mod:`satdoku.formats.svg_outside`, the picture reaching one cell
further on each side that has some (the grid keeps its place: the picture's origin moves).
The picture uses presentation attributes only (no style sheet, no script, nothing
external), so that it can be shown inline in a page as well as on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from satdoku.formats.marks import ACROSS, DOWN, Cage, Marks, Position
from satdoku.formats.svg_highlight import Highlight, outlines, shading
from satdoku.formats.svg_lines import line_ends, lines
from satdoku.formats.svg_marks import circles, corners, dots, edges, notes, shades
from satdoku.formats.svg_outside import outside, room
from satdoku.formats.svg_pen import INK, PAPER, Pen, num
from satdoku.formats.text import MAX_CHAR_SIZE, digit
from satdoku.model import Puzzle

LARGEST_SIDE = 720
"""Width in pixels aimed at for the grid; cells stay within ``MIN_CELL``..``MAX_CELL``."""
MIN_CELL = 12
MAX_CELL = 44

FOUND_INK = "#1a5fb4"
SHADE = "#d9e4f2"
THIN_LINE = "#999"
CAGE_LINE = "#444"
BLOCK = "#3b3b3b"
CLUE_INK = "#fff"
CLUE_LINE = "#bbb"


def puzzle_svg(
    puzzle: Puzzle, grid: Sequence[int] | None = None, highlight: Highlight | None = None
) -> str:
    """The SVG document picturing ``puzzle``: its cells, givens and the marks of its units
    (box and region borders, shaded extra units, killer cages, Kakuro clues); with ``grid``
    (one value per cell, 0 for a blank), the digits found too, in another colour and weight.

    Given digits are ``<text class="given">``, found ones ``<text class="found">``; values
    above 9 are written with the letters of the one-line format up to 35 values, as numbers
    above. ``highlight`` shades cells and outlines groups of cells (:mod:`svg_highlight`).
    Raises :class:`ValueError` when ``grid`` does not have one value per cell.
    """
    if grid is not None and len(grid) != puzzle.ncells:
        raise ValueError(f"expected a grid of {puzzle.ncells} values, found {len(grid)}")
    marks = Marks.of(puzzle)
    cell, margin, digit_size = scale(puzzle, marks)
    pen = Pen(cell, margin)
    left, top, right, bottom = room(marks.outsides, puzzle.nrows, puzzle.ncols)
    x0, y0 = -left * cell, -top * cell
    width = pen.x(puzzle.ncols) + pen.margin + (left + right) * cell
    height = pen.y(puzzle.nrows) + pen.margin + (top + bottom) * cell
    size = f'width="{num(width)}" height="{num(height)}"'
    origin = f'x="{num(x0)}" y="{num(y0)}" ' if left or top else ""
    found = tuple(0 if g or grid is None else grid[i] for i, g in enumerate(puzzle.givens))
    title = f"{puzzle.kind} {puzzle.nrows}x{puzzle.ncols}: {puzzle.nclues} givens" + (
        f", {sum(1 for v in found if v)} found" if grid is not None else ""
    )
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" {size}'
        f' viewBox="{num(x0)} {num(y0)} {num(width)} {num(height)}" role="img"'
        ' font-family="sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<rect class="paper" {origin}{size} fill="{PAPER}"/>',
        *_cells_group("shaded", marks.shaded, SHADE, pen),
        *_cells_group("blocks", marks.blocks, BLOCK, pen),
        *(shading(puzzle, highlight, pen) if highlight else ()),
        *shades(marks.shades, pen),
        *lines(marks.lines, pen),
        *_grid_lines(puzzle, pen),
        *_region_borders(puzzle, marks.region, pen),
        *line_ends(marks.lines, pen),
        *circles(marks.circles, pen),
        *_cages(marks.cages, pen),
        *_clues(marks.clues, pen),
        *dots(marks.dots, pen),
        *edges(marks.edges, pen),
        *corners(marks.corners, pen),
        *outside(marks.outsides, puzzle.nrows, puzzle.ncols, pen),
        *notes(marks.notes, pen),
        *(outlines(puzzle, highlight, pen) if highlight else ()),
        *_digits(puzzle, found, pen, digit_size),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def scale(puzzle: Puzzle, marks: Marks | None = None) -> tuple[int, float, float]:
    """The pixels of a cell, of the margin and of a digit's font in the picture of ``puzzle``
    (digits are smaller when cages or notes share the cells). The grid's top-left corner is
    at (margin, margin) in the picture's coordinates, outside clues or not: those make the
    picture reach one cell further on their sides, its origin moving before (0, 0) on the
    left and top."""
    cell = max(MIN_CELL, min(MAX_CELL, LARGEST_SIDE // max(puzzle.nrows, puzzle.ncols)))
    width = len(symbol(puzzle, puzzle.values))
    marks = marks or Marks.of(puzzle)
    crowded = bool(marks.cages or marks.notes)
    size = cell * (0.62 if width == 1 else 0.85 / width) * (0.85 if crowded else 1)
    return cell, max(2.0, cell * 0.1), size


def symbol(puzzle: Puzzle, value: int) -> str:
    """How grid value ``value`` is written: ``1-9`` then ``A-Z`` as in the one-line format
    (from ``0`` in a grid of values from 0), or the number when the puzzle has more values
    than letters."""
    written = puzzle.digit(value)
    return digit(written) if puzzle.values <= MAX_CHAR_SIZE else str(written)


def _cells_group(name: str, places: Iterable[Position], fill: str, pen: Pen) -> list[str]:
    rects = [
        f'<rect x="{num(pen.x(c))}" y="{num(pen.y(r))}" width="{pen.cell}" height="{pen.cell}"/>'
        for r, c in sorted(places)
    ]
    return [f'<g class="{name}" fill="{fill}">', *rects, "</g>"] if rects else []


def _grid_lines(puzzle: Puzzle, pen: Pen) -> list[str]:
    top, bottom = num(pen.y(0)), num(pen.y(puzzle.nrows))
    left, right = num(pen.x(0)), num(pen.x(puzzle.ncols))
    d = [f"M{num(pen.x(c))} {top}V{bottom}" for c in range(1, puzzle.ncols)]
    d += [f"M{left} {num(pen.y(r))}H{right}" for r in range(1, puzzle.nrows)]
    return [
        f'<path class="grid" d="{"".join(d)}" stroke="{THIN_LINE}"'
        f' stroke-width="{num(pen.thin)}" fill="none"/>',
        f'<rect class="outline" x="{left}" y="{top}" width="{num(pen.cell * puzzle.ncols)}"'
        f' height="{num(pen.cell * puzzle.nrows)}" stroke="{INK}" stroke-width="{num(pen.thick)}"'
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
        d += [f"M{num(pen.x(c))} {num(pen.y(a))}V{num(pen.y(b))}" for a, b in _stretches(flags)]
    for r in range(1, puzzle.nrows):
        flags = [split((r - 1, c), (r, c)) for c in range(puzzle.ncols)]
        d += [f"M{num(pen.x(a))} {num(pen.y(r))}H{num(pen.x(b))}" for a, b in _stretches(flags)]
    if not d:
        return []
    return [
        f'<path class="regions" d="{"".join(d)}" stroke="{INK}" stroke-width="{num(pen.thick)}"'
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
        f'<g class="cages" stroke="{CAGE_LINE}" stroke-width="{num(max(0.5, pen.cell * 0.03))}"'
        f' stroke-dasharray="{num(pen.cell * 0.08)} {num(pen.cell * 0.06)}" fill="none">'
    ]
    parts += [
        f'<path class="cage" d="{_cage_path(cage.positions, inset, pen)}"/>' for cage in cages
    ]
    parts.append("</g>")
    texts = [cage for cage in cages if cage.text]
    if not texts:
        return parts
    parts.append(f'<g class="cage-sums" font-size="{num(size)}" fill="{INK}">')
    for cage in texts:
        r, c = min(cage.positions)
        text = escape(cage.text)
        x, y = pen.x(c) + pen.cell * 0.06, pen.y(r) + pen.cell * 0.04
        parts.append(
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(size * 0.62 * len(text) + 2)}"'
            f' height="{num(size)}" fill="{PAPER}"/>'
            f'<text class="cage-sum" x="{num(x + 1)}" y="{num(y + size * 0.85)}">{text}</text>'
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
                d.append(f"M{num(x0)} {num(y)}H{num(x1)}")
        for dc, x in ((-1, left + inset), (1, right - inset)):  # left and right sides
            if not near[0, dc]:
                y0 = ends(near[-1, 0], near[-1, dc], top)
                y1 = -ends(near[1, 0], near[1, dc], -bottom)
                d.append(f"M{num(x)} {num(y0)}V{num(y1)}")
    return "".join(d)


def _clues(clues: dict[Position, dict[str, int]], pen: Pen) -> list[str]:
    """Kakuro clue cells: a diagonal, the down total below it and the across total above."""
    if not clues:
        return []
    diagonals = "".join(
        f"M{num(pen.x(c))} {num(pen.y(r))}L{num(pen.x(c + 1))} {num(pen.y(r + 1))}"
        for r, c in sorted(clues)
    )
    size = pen.cell * 0.3
    parts = [
        f'<path class="clue-cells" d="{diagonals}" stroke="{CLUE_LINE}"'
        f' stroke-width="{num(pen.thin)}"/>',
        f'<g class="clues" font-size="{num(size)}" fill="{CLUE_INK}" text-anchor="middle">',
    ]
    for (r, c), totals in sorted(clues.items()):
        if DOWN in totals:
            x, y = pen.x(c + 0.3), pen.y(r + 0.88)
            parts.append(f'<text class="clue-down" x="{num(x)}" y="{num(y)}">{totals[DOWN]}</text>')
        if ACROSS in totals:
            x, y = pen.x(c + 0.7), pen.y(r + 0.4)
            parts.append(
                f'<text class="clue-across" x="{num(x)}" y="{num(y)}">{totals[ACROSS]}</text>'
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
            f'<text class="{name}" x="{num(pen.x(c + 0.5))}" y="{num(pen.y(r + 0.5) + size * 0.36)}">'
            f"{escape(symbol(puzzle, v))}</text>"
            for (r, c), v in zip(puzzle.positions, values, strict=True)
            if v
        ]
        if texts:
            parts += [
                f'<g class="{name}s" font-size="{num(size)}" font-weight="{weight}" fill="{ink}"'
                ' text-anchor="middle">',
                *texts,
                "</g>",
            ]
    return parts
