"""Sums in the CNF, by a sum method (the ``sums`` option of an encoding; the registry is
:data:`satdoku.encodings.context.LINEAR_METHODS`).

* ``table`` (default): a sum whose cells all differ (a killer cage, a Kakuro run) by its
  digit-set table, below; any other weighted sum (arrows, little killers, sandwiches, ...)
  by layered partial sums (:meth:`satdoku.encodings.context.CnfContext.linear`), which also
  take a distinct sum whose table is too large to list.
* ``pb``: every sum as one pseudo-Boolean constraint through python-sat's ``pysat.pb``
  (:mod:`satdoku.encodings.pbsum`), which needs the ``pindakaas`` package (the ``pb`` extra).
* ``tree``: every sum as a totalizer over its terms, the partial sums of halves merged up a
  balanced tree (:mod:`satdoku.encodings.sumtree`).

The table of a sum of ``k`` cells that all differ lists the *sets* of ``k`` distinct values
adding up to the total (e.g. 3 cells, sum 7: {1, 2, 4} only). Values in no set are ruled out
at once; otherwise a selector y(S) per set, a presence variable p(v) per value (p(v) <-> some
cell of the sum holds v), "one of the sets" and y(S) -> p(v) for v in S, p(v) -> some y(S)
holding v. Unit propagation then does what a Kakuro solver's "combination table" does by
hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from satdoku.encodings.cardinality import at_least_one
from satdoku.encodings.formula import Formula
from satdoku.model import Puzzle

MAX_TABLE = 5000
"""Beyond this many digit sets, a sum is not encoded by its table."""


def encode_table(
    formula: Formula,
    puzzle: Puzzle,
    cells: Sequence[int],
    total: int,
    candidates: Sequence[Sequence[int]],
) -> bool:
    """Add "the values of ``cells`` (grid values) add up to ``total``" by the digit-set
    table; False (nothing added) when no AllDifferent covers ``cells`` or the table has more
    than :data:`MAX_TABLE` sets."""
    if not _is_unit(puzzle, cells):
        return False
    givens = puzzle.givens
    free = [c for c in cells if candidates[c]]
    total -= sum(givens[c] for c in cells if not candidates[c])
    used = {givens[c] for c in cells if not candidates[c]}
    sets = _digit_sets(free, candidates, total, used)
    if sets is None:
        return False
    _encode_table(formula, free, candidates, sets)
    return True


def _is_unit(puzzle: Puzzle, cells: Sequence[int]) -> bool:
    """True when an AllDifferent constraint covers every cell of ``cells``."""
    wanted = set(cells)
    return any(wanted <= set(unit.cells) for unit in puzzle.units)


def _digit_sets(
    cells: Sequence[int], candidates: Sequence[Sequence[int]], total: int, used: set[int]
) -> list[tuple[int, ...]] | None:
    """The sets of ``len(cells)`` distinct values (none in ``used``) adding up to ``total``;
    None when there are more than :data:`MAX_TABLE`."""
    pool = sorted({v for c in cells for v in candidates[c]} - used)
    sets: list[tuple[int, ...]] = []
    for combo in combinations(pool, len(cells)):
        if sum(combo) == total:
            sets.append(combo)
            if len(sets) > MAX_TABLE:
                return None
    return sets


def _encode_table(
    formula: Formula,
    cells: Sequence[int],
    candidates: Sequence[Sequence[int]],
    sets: list[tuple[int, ...]],
) -> None:
    var = formula.varmap.var
    clauses = formula.clauses
    if not cells:
        if not sets:
            clauses.append([])
        return
    possible = {v for s in sets for v in s}
    holders = {v: [var(c, v) for c in cells if v in candidates[c]] for v in possible}
    for c in cells:
        clauses.extend([-var(c, v)] for v in candidates[c] if v not in possible)
    if not sets:
        clauses.append([])
        return
    if len(sets) == 1:
        for v in sets[0]:
            at_least_one(formula, holders[v])
        return
    presence = {}
    for v, lits in holders.items():
        p = formula.new_var()
        presence[v] = p
        clauses.append([-p, *lits])
        clauses.extend([-lit, p] for lit in lits)
    selectors = [formula.new_var() for _ in sets]
    at_least_one(formula, selectors)
    for y, digits in zip(selectors, sets, strict=False):
        clauses.extend([-y, presence[v]] for v in digits)
    for v, p in presence.items():
        clauses.append(
            [-p, *(y for y, digits in zip(selectors, sets, strict=False) if v in digits)]
        )
