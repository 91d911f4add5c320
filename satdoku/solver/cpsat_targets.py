"""What a constraint sees of a CP-SAT model (:class:`satdoku.model.CpTarget`), for the two
models of :mod:`satdoku.solver.cpsat_backend`: an integer variable per cell, or a Boolean per
cell and value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from satdoku.encodings.reach import distinct_groups


class Totals:
    """Sums of cells for a CP-SAT model, each group of cells that shares a unit summed into
    an integer whose domain is what different values can add (one per group)."""

    def __init__(self, model: Any, digits: range, units: Sequence[Sequence[int]]) -> None:
        self._model = model
        self._digits = digits
        self._units = units
        self._groups: dict[frozenset[int], Any] = {}

    def total_of(self, cells: Sequence[int], value: Any) -> Any:
        """The sum of ``value(c)`` over ``cells``."""
        parts = []
        for group in distinct_groups(self._units, cells):
            if len(group) == 1:
                parts.append(value(group[0]))
                continue
            key = frozenset(group)
            if key not in self._groups:
                k, digits = len(group), self._digits
                least, most = sum(digits[:k]), sum(digits[-k:])
                part = self._model.new_int_var(least, most, "")
                self._model.add(part == sum(value(c) for c in group))
                self._groups[key] = part
            parts.append(self._groups[key])
        return sum(parts)


class IntegerCells:
    """The ``alldiff`` model: ``cells[c]`` is the value of cell ``c`` (one of ``digits``)."""

    def __init__(
        self, model: Any, digits: range, cells: Sequence[Any], units: Sequence[Sequence[int]]
    ) -> None:
        self.model = model
        self.digits = digits
        self.size = len(digits)
        self.cells = cells
        self._totals = Totals(model, digits, units)
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

    def total_of(self, cells: Sequence[int]) -> Any:
        return self._totals.total_of(cells, self.value)


class OneHotCells:
    """The ``onehot`` model: ``x[c][k]`` says cell ``c`` holds ``digits[k]``."""

    def __init__(
        self, model: Any, digits: range, x: Sequence[Sequence[Any]], units: Sequence[Sequence[int]]
    ) -> None:
        self.model = model
        self.digits = digits
        self.size = len(digits)
        self.x = x
        self._totals = Totals(model, digits, units)

    def value(self, cell: int) -> Any:
        return sum(v * b for v, b in zip(self.digits, self.x[cell], strict=True))

    def is_value(self, cell: int, value: int) -> Any:
        return self.x[cell][value - self.digits.start]

    def all_different(self, cells: Sequence[int]) -> None:
        """Each value at most once; exactly once in a unit of ``size`` cells."""
        add = self.model.add_exactly_one if len(cells) == self.size else self.model.add_at_most_one
        for v in range(self.size):
            add([self.x[c][v] for c in cells])

    def total_of(self, cells: Sequence[int]) -> Any:
        return self._totals.total_of(cells, self.value)
