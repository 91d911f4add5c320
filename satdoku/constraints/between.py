"""Between line: the values inside the line lie strictly between the values at its two ends."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, Term, negation


@dataclass(frozen=True)
class Between(Constraint):
    """Every cell of ``cells`` but the first and the last holds a value strictly between
    theirs, whichever end is the greater (a line of two cells says nothing).

    ISS: ``.Between~R1C1~R1C2...``."""

    cells: tuple[int, ...]
    name: str = "between line"
    family: str = "between"

    def problem(self, values: Sequence[int]) -> str | None:
        low, high = sorted((values[0], values[-1]))
        outside = [v for v in values[1:-1] if not low < v < high]
        if not outside:
            return None
        return f"{self.name}: {outside[0]} is not between {values[0]} and {values[-1]}"

    def cnf(self, target: CnfTarget) -> None:
        """With ``rising`` (the first end is the lower), first end < middle < last end;
        without it, last end < middle < first end: never v then w <= v along that order."""
        if len(self.cells) < 3:
            return
        first, last, middle = self.cells[0], self.cells[-1], self.cells[1:-1]
        rising = target.new_var()
        digits = target.digits

        def below(lower: int, upper: int, when: Term) -> None:
            for v in digits:
                for w in range(digits.start, v + 1):
                    target.clause(
                        [
                            negation(when),
                            negation(target.holds(lower, v)),
                            negation(target.holds(upper, w)),
                        ]
                    )

        for cell in middle:
            below(first, cell, rising)
            below(cell, last, rising)
            below(last, cell, -rising)
            below(cell, first, -rising)

    def cpsat(self, target: CpTarget) -> None:
        if len(self.cells) < 3:
            return
        model, value = target.model, target.value
        first, last = value(self.cells[0]), value(self.cells[-1])
        rising = model.new_bool_var("")
        for cell in self.cells[1:-1]:
            model.add(first < value(cell)).only_enforce_if(rising)
            model.add(value(cell) < last).only_enforce_if(rising)
            model.add(last < value(cell)).only_enforce_if(~rising)
            model.add(value(cell) < first).only_enforce_if(~rising)

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "between")
