"""Cage: cells that all differ and, when the cage has a total, add up to it (killer cages)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget


@dataclass(frozen=True)
class Cage(Constraint):
    """``cells`` take different values that add up to ``total`` (no sum when None).

    ISS: ``.Cage~10~R1C1~R1C2``; the argument is the total, empty for a cage without one."""

    cells: tuple[int, ...]
    total: int | None = None
    name: str = "cage"
    family: str = "cage"
    distinct: ClassVar[bool] = True

    def problem(self, values: Sequence[int]) -> str | None:
        if len(set(values)) != len(values):
            return f"{self.name}: repeated value in {list(values)}"
        if self.total is not None and sum(values) != self.total:
            return f"{self.name}: {list(values)} does not add up to {self.total}"
        return None

    def equation(self) -> tuple[list[tuple[int, int]], int] | None:
        return None if self.total is None else ([(1, c) for c in self.cells], self.total)

    def cnf(self, target: CnfTarget) -> None:
        """Each value at most once (at least once too in a full cage when the encoding wants
        implied clauses), and the encoding's sum method for the total."""
        every_value = target.implied and len(self.cells) == target.size
        for lits in target.holders(self.cells).values():
            target.at_most_one(lits)
            if every_value:
                target.at_least_one(lits)
        if self.total is not None:
            target.total(self.cells, self.total, self.name)

    def cpsat(self, target: CpTarget) -> None:
        target.all_different(self.cells)
        if self.total is not None:
            # a total beyond what the cells can reach stays beyond it, kept within 64 bits
            reach = len(self.cells) * target.size + 1
            total = max(min(self.total, reach), -1)
            target.model.add(sum(target.value(c) for c in self.cells) == total)

    def draw(self, canvas: Canvas) -> None:
        canvas.cage(self.cells, "" if self.total is None else str(self.total))

    def needs(self, size: int) -> str:
        if self.total is not None:
            return "sum"
        return "unit" if len(self.cells) == size else "partial-unit"
