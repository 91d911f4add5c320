"""Counting the solutions of a rule set's puzzles up to two, as fast as the rules allow: the
compiled bitmask search for plain Sudokus below 25x25, the compiled exact-cover search for
other rules made of full units, each with a CDCL backend for a puzzle past its node budget;
CP-SAT for rules with sums (killer cages)."""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.deadline import Deadline
from satdoku.errors import UsageError
from satdoku.model import Grid, Puzzle
from satdoku.solver import bitgrid, dpll
from satdoku.solver.backend import fit
from satdoku.solver.defaults import is_big
from satdoku.solver.engine import Engine
from satdoku.solver.registry import get_backend
from satdoku.solver.search import solutions

SUMS_BACKEND = "cpsat"
"""What counts the puzzles of rules with sums."""
QUICK_BUDGET = 2_000
"""Nodes of the compiled search for :meth:`Counter.surely_unique` (a 9x9 dig needs far fewer;
a near-minimal 25x25 may need millions)."""


class Counter:
    """Solutions of puzzles that share ``rules``, each puzzle a grid of givens; ``bitmask``
    False keeps the counts off the bitmask search (to count apart from a counter that uses
    it)."""

    def __init__(self, rules: Puzzle, deadline: Deadline, bitmask: bool = True) -> None:
        self.rules = rules
        self.deadline = deadline
        self._search = _compiled(rules)
        self.bitmask = bitmask and self._search is not None and bitgrid.takes(rules)
        """Whether :meth:`unique` and :meth:`surely_unique` count on the bitmask search."""
        sums = any(not c.distinct for c in rules.constraints)
        self._backend = SUMS_BACKEND if sums else None
        self._engine: Engine | None = None

    def solutions(self, givens: Sequence[int], limit: int) -> tuple[list[Grid], bool]:
        """Up to ``limit`` solutions of the givens (unverified), and whether they are all
        there are; :class:`SolveTimeout` when the deadline passes."""
        if self._search is not None:
            puzzle = self.rules.with_givens(givens)
            grids, complete = self._search.search(puzzle, limit, dpll.NODE_BUDGET, self.deadline)
            if self._search.timed_out:
                self.deadline.check()
            if complete or len(grids) >= limit:
                return grids, complete
        return self._cdcl(givens, limit)

    def unique(self, givens: Sequence[int]) -> bool:
        """Whether the givens have exactly one solution."""
        if self.bitmask:
            found, complete = self._bitmask(givens, bitgrid.NODE_BUDGET)
            if complete or found >= 2:
                return complete and found == 1
        elif self._search is not None:
            found, complete = self._search.count(givens, 2, dpll.NODE_BUDGET, self.deadline)
            if self._search.timed_out:
                self.deadline.check()
            if complete or found >= 2:
                return complete and found == 1
        grids, complete = self._cdcl(givens, 2)
        return complete and len(grids) == 1

    def surely_unique(self, givens: Sequence[int]) -> bool:
        """Whether the compiled search proves the givens unique within :data:`QUICK_BUDGET`
        nodes: one it cannot decide so fast counts as not unique (a dig keeps that given,
        which never costs uniqueness). Without the compiled search: :meth:`unique`."""
        if self._search is None:
            return self.unique(givens)
        if self.bitmask:
            found, complete = self._bitmask(givens, QUICK_BUDGET)
            return complete and found == 1
        found, complete = self._search.count(givens, 2, QUICK_BUDGET, self.deadline)
        if self._search.timed_out:
            self.deadline.check()
        return complete and found == 1

    def singles_solve(self, givens: Sequence[int]) -> bool | None:
        """Whether naked and hidden singles alone solve the givens: the exact-cover search
        solves them at its first node, whose unit propagation is those singles (None: no
        compiled search for these rules)."""
        if self._search is None:
            return None
        found, _ = self._search.count(givens, 1, 1, self.deadline)
        return found == 1

    def _bitmask(self, givens: Sequence[int], budget: int) -> tuple[int, bool]:
        """Solutions counted to two by the bitmask search within ``budget`` nodes (its grids
        unverified and unused), and whether that is all of them."""
        seconds = 0.0
        if self.deadline.limited:
            seconds = max(self.deadline.remaining(), 1e-9)
        geometry = self.rules.geometry
        assert geometry is not None and bitgrid.solve_many is not None
        counts, endings, _ = bitgrid.solve_many(
            geometry.box_rows,
            geometry.box_cols,
            bytes(givens),
            limit=2,
            budget=budget,
            seconds=seconds,
        )
        if endings[0] == bitgrid.Ending.TIMED_OUT:
            self.deadline.check()
        return counts[0], endings[0] == bitgrid.Ending.EXHAUSTED

    def _cdcl(self, givens: Sequence[int], limit: int) -> tuple[list[Grid], bool]:
        """The solutions by a backend with learning (for sums, or past the node budget): for
        a plain Sudoku below 25x25 one incremental engine, the givens as assumptions; else
        each puzzle on its own, the deadline kept while it is encoded too."""
        puzzle = self.rules.with_givens(givens)
        if self.rules.plain and self.rules.geometry is not None and not is_big(self.rules):
            if self._engine is None:
                self._engine = Engine(self.rules.geometry)
            result = self._engine.count(puzzle, limit, self.deadline)
            if not result.complete and len(result.grids) < limit:
                self.deadline.check()
            return list(result.grids), result.complete
        found = solutions(
            puzzle, backend=self._backend, limit=limit, timeout=self.deadline.timeout()
        )
        grids = [s.grid for s in found]
        return grids, len(grids) < limit

    def first(self, givens: Sequence[int]) -> Grid | None:
        """A solution of the givens, or None when they have none."""
        grids, _ = self.solutions(givens, 1)
        return grids[0] if grids else None


def _compiled(rules: Puzzle) -> dpll.DpllSearch | None:
    """The compiled search over ``rules``, where it is built and takes them."""
    if not dpll.available():
        return None
    try:
        fit(get_backend(dpll.BACKEND), rules)
    except UsageError:
        return None
    return dpll.DpllSearch(rules)
