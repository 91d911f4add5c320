"""Equations that two of a puzzle's equations imply: where two arrows (or sums) share most of
their cells with the same coefficients, their difference is an equation over the few cells
that differ. Eight pill arrows whose shafts share the grid's outer ring say, two by two, that
the difference of their pills is the difference of a few shaft cells, which no single arrow
shows. The differences are added to the encoding as redundant equations: they hold in every
solution, so the answers are the same, found sooner.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from satdoku.model import Puzzle

SHARED = 6
"""How many terms two equations must share (same cell, same coefficient) to be subtracted."""

Equation = tuple[dict[int, int], int]
"""Coefficient by cell, and the constant."""


def equation_differences(puzzle: Puzzle) -> list[tuple[list[tuple[int, int]], int]]:
    """The (terms, constant) of the difference of each two equations of ``puzzle`` that
    share at least :data:`SHARED` terms, when it has fewer terms than either."""
    equations: list[Equation] = []
    for constraint in puzzle.constraints:
        found = constraint.equation()
        if found is not None:
            terms, constant = found
            coefficients: dict[int, int] = {}
            for coefficient, cell in terms:
                coefficients[cell] = coefficients.get(cell, 0) + coefficient
            equations.append((coefficients, constant))
    equations = [e for e in equations if len(e[0]) >= SHARED]
    by_term: dict[tuple[int, int], list[int]] = {}
    for i, (coefficients, _) in enumerate(equations):
        for term in coefficients.items():
            by_term.setdefault(term, []).append(i)
    shared: Counter[tuple[int, int]] = Counter()
    for holders in by_term.values():
        shared.update(combinations(holders, 2))
    made = []
    for (i, j), count in sorted(shared.items()):
        if count < SHARED:
            continue
        (a, ca), (b, cb) = equations[i], equations[j]
        difference = {c: a.get(c, 0) - b.get(c, 0) for c in a.keys() | b.keys()}
        terms = sorted((k, c) for c, k in difference.items() if k)
        if terms and len(terms) <= min(len(a), len(b)) // 2:
            made.append(([(k, c) for k, c in sorted(terms, key=lambda t: t[1])], ca - cb))
    return made
