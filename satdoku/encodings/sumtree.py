"""A weighted sum as a totalizer: a balanced tree over its terms, each node a unary sum of its
terms, a variable per total they can make ("these terms add up to s"). A leaf is a term, whose
totals are its cell's literals; a node's total follows from a total of each child and implies
one of each, and some total of the node holds. A node total from which the other terms cannot
reach the comparison (:mod:`satdoku.encodings.reach`) is ruled out, and at the root every pair
of child totals that fails it. Where the layered partial sums grow one term at a time, the
tree joins halves, so every cell is a few merges from the root."""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.encodings.comparison import COMPARE, may_hold
from satdoku.encodings.reach import Reach, suffix_reach
from satdoku.encodings.sumcontext import SumContext
from satdoku.targets import LinearTerms, Term, negation

Totals = dict[int, Term]
"""What a node's terms may add up to, each with the term that says they do."""


def encode_tree(
    context: SumContext, terms: LinearTerms, op: str, constant: int, when: Sequence[Term]
) -> None:
    """Add sum(coefficient x value of cell) ``op`` ``constant``, when every ``when`` term
    holds, to ``context``'s formula."""
    guard = [negation(t) for t in when]
    if any(t is True for t in guard):
        return
    terms = [(coefficient, cell) for coefficient, cell in terms if coefficient]
    if not terms:
        if not COMPARE[op](0, constant):
            context.clause(guard)
        return
    Tree(context, terms, op, constant, guard).node(0, len(terms))


class Tree:
    """One sum being encoded: its terms, the comparison and the reach of every run of
    terms before and after a node."""

    def __init__(
        self,
        context: SumContext,
        terms: LinearTerms,
        op: str,
        constant: int,
        guard: list[Term],
    ) -> None:
        self.context = context
        self.terms = terms
        self.op = op
        self.constant = constant
        self.guard = guard
        puzzle, candidates = context.puzzle, context.candidates
        self.after = suffix_reach(puzzle, terms, candidates)
        self.before = suffix_reach(puzzle, terms[::-1], candidates)[::-1]
        """``before[i]``: the reach of ``terms[:i]``."""

    def rest(self, start: int, stop: int) -> Reach:
        """Bounds of what the terms outside ``terms[start:stop]`` add up to."""
        low, high = self.before[start]
        least, most = self.after[stop]
        return low + least, high + most

    def node(self, start: int, stop: int) -> Totals:
        """The totals of ``terms[start:stop]`` that may still meet the comparison (none are
        kept at the root, where only the failing ones matter)."""
        sources: dict[int, list[list[Term]]] = {}
        """Total -> the conjunctions of child totals that make it."""
        if stop - start == 1:
            coefficient, cell = self.terms[start]
            for weight, term in self.context.weighted(coefficient, cell):
                sources.setdefault(weight, []).append([term])
        else:
            middle = (start + stop) // 2
            left, right = self.node(start, middle), self.node(middle, stop)
            for a, s in left.items():
                for b, t in right.items():
                    sources.setdefault(a + b, []).append([s, t])
        least, most = self.rest(start, stop)
        root = stop - start == len(self.terms)
        totals: Totals = {}
        for total, made in sources.items():
            if not may_hold(self.op, total + least, total + most, self.constant):
                for both in made:
                    self.context.clause([*self.guard, *map(negation, both)])
            elif not root:
                totals[total] = self._term(made)
        if not root and stop - start > 1:
            self.context.clause([*self.guard, *totals.values()])
        return totals

    def _term(self, made: list[list[Term]]) -> Term:
        """The term "the node's terms add up to this total", which each conjunction of
        ``made`` implies: a new variable that also implies a total of each child (the one
        term that makes it when there is only one)."""
        if any(all(t is True for t in both) for both in made):
            return True
        if len(made) == 1 and sum(t is not True for t in made[0]) == 1:
            return next(t for t in made[0] if t is not True)
        term = self.context.new_var()
        for both in made:
            self.context.clause([*map(negation, both), term])
        for side in zip(*made, strict=True):
            self.context.clause([negation(term), *dict.fromkeys(side)])
        return term
