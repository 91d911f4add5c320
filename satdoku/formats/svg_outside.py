"""Clues outside the grid (sandwich, X-sum, skyscraper, little killer): each one in the place
before the first cell it looks along, and the room the picture needs around the grid for
them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from satdoku.formats.marks import Group, Position
from satdoku.formats.svg_pen import INK, Pen, num

Room = tuple[int, int, int, int]
"""Cells added to the picture left, above, right and below the grid."""


def clue_place(places: Sequence[Position], nrows: int, ncols: int) -> tuple[Position, Position]:
    """Where a clue looking along ``places`` goes, and the step (row, column) from there to
    its first cell: one step back from the first cell along the line through the first two,
    or out of the nearest side of the grid for a clue on one cell."""
    (r, c), rest = places[0], places[1:]
    if rest:
        step = (_sign(rest[0][0] - r), _sign(rest[0][1] - c))
    else:
        sides = {(1, 0): r, (0, 1): c, (-1, 0): nrows - 1 - r, (0, -1): ncols - 1 - c}
        step = min(sides, key=lambda s: sides[s])
    return (r - step[0], c - step[1]), step


def room(groups: Sequence[Group], nrows: int, ncols: int) -> Room:
    """One cell on each side of the grid where an outside clue lies, none elsewhere."""
    places = [clue_place(cells, nrows, ncols)[0] for cells, _ in groups if cells]
    return (
        int(any(c < 0 for _, c in places)),
        int(any(r < 0 for r, _ in places)),
        int(any(c >= ncols for _, c in places)),
        int(any(r >= nrows for r, _ in places)),
    )


def outside(groups: Sequence[Group], nrows: int, ncols: int, pen: Pen) -> list[str]:
    """Each clue's text in the middle of its place; a clue along a diagonal (a little
    killer) a little off the middle, with a small arrow pointing along its diagonal."""
    if not groups:
        return []
    size = pen.cell * 0.4
    parts = [f'<g class="outside" font-size="{num(size)}" fill="{INK}" text-anchor="middle">']
    arrows = []
    for cells, text in groups:
        if not cells:
            continue
        place, (dr, dc) = clue_place(cells, nrows, ncols)
        x, y = pen.centre(place)
        diagonal = dr != 0 and dc != 0
        if diagonal:
            x, y = x - dc * pen.cell * 0.12, y - dr * pen.cell * 0.12
            arrows.append(_arrow(pen.centre(place), (dr, dc), pen))
        parts.append(
            f'<text class="outside-clue" x="{num(x)}" y="{num(y + size * 0.36)}">'
            f"{escape(text)}</text>"
        )
    parts.append("</g>")
    if arrows:
        parts += [
            f'<g class="outside-arrows" stroke="{INK}" stroke-width="{num(max(0.5, pen.cell * 0.03))}"'
            ' fill="none" stroke-linecap="round" stroke-linejoin="round">',
            *arrows,
            "</g>",
        ]
    return parts


def _arrow(centre: tuple[float, float], step: Position, pen: Pen) -> str:
    """A small arrow in the corner of a clue's place towards its first cell."""
    dr, dc = step
    x, y = centre
    start = (x + dc * pen.cell * 0.22, y + dr * pen.cell * 0.22)
    tip = (x + dc * pen.cell * 0.42, y + dr * pen.cell * 0.42)
    angle = math.atan2(dr, dc)
    arm = pen.cell * 0.1
    ends = [
        (tip[0] - arm * math.cos(angle + t), tip[1] - arm * math.sin(angle + t))
        for t in (math.radians(35), math.radians(-35))
    ]
    d = f"M{num(start[0])} {num(start[1])}L{num(tip[0])} {num(tip[1])}"
    d += f"M{num(ends[0][0])} {num(ends[0][1])}L{num(tip[0])} {num(tip[1])}"
    d += f"L{num(ends[1][0])} {num(ends[1][1])}"
    return f'<path class="outside-arrow" d="{d}"/>'


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)
