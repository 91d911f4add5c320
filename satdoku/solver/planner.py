"""Which engine answers: the one place where a question about a puzzle meets a backend.

:func:`plan` takes the puzzle, the question (solutions listed, many of them, or only counted),
the limit, and the backend, encoding and strategy the caller named (or none), and says which
backend answers, with which encoding (for the ``dpll`` backend, the encoding names the
compiled search: ``bitmask`` or ``exactcover``) and strategy, within which node budget, and
which backend takes over past it. It asks the registry (:mod:`satdoku.solver.registry`), the
defaults by size (:mod:`satdoku.solver.defaults`) and the backend's capabilities; a
combination that cannot run is one :class:`~satdoku.errors.UsageError`, never a silent
substitution.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import NamedTuple

from satdoku.deadline import Deadline
from satdoku.errors import UsageError
from satdoku.model import Grid, Puzzle
from satdoku.solver.backend import Backend, Found, fit, strategy_for
from satdoku.solver.bitgrid import lists, takes
from satdoku.solver.compiled import BACKEND, BITMASK, MATRIX, NODE_BUDGET, BudgetSpent
from satdoku.solver.defaults import (
    COMPILED_BACKEND,
    DEFAULT_BACKEND,
    RULES_BACKEND,
    compiled_first,
    default_backend,
    default_strategy,
    has_rules,
)
from satdoku.solver.dpll_backend import compiled_solutions
from satdoku.solver.registry import get_backend


class Question(Enum):
    """What is asked of the engine."""

    SOLUTIONS = "solutions"
    """Up to a limit of solutions, listed: one for a solve, two for a uniqueness check."""
    MANY = "many"
    """Many solutions listed (all of them, or a high limit): the counting strategy."""
    COUNT = "count"
    """How many solutions, up to a limit: counted inside the compiled search where it answers,
    no grid built."""


class Plan(NamedTuple):
    """The backend that answers, with the encoding and the strategy it uses for one puzzle;
    ``fallback``: the backend to which the compiled search hands a puzzle past ``budget``
    nodes (a named tuple: quicker to create at import than a dataclass)."""

    backend: Backend
    encoding: str
    strategy: str | None
    fallback: str | None = None
    budget: int = 0

    @property
    def counts_inside(self) -> bool:
        """Whether the engine counts without building grids (the compiled searches)."""
        return self.backend.name == BACKEND

    def found(self, puzzle: Puzzle, limit: int | None, deadline: Deadline) -> Iterator[Found]:
        """The backend's unverified answers."""
        if self.fallback is not None:
            return self._compiled_then(self.fallback, puzzle, limit, deadline)
        return self.backend.solutions(puzzle, self.encoding, limit, deadline, self.strategy)

    def _compiled_then(
        self, fallback: str, puzzle: Puzzle, limit: int | None, deadline: Deadline
    ) -> Iterator[Found]:
        """The compiled search's answers within its node budget; past it, ``fallback``'s,
        from the start, without the grids already given."""
        given: set[Grid] = set()
        try:
            for grid, stats in compiled_solutions(
                puzzle, self.encoding, limit, deadline, self.budget
            ):
                given.add(grid)
                yield grid, stats
            return
        except BudgetSpent:
            pass
        wanted = None if limit is None else limit - len(given)
        then = plan(puzzle, Question.SOLUTIONS, limit, fallback)
        for grid, stats in then.found(puzzle, limit, deadline):
            if wanted == 0:
                return
            if grid not in given:
                yield grid, stats
                wanted = None if wanted is None else wanted - 1


def plan(
    puzzle: Puzzle,
    question: Question,
    limit: int | None,
    backend: str | None = None,
    encoding: str | None = None,
    strategy: str | None = None,
) -> Plan:
    """How ``question`` about ``puzzle`` is answered, for at most ``limit`` solutions.

    With none of backend, encoding and strategy named, below 25x25, the compiled search where
    it takes the puzzle: the bitmask search for a plain Sudoku, whose cells may be limited to
    some values, when it is counted or at most two solutions are listed, else the exact-cover
    search; listing a few solutions, it hands a puzzle past its node budget to the python-sat
    default, but for the bitmask search on 9x9 (counting and listing many walk the whole
    tree). Otherwise the backend and encoding are chosen by grid size
    (:mod:`satdoku.solver.defaults`); the strategy is the backend's own default, or, when many
    solutions are wanted, the counting default for the size. Raises :class:`UsageError` when
    the backend does not take the puzzle, the encoding or the strategy."""
    many = question is not Question.SOLUTIONS
    chosen_by_caller = backend is not None or encoding is not None or strategy is not None
    if not chosen_by_caller and compiled_first(puzzle):
        compiled = get_backend(COMPILED_BACKEND)
        if compiled.capabilities.available:
            if question is Question.COUNT:
                return Plan(compiled, BITMASK if takes(puzzle) else MATRIX, None)
            if many:
                return Plan(compiled, MATRIX, None)
            if lists(puzzle, limit):
                return _bitmask(compiled, puzzle)
            return Plan(compiled, MATRIX, None, DEFAULT_BACKEND, NODE_BUDGET)
    if not chosen_by_caller and (
        lists(puzzle, limit) or (question is Question.COUNT and takes(puzzle))
    ):
        return _bitmask(get_backend(COMPILED_BACKEND), puzzle)  # cells limited to some values
    if not chosen_by_caller and not many and has_rules(puzzle):
        return plan(puzzle, question, limit, RULES_BACKEND)
    wanted = strategy or (default_strategy(puzzle, None) if many else None)
    chosen = get_backend(default_backend(puzzle, backend, wanted or "blocking"))
    fit(chosen, puzzle)
    if not chosen.capabilities.available:
        raise UsageError(f"the {chosen.name} backend is not installed; choose another backend")
    named = chosen.encoding_for(puzzle, encoding)
    planned = Plan(chosen, named, strategy_for(chosen, strategy, wanted))
    counted = question is Question.COUNT and chosen.name == BACKEND
    if counted and named == BITMASK and not takes(puzzle):
        raise UsageError(
            f"the {BITMASK} encoding of {BACKEND} counts plain Sudokus below 25x25; use {MATRIX}"
        )
    return planned


def _bitmask(compiled: Backend, puzzle: Puzzle) -> Plan:
    """The bitmask search's plan for a puzzle it takes (:func:`~satdoku.solver.bitgrid.takes`)
    and of which at most two solutions are listed or all are counted: on 9x9 (3x3 boxes) to
    the end, as its band search proves even the hardest pencil-mark puzzle faster than the
    CDCL solvers (docs/benchmarks.md); elsewhere handed over past its node budget, to the
    python-sat default for a plain Sudoku and to the rules' default otherwise."""
    geometry = puzzle.geometry
    if geometry is not None and geometry.box_rows == geometry.box_cols == 3:
        return Plan(compiled, BITMASK, None)
    fallback = DEFAULT_BACKEND if puzzle.plain else RULES_BACKEND
    return Plan(compiled, BITMASK, None, fallback, NODE_BUDGET)
