"""Sandwich: along a row or column, the cells between the lowest and the largest value add up
to the clue."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget


@dataclass(frozen=True)
class Sandwich(Constraint):
    """``cells``, a row or column, hold the lowest value (1, or 0 in a grid of values from 0)
    and the largest; the cells strictly between them add up to ``total`` (0 when they are
    neighbours).

    ISS: ``.Sandwich~10~R1``; the argument is the total, then the row or column (clues sit on
    the top or the left)."""

    cells: tuple[int, ...]
    total: int
    name: str = "sandwich"
    family: str = "sandwich"

    def problem(self, values: Sequence[int]) -> str | None:
        if len(set(values)) < 2:
            return f"{self.name}: {list(values)} holds no two values to sandwich"
        lowest, largest = min(values), max(values)
        first, last = sorted((values.index(lowest), values.index(largest)))
        filling = sum(values[first + 1 : last])
        if filling == self.total:
            return None
        return (
            f"{self.name}: {filling} between {lowest} and {largest} in {list(values)},"
            f" not {self.total}"
        )

    def cnf(self, target: CnfTarget) -> None:
        """The lowest and the highest digit somewhere on the line; for each place of the two,
        the sum of the cells between them."""
        low, n, cells = target.digits[0], target.digits[-1], self.cells
        target.clause([target.holds(c, low) for c in cells])
        target.clause([target.holds(c, n) for c in cells])
        for one, top in permutations(range(len(cells)), 2):
            first, last = sorted((one, top))
            between = [(1, c) for c in cells[first + 1 : last]]
            when = [target.holds(cells[one], low), target.holds(cells[top], n)]
            target.linear(between, "==", self.total, when)

    def cpsat(self, target: CpTarget) -> None:
        model, low, n, cells = target.model, target.digits[0], target.digits[-1], self.cells
        model.add_bool_or([target.is_value(c, low) for c in cells])
        model.add_bool_or([target.is_value(c, n) for c in cells])
        for one, top in permutations(range(len(cells)), 2):
            first, last = sorted((one, top))
            when = [target.is_value(cells[one], low), target.is_value(cells[top], n)]
            if last - first > 1:
                filling = target.total_of(cells[first + 1 : last])
                model.add(filling == self.total).only_enforce_if(when)
            elif self.total != 0:  # neighbours sandwich nothing
                model.add_bool_or([~lit for lit in when])

    def draw(self, canvas: Canvas) -> None:
        canvas.outside(self.cells, str(self.total))
