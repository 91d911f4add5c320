"""True candidates: for each cell, the values it takes in at least one solution, and with a
limit K, how many solutions (up to K) put each of them there.

One incremental python-sat solver holds the puzzle's CNF for the whole run. Every solution it
finds is verified and then covers all of its (cell, value) pairs at once: the first solution
marks one value per cell, and each (cell, value) still open is asked under the assumption
x(cell, value), which yields a solution covering it and others, or proves it impossible (then
its negation is added as a unit clause, a consequence of the formula). Counting a candidate
blocks the solutions known to hold it, then finds more, with blocking clauses guarded by an
activation literal of its own that is retired afterwards, so no candidate sees another's
clauses.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from satdoku.deadline import Deadline, SolveTimeout
from satdoku.encodings import Formula, get_encoding
from satdoku.errors import UsageError
from satdoku.model import Grid, Puzzle
from satdoku.solver.defaults import DEFAULT_BACKEND, default_encoding
from satdoku.solver.pysat_solver import PysatSolver
from satdoku.status import Status
from satdoku.verify import check

Pair = tuple[int, int]
"""A (cell, value)."""


@dataclass(frozen=True)
class Candidates:
    """The values each cell takes in some solution (``candidates``, one sorted tuple per cell
    in cell order) and, with a ``limit``, how many solutions put each there (``counts``,
    parallel to ``candidates``; a count equal to ``limit`` means at least that many).

    ``status`` is unique (one candidate per cell), multiple, no_solution, or unknown when the
    time ran out (``reason``): then ``candidates`` holds the values proven so far and
    ``counts`` the solutions found so far. ``solutions`` is how many distinct verified
    solutions the run met."""

    puzzle: Puzzle
    status: Status
    candidates: tuple[tuple[int, ...], ...]
    counts: tuple[tuple[int, ...], ...] | None
    limit: int | None
    solutions: int
    time: float
    reason: str | None = None


def candidates(
    puzzle: Puzzle,
    *,
    limit: int | None = None,
    backend: str | None = None,
    encoding: str | None = None,
    timeout: float | None = None,
) -> Candidates:
    """The true candidates of ``puzzle``; with ``limit``, each counted up to ``limit``
    solutions. ``backend`` is a python-sat solver name (default MiniSat 2.2), ``encoding`` a
    CNF encoding spec (default as for solving); past ``timeout`` seconds the status is
    unknown, with what was found so far."""
    started = time.perf_counter()
    if limit is not None and limit < 1:
        raise UsageError(f"a limit of solutions per candidate is 1 or more, not {limit}")
    deadline = Deadline.after(timeout)
    found = _Found(puzzle, 1 if limit is None else limit)
    status, reason = Status.UNKNOWN, None
    try:
        formula = get_encoding(encoding or default_encoding(puzzle)).encode(puzzle, deadline)
        with PysatSolver(backend or DEFAULT_BACKEND) as solver:
            solver.load(formula, deadline)
            search = _Search(formula, solver, deadline, found)
            status = search.run(counting=limit is not None)
    except SolveTimeout as err:
        reason = str(err)
    return Candidates(
        puzzle=puzzle,
        status=status,
        candidates=found.values(),
        counts=None if limit is None else found.counts(),
        limit=limit,
        solutions=len(found.grids),
        time=time.perf_counter() - started,
        reason=reason,
    )


class _Found:
    """The verified solutions met so far, indexed by the pairs they hold (up to ``cap``
    solutions per pair)."""

    def __init__(self, puzzle: Puzzle, cap: int) -> None:
        self.puzzle = puzzle
        self.cap = cap
        self.grids: list[Grid] = []
        self.holding: dict[Pair, list[Grid]] = {}

    def add(self, grid: Grid) -> None:
        """Verify ``grid`` (a solution not met before) and index it."""
        check(self.puzzle, grid)
        self.grids.append(grid)
        for pair in enumerate(grid):
            held = self.holding.setdefault(pair, [])
            if len(held) < self.cap:
                held.append(grid)

    def holding_all(self, pair: Pair | None) -> list[Grid]:
        """The solutions found that hold ``pair`` (None: all of them), up to the cap."""
        return self.grids if pair is None else self.holding.get(pair, [])

    def values(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the values some solution found holds, in order."""
        per_cell: list[list[int]] = [[] for _ in range(self.puzzle.ncells)]
        for cell, value in self.holding:
            per_cell[cell].append(value)
        return tuple(tuple(sorted(v)) for v in per_cell)

    def counts(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the solutions found (up to the cap) for each of its values."""
        return tuple(
            tuple(len(self.holding[cell, v]) for v in values)
            for cell, values in enumerate(self.values())
        )


class _Search:
    """One loaded solver asked about the pairs of one puzzle; its answers go to ``found``."""

    def __init__(
        self, formula: Formula, solver: PysatSolver, deadline: Deadline, found: _Found
    ) -> None:
        self.formula = formula
        self.var = formula.varmap.var
        self.solver = solver
        self.deadline = deadline
        self.found = found
        self.blanks = found.puzzle.blanks
        self.top = formula.nvars

    def run(self, counting: bool) -> Status:
        """Find the candidates, then with ``counting`` count each up to the cap."""
        if not self._solve([]):
            return Status.NO_SOLUTION
        varmap = self.formula.varmap
        for cell in self.blanks:
            for value in varmap.candidates[cell]:
                if (cell, value) not in self.found.holding and not self._solve(
                    [self.var(cell, value)]
                ):
                    self.solver.add_clause([-self.var(cell, value)])
        values = self.found.values()
        if counting:
            self._count(None)
            for cell in self.blanks:
                if len(values[cell]) > 1:
                    for value in values[cell]:
                        self._count((cell, value))
        return Status.UNIQUE if all(len(v) == 1 for v in values) else Status.MULTIPLE

    def _count(self, pair: Pair | None) -> None:
        """Find solutions holding ``pair`` (None: any) until the cap: the known ones blocked,
        under a fresh activation literal that is retired at the end."""
        known = self.found.holding_all(pair)
        if len(known) >= self.found.cap:
            return
        self.top += 1
        act = self.top
        assumptions = [act] if pair is None else [act, self.var(*pair)]
        for grid in known:
            self.solver.add_clause([-act, *self._blocking(grid)])
        try:
            while len(self.found.holding_all(pair)) < self.found.cap and self._solve(assumptions):
                self.solver.add_clause([-act, *self._blocking(self.found.grids[-1])])
        finally:
            self.solver.add_clause([-act])

    def _blocking(self, grid: Grid) -> list[int]:
        return [-self.var(c, grid[c]) for c in self.blanks]

    def _solve(self, assumptions: list[int]) -> bool:
        """Whether a solution exists under ``assumptions``; one that does is verified and
        added to ``found``. :class:`SolveTimeout` at the deadline."""
        self.deadline.check()
        outcome = self.solver.solve(assumptions, timeout=self.deadline.timeout())
        if outcome is None:
            raise self.deadline.error()
        if not outcome:
            return False
        varmap = self.formula.varmap
        grid = list(varmap.decode(self.solver.model()))
        for lit in assumptions:  # an encoding that lets a cell hold several values
            if lit <= varmap.nvars:
                cell, value = varmap.cell_value(lit)
                grid[cell] = value
        self.found.add(tuple(grid))
        return True
