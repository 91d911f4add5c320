"""Cells and groups of cells picked out on a puzzle's picture: the givens and rules of a
reason (``satdoku why``) as shaded cells and coloured outlines, and the cell it explains."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.formats.marks import Position
from satdoku.formats.svg_pen import Pen, num
from satdoku.model import Puzzle

TARGET = "#ffd27f"
PICKED = "#b8e0b0"
OUTLINE = "#d0582a"


@dataclass(frozen=True)
class Highlight:
    """What to pick out: ``target`` (the cell asked about), the shaded ``cells`` and the
    outlined ``groups`` (each a set of cells, such as a rule's)."""

    target: int | None = None
    cells: tuple[int, ...] = ()
    groups: tuple[tuple[int, ...], ...] = ()


def shading(puzzle: Puzzle, highlight: Highlight, pen: Pen) -> list[str]:
    """The shaded cells, drawn under the grid lines."""
    parts = []
    for name, fill, cells in (
        ("picked", PICKED, highlight.cells),
        ("target", TARGET, () if highlight.target is None else (highlight.target,)),
    ):
        rects = [
            f'<rect x="{num(pen.x(c))}" y="{num(pen.y(r))}" width="{pen.cell}"'
            f' height="{pen.cell}"/>'
            for r, c in sorted(puzzle.positions[i] for i in cells)
        ]
        if rects:
            parts += [f'<g class="{name}" fill="{fill}">', *rects, "</g>"]
    return parts


def outlines(puzzle: Puzzle, highlight: Highlight, pen: Pen) -> list[str]:
    """An outline just inside the border of each group, drawn over the grid."""
    if not highlight.groups:
        return []
    inset = pen.cell * 0.08
    paths = [
        f'<path class="picked-group" d="{_outline(puzzle, group, inset, pen)}"/>'
        for group in highlight.groups
    ]
    return [
        f'<g class="picked-groups" stroke="{OUTLINE}" stroke-width="{num(pen.thick * 0.6)}"'
        ' stroke-opacity="0.8" stroke-linecap="square" fill="none">',
        *paths,
        "</g>",
    ]


def _outline(puzzle: Puzzle, group: Sequence[int], inset: float, pen: Pen) -> str:
    """The sides of the group's cells that no other of its cells shares, ``inset`` inside."""
    places: set[Position] = {puzzle.positions[i] for i in group}
    d = []
    for r, c in sorted(places):
        top, bottom = pen.y(r) + inset, pen.y(r + 1) - inset
        left, right = pen.x(c) + inset, pen.x(c + 1) - inset
        # a side runs on to the cell's edge where the group goes on that way
        x0 = pen.x(c) if (r, c - 1) in places else left
        x1 = pen.x(c + 1) if (r, c + 1) in places else right
        y0 = pen.y(r) if (r - 1, c) in places else top
        y1 = pen.y(r + 1) if (r + 1, c) in places else bottom
        if (r - 1, c) not in places:
            d.append(f"M{num(x0)} {num(top)}H{num(x1)}")
        if (r + 1, c) not in places:
            d.append(f"M{num(x0)} {num(bottom)}H{num(x1)}")
        if (r, c - 1) not in places:
            d.append(f"M{num(left)} {num(y0)}V{num(y1)}")
        if (r, c + 1) not in places:
            d.append(f"M{num(right)} {num(y0)}V{num(y1)}")
    return "".join(d)
