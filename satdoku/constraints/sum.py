"""Sum: the values of some cells add up to a total (killer cages, Kakuro runs)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget


@dataclass(frozen=True)
class Sum(Constraint):
    """The values of ``cells`` add up to ``total``."""

    cells: tuple[int, ...]
    total: int
    name: str = ""
    family: str = "sum"

    def problem(self, values: Sequence[int]) -> str | None:
        if sum(values) == self.total:
            return None
        return f"{self.name or 'sum'}: {list(values)} does not add up to {self.total}"

    def equation(self) -> tuple[list[tuple[int, int]], int]:
        return [(1, c) for c in self.cells], self.total

    def cnf(self, target: CnfTarget) -> None:
        target.total(self.cells, self.total, self.name)

    def cpsat(self, target: CpTarget) -> None:
        # a total beyond what the cells can reach stays beyond it, kept within 64 bits
        reach = len(self.cells) * target.size + 1
        target.model.add(sum(target.value(c) for c in self.cells) == min(self.total, reach))

    def draw(self, canvas: Canvas) -> None:
        canvas.total(self.cells, self.total)

    def needs(self, size: int) -> str:
        return "sum"
