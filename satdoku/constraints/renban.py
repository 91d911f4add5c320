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
        """Each value at most once; no two cells hold values as far apart as the length; one
        window of consecutive values (by its lowest value) is the line's: no cell holds a
        value outside it and every value inside it is on the line."""
        for lits in target.holders(self.cells).values():
            target.at_most_one(lits)
        digits, length = target.digits, len(self.cells)
        for a, b in combinations(self.cells, 2):
            for v in digits:
                for w in digits:
                    if abs(v - w) >= length:
                        target.clause([negation(target.holds(a, v)), negation(target.holds(b, w))])
        windows = [digits[k : k + length] for k in range(len(digits) - length + 1)]
        starts = [target.new_var() for _ in windows]
        target.at_least_one(starts)
        target.at_most_one(starts)
        for start, window in zip(starts, windows, strict=True):
            for v in digits:
                held = [target.holds(c, v) for c in self.cells]
                if v in window:
                    target.clause([-start, *held])
                else:
                    for lit in held:
                        target.clause([-start, negation(lit)])
        for v in sorted(set.intersection(*map(set, windows))) if windows else ():
            target.clause([target.holds(c, v) for c in self.cells])

    def cpsat(self, target: CpTarget) -> None:
        """All different, between a lowest value and that plus the length less one."""
        target.all_different(self.cells)
        digits, reach = target.digits, len(self.cells) - 1
        low = target.model.new_int_var(digits[0], max(digits[0], digits[-1] - reach), "")
        for c in self.cells:
            target.model.add(target.value(c) >= low)
            target.model.add(target.value(c) <= low + reach)

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "renban")

    def needs(self, size: int) -> str:
        return "unit" if len(self.cells) == size else "rule"
