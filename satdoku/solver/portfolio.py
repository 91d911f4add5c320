"""Several engines take turns on one puzzle, each keeping what it has learnt, with budgets of
work that double every round: the ``portfolio`` backend.

No one engine is best at every rule: Gluecard 4's learning (Glucose 4 with at-most-one
constraints of its own, so the units are not thousands of binary clauses) answers most
puzzles and proves long chains of renban lines and little killers, CP-SAT's integers prove
sums that clauses struggle with (pill arrows). In round ``k`` each lane of :data:`LANES` searches for its first budget
times ``2**k`` and stops: conflicts for a python-sat solver, which keeps its learnt clauses
from one turn to the next, deterministic time for CP-SAT, which starts again on its model. The
budgets count work, not seconds, so a busy machine changes how long an answer takes, not which
lane gives it nor which grid comes first; the deadline only cuts the last turn short. A grid
one lane finds is blocked in every lane, so no grid is given twice and a proof that no other
grid exists is anyone's to finish.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from functools import partial
from typing import Any, Literal, Protocol

from satdoku.deadline import Deadline
from satdoku.encodings import get_encoding
from satdoku.encodings.formula import Formula
from satdoku.extras import require
from satdoku.geometry import Geometry
from satdoku.model import Grid, Puzzle
from satdoku.results import Stats
from satdoku.solver.backend import Capabilities, Found, ModelKind, PuzzleEngine, no_engine
from satdoku.solver.cpsat_backend import CP_MODEL, CpsatModel, outlast
from satdoku.solver.defaults import default_encoding
from satdoku.solver.pysat_solver import (
    NATIVE_CARD_SOLVERS,
    UNINTERRUPTIBLE,
    PysatSolver,
    parse_backend,
)
from satdoku.solver.registry import get_backend

NAME = "portfolio"
LANES: tuple[tuple[str, float], ...] = (
    ("gluecard4", 8000),
    ("cpsat", 0.05),
)
"""The lanes in the order they take their turns, with their budgets in the first round:
conflicts for a python-sat solver, CP-SAT's deterministic time (about seconds) for ``cpsat``.
When every python-sat lane takes cardinality constraints, the CNF keeps its at-most-ones as
such (:data:`~satdoku.solver.defaults.NATIVE_ENCODING`). On the 142 ISS variants in one
process, Gluecard 4 in Glucose 4's place made the median puzzle about 30% cheaper for about
the same total (docs/benchmarks.md, "Variant Sudoku against the Interactive Sudoku
Solver")."""
CONFLICT_RATE = 20_000.0
"""Conflicts a second assumed of a solver that cannot be interrupted, until it has shown its
own rate: its turn is cut to what fits before the deadline."""


class Lane(Protocol):
    """One engine of the portfolio."""

    name: str

    def search(self, budget: float, deadline: Deadline) -> Found | Literal[False] | None:
        """A new grid (with its statistics), False when there is none, None when the budget
        or the deadline ran out first."""

    def block(self, grid: Grid) -> None:
        """Rule out ``grid`` from this lane's answers."""

    def close(self) -> None:
        """Free the engine."""


class CnfLane:
    """A python-sat solver on the puzzle's CNF, loaded at its first turn."""

    def __init__(
        self, name: str, formula: Formula, spec: str, puzzle: Puzzle, encode_time: float
    ) -> None:
        self.name = name
        self._formula = formula
        self._blanks = puzzle.blanks
        self._encode_time = encode_time
        self._spec = spec
        self._solver: PysatSolver | None = None
        self._blocked: list[Grid] = []
        self._spent = 0.0
        self._rate = CONFLICT_RATE
        self._interruptible = not name.startswith(UNINTERRUPTIBLE)

    def search(self, budget: float, deadline: Deadline) -> Found | Literal[False] | None:
        started = time.perf_counter()
        if self._solver is None:
            self._solver = PysatSolver(self.name)
            self._solver.load(self._formula, deadline)
            for grid in self._blocked:
                self._block(grid)
        conflicts = int(budget)
        seconds = deadline.timeout()
        if seconds is not None and not self._interruptible:
            conflicts = max(1, min(conflicts, int(self._rate * seconds)))
        before = self._solver.stats().get("conflicts", 0)
        outcome = self._solver.solve_budget(conflicts, None if not self._interruptible else seconds)
        took = time.perf_counter() - started
        self._spent += took
        done = self._solver.stats().get("conflicts", 0) - before
        if took > 0.01 and done:
            self._rate = done / took
        if outcome is None:
            return None
        if not outcome:
            return False
        grid = self._formula.decode(self._solver.model())
        counters = self._solver.stats()
        formula = self._formula
        stats = Stats(
            encoding=self._spec,
            backend=self.name,
            variables=formula.nvars,
            clauses=formula.nclauses,
            literals=formula.nliterals,
            encode_time=self._encode_time,
            solve_time=self._spent,
            conflicts=counters.get("conflicts", 0),
            decisions=counters.get("decisions", 0),
            propagations=counters.get("propagations", 0),
            restarts=counters.get("restarts", 0),
        )
        return grid, stats

    def block(self, grid: Grid) -> None:
        self._blocked.append(grid)
        if self._solver is not None:
            self._block(grid)

    def _block(self, grid: Grid) -> None:
        var = self._formula.varmap.var
        assert self._solver is not None
        self._solver.add_clause([-var(c, grid[c]) for c in self._blanks])

    def close(self) -> None:
        if self._solver is not None:
            self._solver.close()


class CpsatLane:
    """CP-SAT on the puzzle's integer model, built at its first turn; each turn a new search
    (one worker, full presolve) on the model with every grid found so far forbidden."""

    name = "cpsat"

    def __init__(self, puzzle: Puzzle) -> None:
        self._puzzle = puzzle
        self._model: Any = None
        self._blocked: list[Grid] = []
        self._spent = 0.0
        self._encode_time = 0.0

    def search(self, budget: float, deadline: Deadline) -> Found | Literal[False] | None:
        cp_model = require(CP_MODEL, None, "the cpsat backend")
        if self._model is None:
            started = time.perf_counter()
            self._model = CpsatModel(self._puzzle, deadline=deadline)
            for grid in self._blocked:
                self._model.exclude(grid)
            self._encode_time = time.perf_counter() - started
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_deterministic_time = budget
        solver.parameters.catch_sigint_signal = False
        seconds = deadline.timeout()
        if seconds is not None:
            deadline.check()
            solver.parameters.max_time_in_seconds = seconds
        status = _stoppable(solver, self._model.model)
        self._spent += solver.wall_time
        if status == cp_model.INFEASIBLE:
            return False
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        proto = self._model.model.proto
        stats = Stats(
            encoding=self._model.name,
            backend=self.name,
            variables=len(proto.variables),
            clauses=len(proto.constraints),
            encode_time=self._encode_time,
            solve_time=self._spent,
            conflicts=solver.num_conflicts,
            decisions=solver.num_branches,
        )
        return self._model.decode(solver), stats

    def block(self, grid: Grid) -> None:
        self._blocked.append(grid)
        if self._model is not None:
            self._model.exclude(grid)

    def close(self) -> None:
        self._model = None


def _stoppable(solver: Any, model: Any) -> Any:
    """CP-SAT's status for ``model``, searched in a thread so that Ctrl-C reaches Python at
    once (the search is stopped, then the interrupt goes on once the search has ended); what
    the search raises is raised here."""
    status: list[Any] = []
    failed: list[BaseException] = []
    done = threading.Event()

    def search() -> None:
        try:
            status.append(solver.solve(model))
        except BaseException as err:  # raised in the caller's thread below
            failed.append(err)
        finally:
            done.set()

    threading.Thread(target=search, name="cpsat-turn", daemon=True).start()
    try:
        done.wait()
    except BaseException:
        solver.stop_search()
        outlast(lambda: not done.is_set(), partial(done.wait, 0.05))
        raise
    if failed:
        raise failed[0]
    return status[0]


class PortfolioBackend:
    """The lanes of :data:`LANES` in turn with doubling budgets (see the module docstring)."""

    name = NAME
    capabilities = Capabilities(model=ModelKind.CNF, encodings=None)

    def encoding_for(self, puzzle: Puzzle, encoding: str | None) -> str:
        cnf = [name for name, _ in LANES if get_backend(name).capabilities.model is ModelKind.CNF]
        native = all(parse_backend(name)[0] in NATIVE_CARD_SOLVERS for name in cnf)
        return get_encoding(encoding or default_encoding(puzzle, native)).spec

    def solutions(
        self,
        puzzle: Puzzle,
        encoding: str,
        limit: int | None,
        deadline: Deadline,
        strategy: str | None,
    ) -> Iterator[Found]:
        started = time.perf_counter()
        formula = get_encoding(encoding).encode(puzzle, deadline)
        took = time.perf_counter() - started
        lanes: list[Lane] = [
            CpsatLane(puzzle)
            if get_backend(name).capabilities.model is ModelKind.CPSAT
            else CnfLane(name, formula, encoding, puzzle, took)
            for name, _ in LANES
        ]
        try:
            yield from _rounds(lanes, limit, deadline)
        finally:
            for lane in lanes:
                lane.close()

    def engine(
        self, geometry: Geometry, *, encoding: str | None = None, conflicts: int | None = None
    ) -> PuzzleEngine:
        raise no_engine(self)


def _rounds(lanes: list[Lane], limit: int | None, deadline: Deadline) -> Iterator[Found]:
    """The grids the lanes find, taking turns with doubling budgets, until one proves there
    is no other, ``limit`` grids are given or the deadline passes. A lane that finds a grid
    keeps its turn (with a new budget) for the next one."""
    found = 0
    scale = 1
    while True:
        for lane, (_, first) in zip(lanes, LANES, strict=True):
            while True:
                deadline.check()
                outcome = lane.search(first * scale, deadline)
                if outcome is False:
                    return
                if outcome is None:
                    break
                grid, stats = outcome
                yield grid, stats
                found += 1
                if limit is not None and found >= limit:
                    return
                for each in lanes:
                    each.block(grid)
        scale *= 2
