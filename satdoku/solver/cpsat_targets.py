"""What a constraint sees of a CP-SAT model (:class:`satdoku.model.CpTarget`), for the two
models of :mod:`satdoku.solver.cpsat_backend`: an integer variable per cell, or a Boolean per
cell and value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class IntegerCells:
    """The ``alldiff`` model: ``cells[c]`` is the value of cell ``c`` (one of ``digits``)."""

    def __init__(self, model: Any, digits: range, cells: Sequence[Any]) -> None:
        self.model = model
        self.digits = digits
        self.size = len(digits)
        self.cells = cells
        self._literals: dict[tuple[int, int], Any] = {}

    def value(self, cell: int) -> Any:
        return self.cells[cell]

    def is_value(self, cell: int, value: int) -> Any:
        """A Boolean tied both ways to ``cell == value`` (one per pair, made when asked)."""
        key = (cell, value)
        if key not in self._literals:
            b = self._literals[key] = self.model.new_bool_var(f"c{cell}is{value}")
            self.model.add(self.cells[cell] == value).only_enforce_if(b)
            self.model.add(self.cells[cell] != value).only_enforce_if(~b)
        return self._literals[key]

    def all_different(self, cells: Sequence[int]) -> None:
        self.model.add_all_different([self.cells[c] for c in cells])


class OneHotCells:
    """The ``onehot`` model: ``x[c][k]`` says cell ``c`` holds ``digits[k]``."""

    def __init__(self, model: Any, digits: range, x: Sequence[Sequence[Any]]) -> None:
        self.model = model
        self.digits = digits
        self.size = len(digits)
        self.x = x

    def value(self, cell: int) -> Any:
        return sum(v * b for v, b in zip(self.digits, self.x[cell], strict=True))

    def is_value(self, cell: int, value: int) -> Any:
        return self.x[cell][value - self.digits.start]

    def all_different(self, cells: Sequence[int]) -> None:
        """Each value at most once; exactly once in a unit of ``size`` cells."""
        add = self.model.add_exactly_one if len(cells) == self.size else self.model.add_at_most_one
        for v in range(self.size):
            add([self.x[c][v] for c in cells])
