"""X-sudoku (diagonal Sudoku): both main diagonals also hold every value once."""

from __future__ import annotations

from satdoku.constraints import AllDifferent
from satdoku.geometry import Geometry
from satdoku.kinds.variant import Variant


def diagonals(geometry: Geometry) -> tuple[AllDifferent, ...]:
    n = geometry.size
    return (
        AllDifferent(tuple(i * n + i for i in range(n)), "main diagonal", "diagonal"),
        AllDifferent(tuple(i * n + n - 1 - i for i in range(n)), "anti-diagonal", "diagonal"),
    )


X_SUDOKU = Variant("x", diagonals, "(v): cells on a diagonal")
