"""Solve a puzzle: ask the planner which engine answers, verify every grid before handing it on.

The backend, its encoding and its enumeration strategy are chosen once per call by
:func:`~satdoku.solver.planner.plan`; a combination that cannot run is one
:class:`~satdoku.errors.UsageError`, never a silent substitution.
"""

from __future__ import annotations

from collections.abc import Iterator

from satdoku.deadline import Deadline
from satdoku.model import Puzzle
from satdoku.results import Solution
from satdoku.solver.planner import Plan, Question, plan
from satdoku.verify import check


def solutions(
    puzzle: Puzzle,
    *,
    backend: str | None = None,
    encoding: str | None = None,
    limit: int | None = None,
    timeout: float | None = None,
    strategy: str | None = None,
    many: bool = False,
) -> Iterator[Solution]:
    """Yield the solutions of ``puzzle`` one by one as they are found, each verified.

    Args:
        puzzle: the :class:`Puzzle` (text becomes one at the doors: :func:`satdoku.solutions`).
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
        strategy: how a python-sat backend enumerates: ``blocking`` (one blocking clause per
            answer) or ``branching`` (tree search over unit propagation: faster when there
            are many answers). None: ``blocking``, or with ``many`` the counting default.
        many: many answers are wanted (all of them, or a high ``limit``): a backend with
            several strategies uses the one for counting (:func:`~satdoku.solver.planner.plan`).

    Yields:
        :class:`~satdoku.results.Solution` objects, each checked by
        :func:`satdoku.verify.check` first.

    Raises:
        UsageError: the backend, encoding and strategy do not fit each other or the puzzle.
        SolveTimeout: ``timeout`` seconds passed first.
    """
    question = Question.MANY if many else Question.SOLUTIONS
    chosen = plan(puzzle, question, limit, backend, encoding, strategy)
    yield from verified(puzzle, chosen, limit, Deadline.after(timeout))


def verified(
    puzzle: Puzzle, chosen: Plan, limit: int | None, deadline: Deadline
) -> Iterator[Solution]:
    """The answers of ``chosen`` under a ``deadline`` set by the caller, each verified."""
    for grid, stats in chosen.found(puzzle, limit, deadline):
        check(puzzle, grid)
        yield Solution(puzzle, grid, stats)


def solve(
    puzzle: Puzzle,
    *,
    backend: str | None = None,
    encoding: str | None = None,
    timeout: float | None = None,
) -> Solution | None:
    """The first solution of ``puzzle``, verified, or None when it has none.

    Args:
        puzzle, backend, encoding, timeout: as for :func:`solutions`.

    Returns:
        A :class:`~satdoku.results.Solution` (``.grid``, ``.line``, ``.stats``; ``print`` it
        for the grid), or None when no grid satisfies every constraint.

    Raises:
        UsageError: the backend and encoding do not fit each other or the puzzle.
        SolveTimeout: ``timeout`` seconds passed first.
    """
    chosen = plan(puzzle, Question.SOLUTIONS, 1, backend, encoding)
    return next(verified(puzzle, chosen, 1, Deadline.after(timeout)), None)
