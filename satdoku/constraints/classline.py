"""Lines whose nearby cells hold values of different classes: the shared part of the modular
line (classes are residues) and the entropic line (classes are thirds of 1..N)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence

from satdoku.model import Constraint
from satdoku.targets import CnfTarget, CpTarget, negation


class ClassLine(Constraint):
    """Cells fewer than :attr:`span` apart along ``cells`` hold values of different classes
    (:meth:`value_class`); a line shorter than the span keeps all its classes different."""

    @property
    @abstractmethod
    def span(self) -> int:
        """How many cells in a row hold values of different classes."""

    @property
    @abstractmethod
    def clash(self) -> str:
        """How a message says two values of one class: ``repeat a residue modulo 3``, ..."""

    @abstractmethod
    def value_class(self, value: int) -> int:
        """The class of ``value`` (0 .. span - 1)."""

    def _close(self) -> list[tuple[int, int]]:
        """The positions k < j fewer than :attr:`span` apart."""
        n = len(self.cells)
        return [(k, j) for k in range(n) for j in range(k + 1, min(n, k + self.span))]

    def _classes(self, digits: range) -> list[list[int]]:
        """The ``digits`` by their class."""
        return [[v for v in digits if self.value_class(v) == c] for c in range(self.span)]

    def problem(self, values: Sequence[int]) -> str | None:
        for k, j in self._close():
            if self.value_class(values[k]) == self.value_class(values[j]):
                return f"{self.name}: {list(values[k : j + 1])} {self.clash}"
        return None

    def cnf(self, target: CnfTarget) -> None:
        """Cells fewer than a span apart never both hold values of one class; cells a span
        apart, when the encoding wants implied clauses, hold values of the same class."""
        cells, classes = self.cells, self._classes(target.digits)
        for k, j in self._close():
            for same in classes:
                for v in same:
                    for w in same:
                        target.clause(
                            [
                                negation(target.holds(cells[k], v)),
                                negation(target.holds(cells[j], w)),
                            ]
                        )
        if target.implied:
            for k in range(len(cells) - self.span):
                for same in classes:
                    for v in same:
                        target.clause(
                            [negation(target.holds(cells[k], v))]
                            + [target.holds(cells[k + self.span], w) for w in same]
                        )

    def cpsat(self, target: CpTarget) -> None:
        for k, j in self._close():
            for same in self._classes(target.digits):
                target.model.add(
                    sum(target.is_value(self.cells[i], v) for i in (k, j) for v in same) <= 1
                )
