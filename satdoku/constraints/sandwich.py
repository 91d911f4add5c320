"""Sandwich: along a row or column, the cells between the lowest and the largest value add up
to the clue."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, negation


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
        """The lowest and the highest digit somewhere on the line. For each place of the two:
        ruled out when no set of different values between them adds up to the total; else
        the cells between hold only values of such sets, hold every value all of them share,
        and, when more than one set remains, add up to the total."""
        digits, cells = target.digits, self.cells
        low, high = digits[0], digits[-1]
        target.clause([target.holds(c, low) for c in cells])
        target.clause([target.holds(c, high) for c in cells])
        fillings = _fillings(digits[1:-1], self.total, len(cells) - 2)
        for one, top in permutations(range(len(cells)), 2):
            first, last = sorted((one, top))
            between = cells[first + 1 : last]
            unless = [
                negation(target.holds(cells[one], low)),
                negation(target.holds(cells[top], high)),
            ]
            sets = fillings.get(len(between)) if fillings is not None else None
            if sets is None:  # too many values to list the sets
                target.linear(
                    [(1, c) for c in between], "==", self.total, [negation(t) for t in unless]
                )
                continue
            if not sets:
                target.clause(unless)
                continue
            inside = frozenset().union(*sets)
            for c in between:
                for v in digits:
                    if v not in inside:
                        target.clause([*unless, negation(target.holds(c, v))])
            for v in sorted(frozenset.intersection(*sets)):
                target.clause([*unless, *(target.holds(c, v) for c in between)])
            if len(sets) > 1:
                when = [negation(t) for t in unless]
                target.linear([(1, c) for c in between], "==", self.total, when)

    def cpsat(self, target: CpTarget) -> None:
        model, low, n, cells = target.model, target.digits[0], target.digits[-1], self.cells
        model.add_bool_or([target.is_value(c, low) for c in cells])
        model.add_bool_or([target.is_value(c, n) for c in cells])
        fillings = _fillings(target.digits[1:-1], self.total, len(cells) - 2)
        for one, top in permutations(range(len(cells)), 2):
            first, last = sorted((one, top))
            when = [target.is_value(cells[one], low), target.is_value(cells[top], n)]
            if fillings is not None and not fillings.get(last - first - 1):
                model.add_bool_or([~lit for lit in when])
            elif last - first > 1:
                filling = target.total_of(cells[first + 1 : last])
                model.add(filling == self.total).only_enforce_if(when)

    def draw(self, canvas: Canvas) -> None:
        canvas.outside(self.cells, str(self.total))


MAX_LISTED = 16
"""Above this many values between the lowest and the highest, fillings are not listed."""


def _fillings(middle: range, total: int, longest: int) -> dict[int, list[frozenset[int]]] | None:
    """For each count of cells up to ``longest``, the sets of that many different values of
    ``middle`` that add up to ``total`` (None when ``middle`` is too long to list them)."""
    if len(middle) > MAX_LISTED:
        return None
    return {
        k: [frozenset(c) for c in combinations(middle, k) if sum(c) == total]
        for k in range(max(0, longest) + 1)
    }
