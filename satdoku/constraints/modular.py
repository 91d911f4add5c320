"""Modular line: any ``modulus`` cells in a row along the line hold values of different
residues modulo ``modulus``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, negation


@dataclass(frozen=True)
class Modular(Constraint):
    """Cells fewer than ``modulus`` apart along ``cells`` hold values of different residues
    modulo ``modulus`` (with 3: one of 1 4 7, one of 2 5 8 and one of 3 6 9 in any three in a
    row); a line shorter than ``modulus`` keeps all its residues different.

    ISS: ``.Modular~3~R1C1~R1C2...``; the argument is the modulus (ISS always writes it; its
    editor offers 5)."""

    cells: tuple[int, ...]
    modulus: int = 3
    name: str = "modular line"
    family: str = "modular"

    def _close(self) -> list[tuple[int, int]]:
        """The positions k < j fewer than ``modulus`` apart."""
        n = len(self.cells)
        return [(k, j) for k in range(n) for j in range(k + 1, min(n, k + self.modulus))]

    def problem(self, values: Sequence[int]) -> str | None:
        for k, j in self._close():
            if values[k] % self.modulus == values[j] % self.modulus:
                window = list(values[k : j + 1])
                return f"{self.name}: {window} repeat a residue modulo {self.modulus}"
        return None

    def _residues(self, size: int) -> list[list[int]]:
        """The values 1..``size`` by their residue."""
        values = range(1, size + 1)
        return [[v for v in values if v % self.modulus == r] for r in range(self.modulus)]

    def cnf(self, target: CnfTarget) -> None:
        """Cells fewer than ``modulus`` apart never both hold values of one residue; cells
        ``modulus`` apart, when the encoding wants implied clauses, hold values of the same
        residue."""
        cells, residues = self.cells, self._residues(target.size)
        for k, j in self._close():
            for same in residues:
                for v in same:
                    for w in same:
                        target.clause(
                            [
                                negation(target.holds(cells[k], v)),
                                negation(target.holds(cells[j], w)),
                            ]
                        )
        if target.implied:
            for k in range(len(cells) - self.modulus):
                for same in residues:
                    for v in same:
                        target.clause(
                            [negation(target.holds(cells[k], v))]
                            + [target.holds(cells[k + self.modulus], w) for w in same]
                        )

    def cpsat(self, target: CpTarget) -> None:
        for k, j in self._close():
            for same in self._residues(target.size):
                target.model.add(
                    sum(target.is_value(self.cells[i], v) for i in (k, j) for v in same) <= 1
                )

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "modular")
