"""Windoku (hyper Sudoku): extra boxes, one cell in from the edges and one cell apart (four
of them on a 9x9), also hold every value once."""

from __future__ import annotations

from satdoku.constraints import AllDifferent
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.kinds.variant import Variant


def windows(geometry: Geometry) -> tuple[AllDifferent, ...]:
    """(b - 1)^2 extra b x b boxes of a grid with b x b boxes, at rows and columns
    1 + k (b + 1) (0-based): 1 and 5 for 9x9."""
    b, n = geometry.box_rows, geometry.size
    if geometry.box_cols != b:
        raise UsageError(f"windoku needs square boxes, not {geometry}")
    starts = [1 + k * (b + 1) for k in range(b - 1)]
    return tuple(
        AllDifferent(
            tuple((top + dr) * n + left + dc for dr in range(b) for dc in range(b)),
            f"window {i + 1}",
            "window",
        )
        for i, (top, left) in enumerate((t, s) for t in starts for s in starts)
    )


WINDOKU = Variant("windoku", windows, "(v): cells of the extra boxes")
