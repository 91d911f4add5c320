"""A puzzle's rules as exactly-one constraints: an exact-cover matrix.

Every rule of a Sudoku-like puzzle says "exactly one": a cell holds exactly one value, and a
unit of N cells over the N values holds each value exactly once. The matrix's rows are the
candidates x(cell, value), numbered as the extended encoding numbers its variables
(row = cell * N + value - 1, variable = row + 1); its columns are those exactly-one
constraints. The extended encoding is this matrix written as clauses (per column one
at-least-one clause and the pairwise at-most-one clauses), so unit propagation over either is
naked and hidden singles. :mod:`satdoku.solver.dpll` searches the matrix directly.

Only puzzles whose constraints are all units of exactly N cells have such a matrix (Sudoku,
X-sudoku, windoku, jigsaw, centre-dot); sums and shorter units (killer cages, Kakuro runs) do
not say "exactly one" and are refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from satdoku.errors import UsageError
from satdoku.model import Constraint, Puzzle


@dataclass(frozen=True)
class ExactCover:
    """The rows (``ncells * values`` candidates) and the columns (each the rows of which
    exactly one must be chosen) of a puzzle's rules; givens are not part of it."""

    values: int
    ncells: int
    columns: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, puzzle: Puzzle) -> ExactCover:
        """The matrix of ``puzzle``'s rules: one column per cell, and one per unit and value
        (the same rules give the same matrix, built once)."""
        return _matrix(puzzle.values, puzzle.ncells, puzzle.constraints, puzzle.kind)

    @property
    def nrows(self) -> int:
        return self.ncells * self.values

    @cached_property
    def row_cells(self) -> list[int]:
        """The cell of every row."""
        return [r // self.values for r in range(self.nrows)]

    @cached_property
    def row_values(self) -> list[int]:
        """The value of every row."""
        return [r % self.values + 1 for r in range(self.nrows)]

    @cached_property
    def rows_columns(self) -> tuple[list[int], list[int]]:
        """The columns of every row in compressed form: row r's columns are
        ``cols[start[r]:start[r + 1]]``."""
        per_row: list[list[int]] = [[] for _ in range(self.nrows)]
        for c, rows in enumerate(self.columns):
            for r in rows:
                per_row[r].append(c)
        start = [0]
        cols: list[int] = []
        for row_cols in per_row:
            cols += row_cols
            start.append(len(cols))
        return start, cols


@lru_cache(maxsize=32)
def _matrix(values: int, ncells: int, constraints: tuple[Constraint, ...], kind: str) -> ExactCover:
    columns = [tuple(range(cell * values, cell * values + values)) for cell in range(ncells)]
    for constraint in constraints:
        if constraint.needs(values) != "unit":
            what = "a unit" if constraint.distinct else f"a {constraint.family}"
            raise UsageError(
                f"the dpll backend needs every constraint to be a unit of {values} cells"
                f" (exactly one of each value); this {kind} puzzle has {what} of"
                f" {len(constraint.cells)} cells ({constraint.name or 'unnamed'})"
            )
        columns += [tuple(cell * values + v for cell in constraint.cells) for v in range(values)]
    return ExactCover(values, ncells, tuple(columns))
