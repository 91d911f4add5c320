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
        """From the clue inwards: the tallest so far in order form (``tallest[v]``: a cell so
        far holds v or more), a literal per cell that it is taller than the tallest before
        it, and a running count of those literals ("at least j seen so far") tied both ways,
        so that the clue propagates from either end; the count past ``visible`` is ruled out
        at the end and ``visible`` itself required."""
        heights = [v for v in target.digits if v > 0]
        tallest: dict[int, Term] = dict.fromkeys(heights, False)
        at_least: dict[int, Term] = {0: True}
        for k, cell in enumerate(self.cells):
            holds = {v: target.holds(cell, v) for v in target.digits}
            seen = target.new_var()
            for v, lit in holds.items():
                if v <= 0:
                    target.clause([negation(lit), -seen])
                else:
                    target.clause([negation(lit), tallest[v], seen])
                    target.clause([negation(lit), negation(tallest[v]), -seen])
            if k + 1 < len(self.cells):
                tallest = _taller(target, tallest, holds)
            at_least = _count(target, at_least, seen, self.visible + 1)
        target.clause([at_least.get(self.visible, False)])
        target.clause([negation(at_least.get(self.visible + 1, False))])

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


def _taller(target: CnfTarget, tallest: dict[int, Term], holds: dict[int, Term]) -> dict[int, Term]:
    """The tallest so far once one more cell (holding one of ``holds``) is taken in:
    v or more is reached when it was before or when the cell holds v or more."""
    after: dict[int, Term] = {}
    for v, before in tallest.items():
        reached = target.new_var()
        above = [lit for w, lit in holds.items() if w >= v]
        target.clause([negation(before), reached])
        for lit in above:
            target.clause([negation(lit), reached])
        target.clause([-reached, before, *above])
        if after:
            target.clause([-reached, after[v - 1]])
        after[v] = reached
    return after


def _count(target: CnfTarget, at_least: dict[int, Term], seen: int, cap: int) -> dict[int, Term]:
    """The literals "at least j seen" once one more cell (seen when ``seen``) is taken in,
    for j up to ``cap``: j before, or j - 1 before and this one."""
    after: dict[int, Term] = {0: True}
    for j in range(1, min(len(at_least), cap) + 1):
        before, short = at_least.get(j, False), at_least[j - 1]
        now = target.new_var()
        target.clause([negation(before), now])
        target.clause([negation(short), -seen, now])
        target.clause([-now, before, seen])
        target.clause([-now, short])
        target.clause([-now, after[j - 1]])
        after[j] = now
    return after
