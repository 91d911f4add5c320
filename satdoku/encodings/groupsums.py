"""The steps of a weighted sum: its cells, with the cells that share a unit (and a
coefficient) taken together as one step whose options are the totals they can make.

Cells of one unit hold different values, so three cells of a box on a little killer's
diagonal add up to 6..24 as a *set* of three values: a total of 24 means {7, 8, 9} and
nothing else. Each group gets the digit-set table of :mod:`satdoku.encodings.sums` with a
total left open (a selector per set of values, a presence variable per value), and a
variable per total the sets make; the sum is then layered over the groups' totals. A long
sum that leaves little slack (four parallel diagonals adding up to all but the last few of
what they can reach) then pins down each group's set, which cell-by-cell partial sums do not
see before the cells are placed.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from satdoku.encodings.reach import distinct_groups
from satdoku.encodings.sumcontext import SumContext
from satdoku.targets import LinearTerms, Term, negation

MAX_SETS = 300
"""A group whose values make more sets than this is summed cell by cell (a 16x16's eight
cells of one box make 12,870)."""

Step = list[tuple[int, Term]]
"""The weighted totals one step of a sum may add, each with the term that says it does."""


def sum_steps(context: SumContext, terms: LinearTerms) -> list[Step]:
    """The steps of sum(coefficient x value of cell), in the order of their first cells."""
    seen: dict[int, int] = {}
    for _, cell in terms:
        seen[cell] = seen.get(cell, 0) + 1
    by_coefficient: dict[int, list[int]] = {}
    for coefficient, cell in terms:
        if seen[cell] == 1 and context.candidates[cell]:
            by_coefficient.setdefault(coefficient, []).append(cell)
    units = [u.cells for u in context.puzzle.units]
    grouped: dict[int, tuple[int, list[int]]] = {}
    for coefficient, cells in by_coefficient.items():
        for group in distinct_groups(units, cells):
            if len(group) > 1 and _sets(context, group) is not None:
                grouped[min(group)] = (coefficient, group)
    taken = {c for _, group in grouped.values() for c in group}
    steps = []
    for coefficient, cell in terms:
        if cell in grouped:
            steps.append(_group_step(context, *grouped[cell]))
        elif cell not in taken:
            steps.append(context.weighted(coefficient, cell))
    return steps


def _sets(context: SumContext, cells: Sequence[int]) -> list[tuple[int, ...]] | None:
    """The sets of values (grid values) ``cells`` of one unit may hold; None when too many."""
    pool = sorted({v for c in cells for v in context.candidates[c]})
    count = 1
    for k in range(len(cells)):
        count = count * (len(pool) - k) // (k + 1)
    if count > MAX_SETS:
        return None
    return list(combinations(pool, len(cells)))


def _group_step(context: SumContext, coefficient: int, cells: list[int]) -> Step:
    """The totals of ``cells`` (all in one unit), each with a variable that says it is made."""
    sets = _sets(context, cells) or []
    context.one_value(cells)  # a set is read off the values present: one per cell
    holders: dict[int, list[Term]] = {}
    for c in cells:
        for value, lit in context.weighted(1, c):
            if lit is not False:
                holders.setdefault(value, []).append(lit)
    shift = context.puzzle.first - 1
    presence = {}
    for value, lits in holders.items():
        p = context.new_var()
        presence[value] = p
        context.clause([-p, *lits])
        for lit in lits:
            context.clause([negation(lit), p])
    selectors = [context.new_var() for _ in sets]
    context.clause(selectors)
    by_total: dict[int, list[int]] = {}
    by_value: dict[int, list[int]] = {value: [] for value in presence}
    for digits, y in zip(sets, selectors, strict=True):
        written = [v + shift for v in digits]
        for v in written:
            context.clause([-y, presence.get(v, False)])
            if v in by_value:
                by_value[v].append(y)
        by_total.setdefault(sum(written), []).append(y)
    for value, p in presence.items():
        context.clause([-p, *by_value[value]])
    step: Step = []
    for total, ys in sorted(by_total.items()):
        if len(ys) == 1:
            step.append((coefficient * total, ys[0]))
            continue
        t = context.new_var()
        context.clause([-t, *ys])
        for y in ys:
            context.clause([-y, t])
        step.append((coefficient * total, t))
    return step


def step_reach(steps: Sequence[Step]) -> list[tuple[int, int]]:
    """For each k from 0 to len(steps), the least and the most ``steps[k:]`` can add."""
    reach = [(0, 0)]
    for options in reversed(steps):
        least, most = reach[0]
        weights = [w for w, lit in options if lit is not False]
        if not weights:
            return [(1, 0)] * (len(steps) + 1)
        reach.insert(0, (least + min(weights), most + max(weights)))
    return reach
