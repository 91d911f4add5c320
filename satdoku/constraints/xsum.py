"""X-sum: the first X cells of a row or column, from the clue, add up to it, X being the
value of the first cell."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, negation


@dataclass(frozen=True)
class XSum(Constraint):
    """``cells`` from the clue inwards; the first X of them add up to ``total``, X being the
    value of the first (which counts in the sum).

    ISS: ``.XSum~R1~12~20``; the arguments are the row or column, then the clue seen from its
    start (left or top) and the clue seen from its end, either one empty."""

    cells: tuple[int, ...]
    total: int
    name: str = "x-sum"
    family: str = "x-sum"

    def problem(self, values: Sequence[int]) -> str | None:
        x = values[0]
        if x > len(values):
            return f"{self.name}: the first value {x} is beyond the {len(values)} cells"
        if sum(values[:x]) == self.total:
            return None
        return f"{self.name}: the first {x} of {list(values)} do not add up to {self.total}"

    def cnf(self, target: CnfTarget) -> None:
        """For each value x of the first cell, the x-1 cells after it add up to total - x
        (a first value 0 sums no cell)."""
        first, rest = self.cells[0], self.cells[1:]
        for x in target.digits:
            holds = target.holds(first, x)
            if x > len(self.cells) or (x < 1 and self.total != 0):
                target.clause([negation(holds)])
            elif x < 1:
                continue
            else:
                terms = [(1, c) for c in rest[: x - 1]]
                target.linear(terms, "==", self.total - x, [holds])

    def cpsat(self, target: CpTarget) -> None:
        model, first, rest = target.model, self.cells[0], self.cells[1:]
        for x in target.digits:
            holds = target.is_value(first, x)
            if x > len(self.cells) or (x == 1 and self.total != 1) or (x < 1 and self.total):
                model.add_bool_or([~holds])
            elif x > 1:
                part = target.total_of(rest[: x - 1])
                model.add(part == self.total - x).only_enforce_if(holds)

    def draw(self, canvas: Canvas) -> None:
        canvas.outside(self.cells, str(self.total))
