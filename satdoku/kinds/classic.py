"""The classic Sudoku: the rows, columns and boxes of a box shape, as all-different units."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.geometry import Geometry
from satdoku.model import Puzzle


def sudoku(geometry: Geometry, givens: Sequence[int]) -> Puzzle:
    """A classic Sudoku of ``geometry`` with ``givens`` (row-major, 0 for blank): a copy of
    the blank puzzle of its box shape, cheaper than building one (readers make one per line)."""
    return _blank_sudoku(geometry.box_rows, geometry.box_cols).with_givens(givens)


@cache
def _blank_sudoku(box_rows: int, box_cols: int) -> Puzzle:
    """The Sudoku of this box shape without givens: what :func:`sudoku` copies."""
    geometry = Geometry(box_rows, box_cols)
    n = geometry.size
    positions = tuple((r, c) for r in range(n) for c in range(n))
    return Puzzle(n, positions, sudoku_units(geometry), (0,) * n * n, n, n, "sudoku", geometry)


def sudoku_units(geometry: Geometry) -> tuple[AllDifferent, ...]:
    """Rows, columns and boxes of ``geometry`` as named units (shared by every puzzle of its
    shape: kept by box shape, a lookup cheaper than hashing the geometry, for readers that
    build a puzzle per line)."""
    shape = (geometry.box_rows, geometry.box_cols)
    units = _UNITS.get(shape)
    if units is None:
        units = _UNITS[shape] = (
            tuple(AllDifferent(u, f"row {i + 1}", "row") for i, u in enumerate(geometry.rows))
            + tuple(
                AllDifferent(u, f"column {i + 1}", "column") for i, u in enumerate(geometry.cols)
            )
            + tuple(AllDifferent(u, f"box {i + 1}", "box") for i, u in enumerate(geometry.boxes))
        )
    return units


_UNITS: dict[tuple[int, int], tuple[AllDifferent, ...]] = {}
