"""CNF formulas over cell variables x(cell, value), with the map back to grids."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from satdoku.model import Grid, Puzzle


class VarMap:
    """Numbers the cell variables x(cell, value) 1, 2, ... over each cell's candidates.

    With every value a candidate of every cell, x(cell, v) = cell * D + v (the classic
    numbering: 729 variables for 9x9). A reduced encoding leaves out the values the givens
    rule out, and the variables are numbered densely over what is left.
    """

    def __init__(self, puzzle: Puzzle, candidates: Sequence[Sequence[int]]) -> None:
        self.puzzle = puzzle
        self.candidates = tuple(tuple(c) for c in candidates)
        offsets = []
        top = 0
        for values in self.candidates:
            offsets.append(top)
            top += len(values)
        self.offsets = tuple(offsets)
        self.nvars = top
        self._full = all(len(c) == puzzle.values for c in self.candidates)

    def var(self, cell: int, value: int) -> int:
        """The variable of x(cell, value); ``KeyError`` when the value is not a candidate."""
        if self._full:
            return self.offsets[cell] + value
        try:
            return self.offsets[cell] + self.candidates[cell].index(value) + 1
        except ValueError:
            raise KeyError((cell, value)) from None

    def cell_value(self, var: int) -> tuple[int, int]:
        """The (cell, value) of a cell variable."""
        lo, hi = 0, len(self.offsets) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.offsets[mid] < var:
                lo = mid
            else:
                hi = mid - 1
        return lo, self.candidates[lo][var - self.offsets[lo] - 1]

    def cell_vars(self, cell: int) -> list[int]:
        start = self.offsets[cell]
        return list(range(start + 1, start + len(self.candidates[cell]) + 1))

    def decode(self, model: Sequence[int]) -> Grid:
        """The grid a solver model describes: per cell, its first true candidate (givens kept
        for cells without variables)."""
        grid = list(self.puzzle.givens)
        for cell, values in enumerate(self.candidates):
            start = self.offsets[cell]
            for k, value in enumerate(values):
                if model[start + k] > 0:
                    grid[cell] = value
                    break
        return tuple(grid)


@dataclass
class Formula:
    """Clauses (and native at-most-k constraints) over a var map plus auxiliary variables.

    A solver that has taken the clauses may :meth:`release` them: the list empties (a
    225x225 grid's 7.3 M clauses are about 1 GB of Python lists) and the counts stay."""

    varmap: VarMap
    clauses: list[list[int]] = field(default_factory=list)
    atmosts: list[tuple[list[int], int]] = field(default_factory=list)
    nvars: int = 0
    released: tuple[int, int] | None = field(default=None, repr=False)
    """(clauses, literals) of the clauses given up by :meth:`release`, else None."""

    def __post_init__(self) -> None:
        self.nvars = max(self.nvars, self.varmap.nvars)

    def new_var(self) -> int:
        self.nvars += 1
        return self.nvars

    @property
    def nclauses(self) -> int:
        gone = self.released[0] if self.released else 0
        return gone + len(self.clauses) + len(self.atmosts)

    @property
    def nliterals(self) -> int:
        gone = self.released[1] if self.released else 0
        return gone + sum(map(len, self.clauses)) + sum(len(lits) for lits, _ in self.atmosts)

    def release(self) -> None:
        """Give up the clauses: ``clauses`` becomes a new empty list, so the clauses live only
        as long as a caller holding them does; :attr:`nclauses` and :attr:`nliterals` go on
        counting them."""
        taken = self.clauses
        gone = self.released or (0, 0)
        self.released = (gone[0] + len(taken), gone[1] + sum(map(len, taken)))
        self.clauses = []

    def decode(self, model: Sequence[int]) -> Grid:
        return self.varmap.decode(model)
