"""Entropic line: any three cells in a row along the line hold one low, one middle and one high
value."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, negation


@dataclass(frozen=True)
class Entropic(Constraint):
    """Cells at most two apart along ``cells`` hold values of different thirds of 1..``size``
    (:meth:`band`); a line of one or two cells keeps its cells in different thirds.

    ISS: ``.Entropic~R1C1~R1C2...`` (ISS takes it on 9x9 grids only; ``size`` is the grid's)."""

    cells: tuple[int, ...]
    size: int = 9
    name: str = "entropic line"
    family: str = "entropic"

    def band(self, value: int) -> int:
        """0, 1 or 2: the third of 1..size ``value`` is in, (value - 1) * 3 // size: 1-3, 4-6
        and 7-9 of a 9x9, 1-2, 3-4 and 5-6 of a 6x6, 1-2, 3 and 4 of a 4x4."""
        return (value - 1) * 3 // self.size

    def _close(self) -> list[tuple[int, int]]:
        """The positions k < j at most two apart."""
        n = len(self.cells)
        return [(k, k + d) for d in (1, 2) for k in range(n - d)]

    def problem(self, values: Sequence[int]) -> str | None:
        for k, j in self._close():
            if self.band(values[k]) == self.band(values[j]):
                window = list(values[k : j + 1])
                return f"{self.name}: {window} hold two values of one third"
        return None

    def cnf(self, target: CnfTarget) -> None:
        """Cells at most two apart never both hold values of one third; cells three apart,
        when the encoding wants implied clauses, hold values of the same third."""
        cells, values = self.cells, range(1, target.size + 1)
        thirds = [[v for v in values if self.band(v) == b] for b in range(3)]
        for k, j in self._close():
            for third in thirds:
                for v in third:
                    for w in third:
                        target.clause(
                            [
                                negation(target.holds(cells[k], v)),
                                negation(target.holds(cells[j], w)),
                            ]
                        )
        if target.implied:
            for k in range(len(cells) - 3):
                for third in thirds:
                    for v in third:
                        target.clause(
                            [negation(target.holds(cells[k], v))]
                            + [target.holds(cells[k + 3], w) for w in third]
                        )

    def cpsat(self, target: CpTarget) -> None:
        values = range(1, target.size + 1)
        thirds = [[v for v in values if self.band(v) == b] for b in range(3)]
        for k, j in self._close():
            for third in thirds:
                target.model.add(
                    sum(target.is_value(self.cells[i], v) for i in (k, j) for v in third) <= 1
                )

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "entropic")
