"""Thermometers: the values rise along the line from the bulb (its first cell), strictly on a
thermometer, or never fall on a slow thermometer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, negation


@dataclass(frozen=True)
class Thermometer(Constraint):
    """``cells`` from the bulb to the tip; each value is greater than the one before."""

    cells: tuple[int, ...]
    name: str = "thermometer"
    family: str = "thermometer"

    def problem(self, values: Sequence[int]) -> str | None:
        if all(a < b for a, b in pairwise(values)):
            return None
        return f"{self.name}: {list(values)} does not rise from the bulb"

    def cnf(self, target: CnfTarget) -> None:
        """The k-th cell (from 0) of a line of L cells holds one of the digits from the k-th
        lowest to the (L-k)-th highest; two neighbours never hold v then w <= v."""
        digits, length = target.digits, len(self.cells)
        for k, cell in enumerate(self.cells):
            for v in digits:
                if not digits[0] + k <= v <= digits[-1] - (length - 1 - k):
                    target.clause([negation(target.holds(cell, v))])
        for a, b in pairwise(self.cells):
            for v in digits:
                for w in range(digits.start, v + 1):
                    target.clause([negation(target.holds(a, v)), negation(target.holds(b, w))])

    def cpsat(self, target: CpTarget) -> None:
        for a, b in pairwise(self.cells):
            target.model.add(target.value(a) < target.value(b))

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "thermometer")


@dataclass(frozen=True)
class SlowThermometer(Constraint):
    """``cells`` from the bulb to the tip; no value is less than the one before.

    ISS has no type of its own for it: its recipes write one as a custom pairwise rule
    (``.Pair~key~name~R1C1~R1C2...``) with the condition ``a <= b``."""

    cells: tuple[int, ...]
    name: str = "slow thermometer"
    family: str = "slow-thermometer"

    def problem(self, values: Sequence[int]) -> str | None:
        if all(a <= b for a, b in pairwise(values)):
            return None
        return f"{self.name}: {list(values)} falls along the line"

    def cnf(self, target: CnfTarget) -> None:
        """Two neighbours never hold v then w < v."""
        digits = target.digits
        for a, b in pairwise(self.cells):
            for v in digits:
                for w in range(digits.start, v):
                    target.clause([negation(target.holds(a, v)), negation(target.holds(b, w))])

    def cpsat(self, target: CpTarget) -> None:
        for a, b in pairwise(self.cells):
            target.model.add(target.value(a) <= target.value(b))

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "slow-thermometer")
