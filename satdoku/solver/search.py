"""Solve a puzzle: choose a backend, let it find grids, verify every grid before handing it on.

The backend, its encoding and its enumeration strategy are chosen once per call by
:func:`plan`, which asks the registry (:mod:`satdoku.solver.registry`) and the backend's
capabilities; a combination that cannot run is one :class:`~satdoku.errors.UsageError`, never
a silent substitution.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from satdoku.deadline import Deadline
from satdoku.errors import UsageError
from satdoku.formats.files import as_puzzle
from satdoku.geometry import Geometry
from satdoku.model import Grid, Puzzle
from satdoku.results import Solution
from satdoku.solver.backend import Backend, Found, fit, strategy_for
from satdoku.solver.bitgrid import bitmask_solutions, lists
from satdoku.solver.defaults import (
    COMPILED_BACKEND,
    DEFAULT_BACKEND,
    compiled_first,
    default_backend,
    default_strategy,
)
from satdoku.solver.dpll import NODE_BUDGET, BudgetSpent, dpll_solutions
from satdoku.solver.registry import get_backend
from satdoku.verify import check


@dataclass(frozen=True)
class Plan:
    """A backend with the encoding and the strategy it will use for one puzzle; ``fallback``:
    the backend to which the compiled search hands a puzzle past its node budget."""

    backend: Backend
    encoding: str
    strategy: str | None
    fallback: str | None = None

    def found(self, puzzle: Puzzle, limit: int | None, deadline: Deadline) -> Iterator[Found]:
        """The backend's unverified answers."""
        if self.fallback is not None:
            return _compiled_then(self.fallback, puzzle, limit, deadline)
        return self.backend.solutions(puzzle, self.encoding, limit, deadline, self.strategy)


def _compiled_then(
    fallback: str, puzzle: Puzzle, limit: int | None, deadline: Deadline
) -> Iterator[Found]:
    """The compiled search's answers within its node budget (the bitmask search when it takes
    the puzzle, else the exact-cover one); past it, ``fallback``'s, from the start, without
    the grids already given."""
    given: set[Grid] = set()
    compiled = bitmask_solutions if lists(puzzle, limit) else dpll_solutions
    try:
        for grid, stats in compiled(puzzle, limit, deadline, NODE_BUDGET):
            given.add(grid)
            yield grid, stats
        return
    except BudgetSpent:
        pass
    wanted = None if limit is None else limit - len(given)
    for grid, stats in plan(puzzle, fallback).found(puzzle, limit, deadline):
        if wanted == 0:
            return
        if grid not in given:
            yield grid, stats
            wanted = None if wanted is None else wanted - 1


def plan(
    puzzle: Puzzle,
    backend: str | None = None,
    encoding: str | None = None,
    strategy: str | None = None,
    *,
    many: bool = False,
) -> Plan:
    """How ``puzzle`` will be solved. With none of backend, encoding and strategy named, below
    25x25 the compiled search where it takes the puzzle, which hands a puzzle past its node
    budget to the python-sat default (unless ``many``: counting walks the whole tree).
    Otherwise the backend and encoding are chosen by grid size
    (:mod:`satdoku.solver.defaults`); the strategy is the backend's own default, or, with
    ``many`` (many answers wanted, as when counting), the counting default for the size.
    Raises :class:`UsageError` when the backend does not take the puzzle, the encoding or the
    strategy."""
    if backend is None and encoding is None and strategy is None and compiled_first(puzzle):
        compiled = get_backend(COMPILED_BACKEND)
        if compiled.capabilities.available:
            fallback = None if many else DEFAULT_BACKEND
            return Plan(compiled, compiled.encoding_for(puzzle, None), None, fallback)
    wanted = strategy or (default_strategy(puzzle, None) if many else None)
    chosen = get_backend(default_backend(puzzle, backend, wanted or "blocking"))
    fit(chosen, puzzle)
    if not chosen.capabilities.available:
        raise UsageError(f"the {chosen.name} backend is not installed; choose another backend")
    return Plan(
        chosen, chosen.encoding_for(puzzle, encoding), strategy_for(chosen, strategy, wanted)
    )


def solutions(
    puzzle: Puzzle | str,
    *,
    backend: str | None = None,
    encoding: str | None = None,
    limit: int | None = None,
    timeout: float | None = None,
    box: Geometry | str | None = None,
    strategy: str | None = None,
    many: bool = False,
) -> Iterator[Solution]:
    """Yield the solutions of ``puzzle`` one by one as they are found, each verified.

    Args:
        puzzle: a :class:`Puzzle`, or its text in any notation satdoku reads.
        backend: a backend name (``satdoku.solver.backends()``): a python-sat solver
            (``minisat22``, ``cadical195+stable``, ...), ``cpsat``, ``dpll`` or ``brute``.
            None: chosen by grid size (:mod:`satdoku.solver.defaults`).
        encoding: the model the backend searches: a CNF encoding spec for python-sat
            (``extended+optimized``, ...), ``alldiff`` or ``onehot`` for ``cpsat``. None: the
            backend's default for the puzzle.
        limit: the most solutions to yield (None: all).
        timeout: seconds for the whole run, counted from this call (reduction, encoding and
            search included); a backend that cannot be interrupted runs in a child process
            killed at the deadline.
        box: the box shape (``"2x3"``) when ``puzzle`` is text that leaves it open.
        strategy: how a python-sat backend enumerates: ``blocking`` (one blocking clause per
            answer) or ``branching`` (tree search over unit propagation: faster when there
            are many answers). None: ``blocking``, or with ``many`` the counting default.
        many: many answers are wanted (all of them, or a high ``limit``): a backend with
            several strategies uses the one for counting (:func:`plan`).

    Yields:
        :class:`~satdoku.results.Solution` objects, each checked by
        :func:`satdoku.verify.check` first.

    Raises:
        ParseError: ``puzzle`` is text that is not a puzzle.
        UsageError: the backend, encoding and strategy do not fit each other or the puzzle.
        SolveTimeout: ``timeout`` seconds passed first.
    """
    puzzle = as_puzzle(puzzle, box)
    chosen = plan(puzzle, backend, encoding, strategy, many=many)
    yield from verified(puzzle, chosen, limit, Deadline.after(timeout))


def verified(
    puzzle: Puzzle, chosen: Plan, limit: int | None, deadline: Deadline
) -> Iterator[Solution]:
    """The answers of ``chosen`` under a ``deadline`` set by the caller, each verified."""
    for grid, stats in chosen.found(puzzle, limit, deadline):
        check(puzzle, grid)
        yield Solution(puzzle, grid, stats)


def solve(
    puzzle: Puzzle | str,
    *,
    backend: str | None = None,
    encoding: str | None = None,
    timeout: float | None = None,
    box: Geometry | str | None = None,
) -> Solution | None:
    """The first solution of ``puzzle``, verified, or None when it has none.

    Args:
        puzzle: a :class:`Puzzle`, or its text in any notation satdoku reads.
        backend, encoding, timeout, box: as for :func:`solutions`.

    Returns:
        A :class:`~satdoku.results.Solution` (``.grid``, ``.line``, ``.stats``; ``print`` it
        for the grid), or None when no grid satisfies every constraint.

    Raises:
        ParseError: ``puzzle`` is text that is not a puzzle.
        UsageError: the backend and encoding do not fit each other or the puzzle.
        SolveTimeout: ``timeout`` seconds passed first.

    >>> solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").line[:9]
    '417369825'
    """
    found = solutions(puzzle, backend=backend, encoding=encoding, limit=1, timeout=timeout, box=box)
    return next(found, None)
