"""Centre-dot Sudoku: the centre cells of the boxes also hold every value once (boxes of odd
sides only, so that each box has one centre cell)."""

from __future__ import annotations

from satdoku.constraints import AllDifferent
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.kinds.variant import Variant


def centres(geometry: Geometry) -> tuple[AllDifferent, ...]:
    br, bc, n = geometry.box_rows, geometry.box_cols, geometry.size
    if br % 2 == 0 or bc % 2 == 0:
        raise UsageError(f"centre-dot needs boxes with odd sides, not {geometry}")
    cells = tuple(
        (top + br // 2) * n + left + bc // 2 for top in range(0, n, br) for left in range(0, n, bc)
    )
    return (AllDifferent(cells, "box centres", "centres"),)


CENTRE_DOT = Variant("centredot", centres, "(v): box centres")
