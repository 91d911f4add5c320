"""Whisper line: neighbours along the line differ by at least a given difference."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, negation


@dataclass(frozen=True)
class Whisper(Constraint):
    """Each two neighbours along ``cells`` differ by at least ``difference``.

    ISS: ``.Whisper~5~R1C1~R1C2...``; the argument is the least difference, 5 when absent
    (a German whisper)."""

    cells: tuple[int, ...]
    difference: int = 5
    name: str = "whisper"
    family: str = "whisper"

    def problem(self, values: Sequence[int]) -> str | None:
        close = [(a, b) for a, b in pairwise(values) if abs(a - b) < self.difference]
        if not close:
            return None
        a, b = close[0]
        return f"{self.name}: {a} and {b} differ by less than {self.difference}"

    def cnf(self, target: CnfTarget) -> None:
        """Two neighbours never hold values closer than the difference."""
        digits = target.digits
        for a, b in pairwise(self.cells):
            for v in digits:
                for w in digits:
                    if abs(v - w) < self.difference:
                        target.clause([negation(target.holds(a, v)), negation(target.holds(b, w))])

    def cpsat(self, target: CpTarget) -> None:
        model = target.model
        for a, b in pairwise(self.cells):
            gap = model.new_int_var(0, target.size, "")
            model.add_abs_equality(gap, target.value(a) - target.value(b))
            model.add(gap >= self.difference)

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "whisper")
