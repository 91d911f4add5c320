"""Lockout line: its two ends differ by at least a given difference, and the values inside the
line lie outside the range the ends close."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, negation


@dataclass(frozen=True)
class Lockout(Constraint):
    """The first and last of ``cells`` differ by at least ``difference``; every cell between
    them holds a value below the lower end or above the higher one.

    ISS: ``.Lockout~4~R1C1~R1C2...``; the argument is the least difference of the ends (4 in
    its editor)."""

    cells: tuple[int, ...]
    difference: int = 4
    name: str = "lockout line"
    family: str = "lockout"

    def problem(self, values: Sequence[int]) -> str | None:
        first, last = values[0], values[-1]
        if abs(first - last) < self.difference:
            return f"{self.name}: ends {first} and {last} differ by less than {self.difference}"
        low, high = sorted((first, last))
        inside = [v for v in values[1:-1] if low <= v <= high]
        if not inside:
            return None
        return f"{self.name}: {inside[0]} is locked out by {first} and {last}"

    def cnf(self, target: CnfTarget) -> None:
        """The ends never hold values closer than the difference; ends v and w leave no cell
        between them a value in min(v, w)..max(v, w)."""
        first, last, middle = self.cells[0], self.cells[-1], self.cells[1:-1]
        digits = target.digits
        for v in digits:
            for w in digits:
                ends = [negation(target.holds(first, v)), negation(target.holds(last, w))]
                if abs(v - w) < self.difference:
                    target.clause(ends)
                    continue
                for cell in middle:
                    for x in range(min(v, w), max(v, w) + 1):
                        target.clause([*ends, negation(target.holds(cell, x))])

    def cpsat(self, target: CpTarget) -> None:
        model, value, n = target.model, target.value, target.size
        first, last = value(self.cells[0]), value(self.cells[-1])
        gap = model.new_int_var(0, n, "")
        model.add_abs_equality(gap, first - last)
        model.add(gap >= self.difference)
        if len(self.cells) < 3:
            return
        lowest, highest = target.digits[0], target.digits[-1]
        low = model.new_int_var(lowest, highest, "")
        high = model.new_int_var(lowest, highest, "")
        model.add_min_equality(low, [first, last])
        model.add_max_equality(high, [first, last])
        for cell in self.cells[1:-1]:
            below = model.new_bool_var("")
            model.add(value(cell) < low).only_enforce_if(below)
            model.add(value(cell) > high).only_enforce_if(~below)

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "lockout")
