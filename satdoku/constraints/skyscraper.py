"""Skyscraper: seen from the clue, the number of cells taller than every cell before them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, Term, negation


def _seen(values: Sequence[int]) -> int:
    """How many values are greater than every value before them and than 0 (a building of
    height 0, in a grid of values from 0, is not seen)."""
    tallest, seen = 0, 0
    for value in values:
        if value > tallest:
            tallest, seen = value, seen + 1
    return seen


@dataclass(frozen=True)
class Skyscraper(Constraint):
    """``cells`` from the clue inwards; ``visible`` of them are taller (hold a greater value)
    than all the cells before them.

    ISS: ``.Skyscraper~C3~2~4``; the arguments are the row or column, then the clue seen from
    its start (top or left) and the clue seen from its end, either one empty."""

    cells: tuple[int, ...]
    visible: int
    name: str = "skyscraper"
    family: str = "skyscraper"

    def problem(self, values: Sequence[int]) -> str | None:
        seen = _seen(values)
        if seen == self.visible:
            return None
        return f"{self.name}: {seen} visible in {list(values)}, not {self.visible}"

    def cnf(self, target: CnfTarget) -> None:
        """A literal per cell, true when it is taller than all before it and than 0; a count
        of those literals from the clue inwards (each count reached implies the next), the counts
        other than ``visible`` at the end ruled out."""
        digits = target.digits
        counts: dict[int, Term] = {0: True}
        for k, cell in enumerate(self.cells):
            seen = target.new_var()
            for v in digits:
                here = negation(target.holds(cell, v))
                if v <= 0:
                    target.clause([here, -seen])
                    continue
                taller = [target.holds(c, w) for c in self.cells[:k] for w in digits if w >= v]
                target.clause([here, seen, *taller])
                for lit in taller:
                    target.clause([here, -seen, negation(lit)])
            after: dict[int, Term] = {}
            for count, before in counts.items():
                for step, lit in ((0, -seen), (1, seen)):
                    if count + step not in after:
                        after[count + step] = target.new_var()
                    target.clause([negation(before), -lit, after[count + step]])
            counts = after
        for count, reached in counts.items():
            if count != self.visible:
                target.clause([negation(reached)])

    def cpsat(self, target: CpTarget) -> None:
        model, digits = target.model, target.digits
        seen = []
        tallest: Any = 0
        for cell in self.cells:
            value = target.value(cell)
            lit = model.new_bool_var("")
            model.add(value > tallest).only_enforce_if(lit)
            model.add(value <= tallest).only_enforce_if(~lit)
            seen.append(lit)
            top = model.new_int_var(max(0, digits[0]), digits[-1], "")
            model.add_max_equality(top, [value, tallest])
            tallest = top
        model.add(sum(seen) == self.visible)

    def draw(self, canvas: Canvas) -> None:
        canvas.outside(self.cells, str(self.visible))
