"""A weighted sum as one pseudo-Boolean constraint, through python-sat's ``pysat.pb`` (the
encoders of the ``pindakaas`` package, the ``pb`` extra; ``EncType.best``, a generalized
totalizer for weighted sums).

Each term (coefficient x value of a cell) becomes the cell's literals x(cell, v) weighted
coefficient x v, less the term's least weight (a cell holds one value, so the least weight is
a constant moved to the other side): the weights are then all at least zero, as ``pysat.pb``
wants them. A condition (``when``) becomes the encoder's conditional literals; ``!=`` is
"less" or "more", chosen by a fresh variable.
"""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.encodings.comparison import may_hold, must_hold
from satdoku.encodings.sumcontext import SumContext
from satdoku.extras import require
from satdoku.targets import LinearTerms, Term, negation

BOUNDS = {
    "<=": ("leq", 0),
    "<": ("leq", -1),
    ">=": ("geq", 0),
    ">": ("geq", 1),
    "==": ("equals", 0),
}
"""How ``pysat.pb`` takes each comparison: its method and what to add to the constant."""


def encode_pb(
    context: SumContext, terms: LinearTerms, op: str, constant: int, when: Sequence[Term]
) -> None:
    """Add sum(coefficient x value of cell) ``op`` ``constant``, when every ``when`` term
    holds, to ``context``'s formula.

    Raises:
        UsageError: pindakaas is not installed (only when the sum needs an encoder).
    """
    if any(t is False for t in when):
        return
    conditions = [t for t in when if not isinstance(t, bool)]
    weights: dict[int, int] = {}
    most = 0
    for coefficient, cell in terms:
        options = context.weighted(coefficient, cell)
        least = min(w for w, _ in options)
        constant -= least
        most += max(w for w, _ in options) - least
        for weight, lit in options:
            if weight > least and not isinstance(lit, bool):
                weights[lit] = weights.get(lit, 0) + weight - least
    context.one_value([cell for _, cell in terms])
    if not may_hold(op, 0, most, constant):
        context.clause([negation(t) for t in conditions])
        return
    if must_hold(op, 0, most, constant):
        return
    require_pindakaas()
    branches = [op] if op != "!=" else [o for o in ("<", ">") if may_hold(o, 0, most, constant)]
    if len(branches) == 1:
        _post(context, weights, branches[0], constant, conditions)
        return
    side = context.new_var()
    _post(context, weights, "<", constant, [*conditions, side])
    _post(context, weights, ">", constant, [*conditions, -side])


def require_pindakaas() -> None:
    """Raise :class:`UsageError` (naming the ``pb`` extra) when pindakaas is not installed,
    before ``pysat.pb`` stops on an assertion."""
    require("pindakaas", "pb", "the pb sum encoding")


def _post(
    context: SumContext, weights: dict[int, int], op: str, constant: int, conditions: list[int]
) -> None:
    from pysat.pb import EncType, PBEnc

    method, shift = BOUNDS[op]
    formula = context.formula
    cnf = getattr(PBEnc, method)(
        lits=list(weights),
        weights=list(weights.values()),
        bound=constant + shift,
        top_id=formula.nvars,
        encoding=EncType.best,
        conditionals=conditions,
    )
    formula.clauses.extend(cnf.clauses)
    formula.nvars = max(formula.nvars, cnf.nv)
