"""Palindrome line: the values read the same from either end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, negation


@dataclass(frozen=True)
class Palindrome(Constraint):
    """The k-th of ``cells`` and the k-th from the end hold the same value.

    ISS: ``.Palindrome~R1C1~R1C2...``."""

    cells: tuple[int, ...]
    name: str = "palindrome"
    family: str = "palindrome"

    def _mirrored(self) -> list[tuple[int, int]]:
        """The pairs of cells equally far from either end (the centre cell of an odd line
        pairs with nothing)."""
        cells = self.cells
        return [(cells[k], cells[-1 - k]) for k in range(len(cells) // 2)]

    def problem(self, values: Sequence[int]) -> str | None:
        if list(values) == list(reversed(values)):
            return None
        return f"{self.name}: {list(values)} does not read the same backwards"

    def cnf(self, target: CnfTarget) -> None:
        """Each cell of a pair holds v only when the other does."""
        for a, b in self._mirrored():
            for v in target.digits:
                holds_a, holds_b = target.holds(a, v), target.holds(b, v)
                target.clause([negation(holds_a), holds_b])
                target.clause([negation(holds_b), holds_a])

    def cpsat(self, target: CpTarget) -> None:
        for a, b in self._mirrored():
            target.model.add(target.value(a) == target.value(b))

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "palindrome")
