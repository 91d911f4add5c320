"""Little killer: the cells along a diagonal, from a clue outside the grid, add up to it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget


@dataclass(frozen=True)
class LittleKiller(Constraint):
    """The values of ``cells``, a diagonal from the clue inwards, add up to ``total``; values
    may repeat.

    ISS: ``.LittleKiller~15~R1C2``; the argument is the total, then the first cell of the
    diagonal (the direction follows from the side of the grid it starts on)."""

    cells: tuple[int, ...]
    total: int
    name: str = "little killer"
    family: str = "little-killer"

    def problem(self, values: Sequence[int]) -> str | None:
        if sum(values) == self.total:
            return None
        return f"{self.name}: {list(values)} does not add up to {self.total}"

    def equation(self) -> tuple[list[tuple[int, int]], int]:
        return [(1, c) for c in self.cells], self.total

    def cnf(self, target: CnfTarget) -> None:
        terms, total = self.equation()
        target.linear(terms, "==", total)

    def cpsat(self, target: CpTarget) -> None:
        reach = len(self.cells) * target.size + 1
        total = max(min(self.total, reach), -1)
        target.model.add(target.total_of(self.cells) == total)

    def draw(self, canvas: Canvas) -> None:
        canvas.outside(self.cells, str(self.total))
