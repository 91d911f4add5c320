"""Renban line: the values along the line all differ and form a run of consecutive values,
in any order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, negation


@dataclass(frozen=True)
class Renban(Constraint):
    """The values of ``cells`` all differ and are consecutive: any two differ by less than
    the length of the line.

    ISS: ``.Renban~R1C1~R1C2...``."""

    cells: tuple[int, ...]
    name: str = "renban"
    family: str = "renban"
    distinct: ClassVar[bool] = True

    def problem(self, values: Sequence[int]) -> str | None:
        if len(set(values)) < len(values):
            return f"{self.name}: repeated value in {list(values)}"
        if max(values) - min(values) >= len(values):
            return f"{self.name}: {sorted(values)} are not consecutive"
        return None

    def cnf(self, target: CnfTarget) -> None:
        """Each value at most once; no two cells hold values as far apart as the length."""
        for lits in target.holders(self.cells).values():
            target.at_most_one(lits)
        digits, length = target.digits, len(self.cells)
        for a, b in combinations(self.cells, 2):
            for v in digits:
                for w in digits:
                    if abs(v - w) >= length:
                        target.clause([negation(target.holds(a, v)), negation(target.holds(b, w))])

    def cpsat(self, target: CpTarget) -> None:
        target.all_different(self.cells)
        reach = len(self.cells) - 1
        for a, b in combinations(self.cells, 2):
            target.model.add(target.value(a) - target.value(b) <= reach)
            target.model.add(target.value(b) - target.value(a) <= reach)

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "renban")

    def needs(self, size: int) -> str:
        return "unit" if len(self.cells) == size else "rule"
