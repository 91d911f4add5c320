"""X-sudoku (diagonal Sudoku): both main diagonals also hold every value once."""

from __future__ import annotations

from satdoku.constraints import AllDifferent
from satdoku.geometry import Geometry
from satdoku.kinds.sudoku import variant


def diagonals(geometry: Geometry) -> tuple[AllDifferent, ...]:
    n = geometry.size
    return (
        AllDifferent(tuple(i * n + i for i in range(n)), "main diagonal", "diagonal"),
        AllDifferent(tuple(i * n + n - 1 - i for i in range(n)), "anti-diagonal", "diagonal"),
    )


KIND = variant(
    "x",
    "X-sudoku: a Sudoku whose two diagonals also hold every value",
    diagonals,
    "(v): cells on a diagonal",
)
