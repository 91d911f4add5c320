"""At-most-one and at-least-one constraints on a formula, by any of python-sat's encodings."""

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
)


def at_most_one(formula: Formula, lits: Sequence[int], method: str = "pairwise") -> None:
    """Add "at most one of ``lits`` is true" to ``formula`` by ``method``."""
    if len(lits) < 2:
        return
    if method == "pairwise":
        clauses = formula.clauses
        for i, a in enumerate(lits):
            for b in lits[i + 1 :]:
                clauses.append([-a, -b])
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


def at_least_one(formula: Formula, lits: Sequence[int]) -> None:
    """Add the clause "one of ``lits`` is true" (the empty clause when there are none)."""
    formula.clauses.append(list(lits))
