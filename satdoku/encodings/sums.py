"""CNF for :class:`~satdoku.constraints.Sum` constraints (Kakuro runs, killer cages), two ways.

* ``table`` (default): the digit sets that reach the sum. When the sum's cells also form an
  AllDifferent unit, their values are a *set* of ``k`` distinct values adding up to the
  total: the table lists those sets (e.g. 3 cells, sum 7: {1, 2, 4} only). Values in no set
  are ruled out at once; otherwise a selector y(S) per set, a presence variable p(v) per value
  (p(v) <-> some cell of the sum holds v), "one of the sets" and y(S) -> p(v) for v in S,
  p(v) -> some y(S) holding v. Unit propagation then does what a Kakuro solver's "combination
  table" does by hand.
* ``pb``: a pseudo-Boolean equality sum(v * x(c, v)) = total through python-sat's
  ``pysat.pb``, which needs the ``pindakaas`` package (the ``pb`` extra of satdoku); used also
  for sums whose cells may repeat a value, and for tables too large to list.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from satdoku.encodings.cardinality import at_least_one
from satdoku.encodings.formula import Formula
from satdoku.errors import UsageError
from satdoku.extras import require
from satdoku.model import Puzzle

SUM_METHODS = ("table", "pb")
MAX_TABLE = 5000
"""Beyond this many digit sets, a sum is encoded as a pseudo-Boolean constraint."""


def encode_sum(
    formula: Formula,
    puzzle: Puzzle,
    cells: Sequence[int],
    total: int,
    name: str,
    candidates: Sequence[Sequence[int]],
    method: str = "table",
) -> None:
    """Add "the values of ``cells`` add up to ``total``" (a sum called ``name``) to
    ``formula`` by ``method`` (``table`` or ``pb``).

    Raises:
        UsageError: an unknown method, or a sum to encode by ``pb`` without pindakaas.
    """
    if method not in SUM_METHODS:
        raise UsageError(f"unknown sum encoding {method!r}; choose from {', '.join(SUM_METHODS)}")
    givens = puzzle.givens
    free = [c for c in cells if candidates[c]]
    total -= sum(givens[c] for c in cells if not candidates[c])
    distinct = _is_unit(puzzle, cells)
    if method == "table" and distinct:
        used = {givens[c] for c in cells if not candidates[c]}
        sets = _digit_sets(free, candidates, total, used)
        if sets is not None:
            _encode_table(formula, free, candidates, sets)
            return
    if method == "pb":
        what = "the pb sum encoding"
    else:
        why = f"over {MAX_TABLE} digit sets" if distinct else "its cells may repeat a value"
        what = f"the pb encoding of {name or 'a sum'} ({why})"
    _encode_pb(formula, free, candidates, total, what)


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


def _encode_pb(
    formula: Formula,
    cells: Sequence[int],
    candidates: Sequence[Sequence[int]],
    total: int,
    what: str,
) -> None:
    """The pseudo-Boolean equality; ``what`` names it in the error when pindakaas is absent."""
    var = formula.varmap.var
    lits = [var(c, v) for c in cells for v in candidates[c]]
    weights = [v for c in cells for v in candidates[c]]
    if not lits:
        if total != 0:
            formula.clauses.append([])
        return
    if total < 0 or total > sum(max(candidates[c]) for c in cells):
        formula.clauses.append([])
        return
    require("pindakaas", "pb", what)  # pysat.pb imports without it, then fails on first use
    from pysat.pb import EncType, PBEnc

    cnf = PBEnc.equals(
        lits=lits, weights=weights, bound=total, top_id=formula.nvars, encoding=EncType.best
    )
    formula.clauses.extend(cnf.clauses)
    formula.nvars = max(formula.nvars, cnf.nv)
