"""At-most-one and at-least-one constraints on a formula, by any of python-sat's encodings
or by the bimander encoding.

``pairwise`` says "not both" for every pair: n(n-1)/2 binary clauses and no new variable,
the fastest to propagate and the biggest (a 225x225 grid's units: 7.3 M clauses).
``bimander`` (Nguyen and Mai, 2015) splits the literals into pairs, says "not both" within
each pair, and gives each pair a number in ceil(log2(n/2)) new variables that each of its
literals implies: about n log2(n) binary clauses. ``compact`` is pairwise up to
:data:`COMPACT_PAIRWISE` literals and bimander above, so a big grid's long units shrink and
the many short ones keep their direct clauses.
"""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.encodings.formula import Formula
from satdoku.errors import UsageError

AMO_METHODS = (
    "pairwise",
    "seqcounter",
    "ladder",
    "bitwise",
    "totalizer",
    "sortnetwrk",
    "cardnetwrk",
    "mtotalizer",
    "kmtotalizer",
    "native",
    "bimander",
    "compact",
)
COMPACT_PAIRWISE = 12
"""The longest at-most-one that ``compact`` writes pairwise (66 clauses; bimander: 42)."""


def at_most_one(formula: Formula, lits: Sequence[int], method: str = "pairwise") -> None:
    """Add "at most one of ``lits`` is true" to ``formula`` by ``method``."""
    if len(lits) < 2:
        return
    if method == "compact":
        method = "pairwise" if len(lits) <= COMPACT_PAIRWISE else "bimander"
    if method == "pairwise":
        _pairwise(formula.clauses, [-a for a in lits])
    elif method == "bimander":
        _bimander(formula, lits)
    elif method == "native":
        formula.atmosts.append((list(lits), 1))
    else:
        from pysat.card import CardEnc, EncType

        if method not in AMO_METHODS:
            raise UsageError(
                f"unknown at-most-one method {method!r}; choose from {', '.join(AMO_METHODS)}"
            )
        cnf = CardEnc.atmost(
            lits=list(lits), bound=1, top_id=formula.nvars, encoding=getattr(EncType, method)
        )
        formula.clauses.extend(cnf.clauses)
        formula.nvars = max(formula.nvars, cnf.nv)


def _pairwise(clauses: list[list[int]], negated: list[int]) -> None:
    """Not both, for every pair of the literals whose negations are ``negated``. The clauses
    share the negated literals' int objects: 7.3 M clauses hold 14.6 M references to a few
    hundred thousand ints, not 14.6 M ints of their own (about 470 MB)."""
    for i, a in enumerate(negated):
        for b in negated[i + 1 :]:
            clauses.append([a, b])


def _bimander(formula: Formula, lits: Sequence[int]) -> None:
    """The bimander at-most-one with groups of two: pair k = (lits[2k], lits[2k+1]) says
    "not both", and each of its literals implies the binary number k in new bit variables,
    so two literals of different pairs imply different numbers and cannot both hold."""
    negated = [-a for a in lits]
    npairs = (len(lits) + 1) // 2
    bits = [formula.new_var() for _ in range((npairs - 1).bit_length())]
    ones = bits
    zeros = [-b for b in bits]
    clauses = formula.clauses
    for k in range(npairs):
        pair = negated[2 * k : 2 * k + 2]
        if len(pair) == 2:
            clauses.append(list(pair))
        number = [
            one if k >> j & 1 else zero
            for j, (one, zero) in enumerate(zip(ones, zeros, strict=True))
        ]
        for not_lit in pair:
            for bit in number:
                clauses.append([not_lit, bit])


def at_least_one(formula: Formula, lits: Sequence[int]) -> None:
    """Add the clause "one of ``lits`` is true" (the empty clause when there are none)."""
    formula.clauses.append(list(lits))
