"""OR-Tools CP-SAT as a backend, modelling the puzzle directly (no CNF).

Two models of the same puzzle:

* ``alldiff``: one integer variable per cell;
* ``onehot``: one Boolean per (cell, value), ``AddExactlyOne`` per cell.

Each constraint posts itself (``AddAllDifferent`` per unit, or ``AddAtMostOne`` per unit and
value, ``AddExactlyOne`` where the unit must hold every value; linear sums).

ortools is imported only here, and only when a CP-SAT backend is used.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from satdoku.deadline import NEVER, Deadline
from satdoku.errors import UsageError
from satdoku.extras import require
from satdoku.model import Grid, Puzzle
from satdoku.results import Stats
from satdoku.solver.backend import (
    Capabilities,
    Found,
    ModelKind,
    NamedEncodings,
)
from satdoku.solver.cpsat_targets import IntegerCells, OneHotCells
from satdoku.solver.guard import guarded

CP_MODEL = "ortools.sat.python.cp_model"
"""The OR-Tools module behind this backend (a required dependency)."""
CPSAT_MODELS = ("alldiff", "onehot")
"""The models it builds, the default first."""
CHECK_EVERY = 512
"""Cells modelled between two looks at the deadline."""
DEFAULT_CPSAT_MODEL = CPSAT_MODELS[0]


class CpsatBackend(NamedEncodings):
    """OR-Tools CP-SAT over the models :data:`CPSAT_MODELS`; under a deadline it runs in a
    child process killed then."""

    name = "cpsat"
    capabilities = Capabilities(model=ModelKind.CPSAT, encodings=CPSAT_MODELS, interruptible=False)

    def solutions(
        self,
        puzzle: Puzzle,
        encoding: str,
        limit: int | None,
        deadline: Deadline,
        strategy: str | None,
    ) -> Iterator[Found]:
        return cpsat_solutions(puzzle, encoding, limit, deadline)


class CpsatModel:
    """A CP-SAT model of a puzzle and the way back from a CP-SAT assignment to a grid."""

    def __init__(
        self, puzzle: Puzzle, name: str = DEFAULT_CPSAT_MODEL, deadline: Deadline = NEVER
    ) -> None:
        """Build the model ``name``; building a big grid's takes seconds, so it stops with
        :class:`~satdoku.deadline.SolveTimeout` once ``deadline`` has passed."""
        cp_model = require(CP_MODEL, None, "the cpsat backend")

        if name not in CPSAT_MODELS:
            raise UsageError(
                f"unknown CP-SAT model {name!r}; choose from {', '.join(CPSAT_MODELS)}"
            )
        self.puzzle = puzzle
        self.name = name
        self.deadline = deadline
        self.model = cp_model.CpModel()
        self._forbid: Callable[[Grid], None] = self._unset
        build: Callable[[], Callable[[Any], Grid]] = getattr(self, f"_build_{name}")
        self._decode = build()

    def decode(self, values: Any) -> Grid:
        """The grid of a solution; ``values`` is a CpSolver or a solution callback."""
        return self._decode(values)

    def exclude(self, grid: Grid) -> None:
        """Forbid ``grid``: a search on the model from now on finds other grids only."""
        self._forbid(grid)

    @staticmethod
    def _unset(grid: Grid) -> None:
        raise AssertionError("the model is not built")

    def _build_alldiff(self) -> Callable[[Any], Grid]:
        puzzle, model = self.puzzle, self.model
        shift = puzzle.first - 1
        cells = [
            model.new_int_var((g or 1) + shift, (g or puzzle.values) + shift, f"c{i}")
            for i, g in enumerate(puzzle.givens)
        ]
        target = IntegerCells(model, puzzle.digits, cells, [u.cells for u in puzzle.units])
        for constraint in puzzle.constraints:
            self.deadline.check()
            constraint.cpsat(target)

        def decode(values: Any) -> Grid:
            return tuple(int(values.value(x)) - shift for x in cells)

        def forbid(grid: Grid) -> None:
            model.add_forbidden_assignments(cells, [[v + shift for v in grid]])

        self._forbid = forbid
        return decode

    def _build_onehot(self) -> Callable[[Any], Grid]:
        puzzle, model = self.puzzle, self.model
        domain = range(1, puzzle.values + 1)
        x = [[model.new_bool_var(f"c{i}v{v}") for v in domain] for i in range(puzzle.ncells)]
        for i, given in enumerate(puzzle.givens):
            if i % CHECK_EVERY == 0:
                self.deadline.check()
            model.add_exactly_one(x[i])
            if given:
                model.add(x[i][given - 1] == 1)
        target = OneHotCells(model, puzzle.digits, x, [u.cells for u in puzzle.units])
        for constraint in puzzle.constraints:
            self.deadline.check()
            constraint.cpsat(target)

        def decode(values: Any) -> Grid:
            return tuple(
                next((v for v in domain if values.boolean_value(x[i][v - 1])), 0)
                for i in range(puzzle.ncells)
            )

        def forbid(grid: Grid) -> None:
            model.add_bool_or([~x[i][v - 1] for i, v in enumerate(grid)])

        self._forbid = forbid
        return decode


def cpsat_solutions(
    puzzle: Puzzle,
    model_name: str = DEFAULT_CPSAT_MODEL,
    limit: int | None = None,
    deadline: Deadline = NEVER,
) -> Iterator[tuple[Grid, Stats]]:
    """Yield (grid, stats) for each solution CP-SAT enumerates (one worker, as enumeration
    requires), at most ``limit``, as it finds them; then
    :class:`~satdoku.deadline.SolveTimeout` if ``deadline`` cut the search short. CP-SAT's own
    time limit leaves out loading a model (seconds for a 400x400), so under a deadline it runs
    in a child process killed then (:mod:`satdoku.solver.guard`).

    The search runs in a thread whose solution callback hands each new grid over through a
    small queue (so the search waits while the consumer is busy, and memory does not grow with
    the solutions waiting); closing the generator early, or Ctrl-C, stops the search.
    """
    if not deadline.limited:
        return _solutions(puzzle, model_name, limit, deadline)
    require(CP_MODEL, None, "the cpsat backend")  # once here, not in every child

    return guarded(partial(_solutions, puzzle, model_name, limit, deadline), deadline, "cpsat")


def _solutions(
    puzzle: Puzzle, model_name: str, limit: int | None, deadline: Deadline
) -> Iterator[tuple[Grid, Stats]]:
    cp_model = require(CP_MODEL, None, "the cpsat backend")

    started = time.perf_counter()
    built = CpsatModel(puzzle, model_name, deadline)
    encode_time = time.perf_counter() - started
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.catch_sigint_signal = False  # Ctrl-C reaches Python's main thread
    timeout = deadline.timeout()
    if timeout is not None:
        deadline.check()
        solver.parameters.max_time_in_seconds = timeout
    proto = built.model.proto

    def stats(search: Any) -> Stats:
        """The search's statistics so far, read from the solution callback ``search``."""
        return Stats(
            encoding=model_name,
            backend="cpsat",
            variables=len(proto.variables),
            clauses=len(proto.constraints),
            encode_time=encode_time,
            solve_time=search.wall_time,
            conflicts=search.num_conflicts,
            decisions=search.num_branches,
            propagations=search.num_binary_propagations + search.num_integer_propagations,
            propagation_only=None,  # no CNF to propagate on; presolve settles most puzzles
        )

    handover: queue.Queue[Any] = queue.Queue(maxsize=_HANDOVER)
    seen: set[Grid] = set()

    callback: Any = cp_model.CpSolverSolutionCallback

    class Handover(callback):  # type: ignore[misc]
        def on_solution_callback(self) -> None:
            grid = built.decode(self)
            if grid in seen:  # CP-SAT may report the same assignment twice
                return
            seen.add(grid)
            handover.put((grid, stats(self)))
            if limit is not None and len(seen) >= limit:
                self.stop_search()

    def search() -> None:
        try:
            handover.put(_Finished(solver.solve(built.model, Handover())))
        except BaseException as error:  # handed to the consumer, raised there
            handover.put(error)

    thread = threading.Thread(target=search, name="cpsat-search", daemon=True)
    thread.start()
    try:
        while not isinstance(item := handover.get(), _Finished):
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        solver.stop_search()
        outlast(thread.is_alive, partial(_take_one, handover))
    complete = item.status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    if not complete and (limit is None or len(seen) < limit):
        raise deadline.error()


def outlast(running: Callable[[], bool], pause: Callable[[], object]) -> None:
    """Call ``pause`` (a short wait) while ``running`` says a stopped search goes on, whatever
    Ctrl-C comes meanwhile: a search still in native code when Python exits aborts the
    process ("terminate called without an active exception"). ``Thread.join`` cannot be
    used: once a Ctrl-C has interrupted it, Python 3.11 takes the thread for ended and a
    second join returns at once. A Ctrl-C that came is raised once the search has ended."""
    interrupted: KeyboardInterrupt | None = None
    while running():
        try:
            pause()
        except KeyboardInterrupt as err:
            interrupted = err
    if interrupted is not None:
        raise interrupted


def _take_one(handover: queue.Queue[Any]) -> None:
    """Take what a solution callback waits to hand over, if anything comes within 0.05 s."""
    with contextlib.suppress(queue.Empty):
        handover.get(timeout=0.05)


_HANDOVER = 64
"""Grids the search may find ahead of the consumer before it waits."""


class _Finished:
    """The search thread's last word: CP-SAT's status."""

    def __init__(self, status: Any) -> None:
        self.status = status
