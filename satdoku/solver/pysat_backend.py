"""The python-sat family of backends: any python-sat solver over a CNF encoding.

A backend spec is a solver name with optional CaDiCaL option sets (``minisat22``,
``cadical195+stable``, see :func:`~satdoku.solver.pysat_solver.parse_backend`). Answers are
enumerated by one of two strategies: ``blocking`` (one blocking clause per answer, over the
cell variables of the blank cells only, so auxiliary variables never multiply answers) or
``branching`` (a tree search in Python over the solver's unit propagation,
:mod:`satdoku.solver.branching`, much faster when there are many answers).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from functools import partial

from satdoku.deadline import NEVER, Deadline
from satdoku.encodings import ClassicEncoding, get_encoding
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.model import Puzzle
from satdoku.results import Stats
from satdoku.solver.backend import Capabilities, Found, ModelKind
from satdoku.solver.branching import PropagationTree
from satdoku.solver.defaults import default_encoding
from satdoku.solver.engine import Engine
from satdoku.solver.guard import guarded
from satdoku.solver.propagation import decides_every_cell
from satdoku.solver.pysat_solver import (
    NATIVE_CARD_SOLVERS,
    UNINTERRUPTIBLE,
    PysatSolver,
    parse_backend,
    solver_names,
)

Strategy = Callable[[Puzzle, ClassicEncoding, str, "int | None", Deadline], Iterator[Found]]


class PysatBackend:
    """One python-sat solver spec as a backend (see the module docstring)."""

    def __init__(self, spec: str) -> None:
        solver, _ = parse_backend(spec)  # raises UsageError for an unknown name or option
        self.name = spec
        self.solver = solver
        self.capabilities = Capabilities(
            model=ModelKind.CNF,
            encodings=None,
            interruptible=not solver.startswith(UNINTERRUPTIBLE),
            strategies=tuple(STRATEGIES),
            engine=True,
            conflict_budget=True,
        )

    def encoding_for(self, puzzle: Puzzle, encoding: str | None) -> str:
        native = self.solver in NATIVE_CARD_SOLVERS
        spec = get_encoding(encoding or default_encoding(puzzle, native)).spec
        if "native" in spec.split("+") and self.solver not in NATIVE_CARD_SOLVERS:
            raise UsageError(
                f"{spec}: native cardinality needs one of {', '.join(NATIVE_CARD_SOLVERS)},"
                f" not {self.name}"
            )
        return spec

    def solutions(
        self,
        puzzle: Puzzle,
        encoding: str,
        limit: int | None,
        deadline: Deadline,
        strategy: str | None,
    ) -> Iterator[Found]:
        """The answers of ``strategy``; a solver that cannot be interrupted keeps the
        ``deadline`` by running in a child process (:mod:`satdoku.solver.guard`)."""
        run = STRATEGIES[strategy or BLOCKING]
        enc = get_encoding(encoding)
        if deadline.limited and not self.capabilities.interruptible:
            return guarded(partial(run, puzzle, enc, self.name, limit, NEVER), deadline, self.name)
        return run(puzzle, enc, self.name, limit, deadline)

    def engine(
        self, geometry: Geometry, *, encoding: str | None = None, conflicts: int | None = None
    ) -> Engine:
        return Engine(geometry, backend=self.name, encoding=encoding, conflicts=conflicts)


def lookup(spec: str) -> PysatBackend | None:
    """The backend for a python-sat solver spec, or None when ``spec`` names no python-sat
    solver (an unknown option of a known solver raises :class:`UsageError`)."""
    if spec.split("+")[0] not in solver_names():
        return None
    return PysatBackend(spec)


def _blocking(
    puzzle: Puzzle, enc: ClassicEncoding, backend: str, limit: int | None, deadline: Deadline
) -> Iterator[Found]:
    """Encode once, then solve, decode and block until ``limit`` or no more (or
    :class:`~satdoku.deadline.SolveTimeout` at the deadline)."""
    started = time.perf_counter()
    formula = enc.encode(puzzle, deadline)
    encode_time = time.perf_counter() - started
    var = formula.varmap.var
    blanks = puzzle.blanks
    found = 0
    with PysatSolver(backend) as solver:
        started = time.perf_counter()
        solver.load(formula, deadline, release=True)  # blocking needs the var map alone
        load_time = time.perf_counter() - started  # counted in the first solve_time
        while limit is None or found < limit:
            started = time.perf_counter()
            deadline.check()
            outcome = solver.solve(timeout=deadline.timeout())
            solve_time = time.perf_counter() - started + load_time
            load_time = 0.0
            if outcome is None:
                raise deadline.error()
            if not outcome:
                return
            grid = formula.decode(solver.model())
            counters = solver.stats()
            yield (
                grid,
                Stats(
                    encoding=enc.spec,
                    backend=backend,
                    variables=formula.nvars,
                    clauses=formula.nclauses,
                    literals=formula.nliterals,
                    encode_time=encode_time,
                    solve_time=solve_time,
                    conflicts=counters.get("conflicts", 0),
                    decisions=counters.get("decisions", 0),
                    propagations=counters.get("propagations", 0),
                    restarts=counters.get("restarts", 0),
                    propagation_only=(
                        decides_every_cell(formula, solver.propagated) if found == 0 else None
                    ),
                ),
            )
            found += 1
            blocking = [-var(c, grid[c]) for c in blanks]
            if not blocking:
                return
            solver.add_clause(blocking)


def _branching(
    puzzle: Puzzle, enc: ClassicEncoding, backend: str, limit: int | None, deadline: Deadline
) -> Iterator[Found]:
    """The grids of a :class:`PropagationTree`, with its statistics."""
    tree = PropagationTree(puzzle, enc, deadline)
    formula, spec, walked = tree.formula, enc.spec, tree.stats
    nvars, nclauses, nliterals = formula.nvars, formula.nclauses, formula.nliterals
    started = time.perf_counter()
    for grid in tree.grids(backend, limit):
        stats = Stats(
            encoding=spec,
            backend=backend,
            variables=nvars,
            clauses=nclauses,
            literals=nliterals,
            encode_time=tree.encode_time,
            solve_time=time.perf_counter() - started,
            conflicts=walked.dead_ends,
            decisions=walked.nodes,
        )
        yield grid, stats
        started = time.perf_counter()


BLOCKING = "blocking"
STRATEGIES: dict[str, Strategy] = {BLOCKING: _blocking, "branching": _branching}
"""The enumeration strategies, the default first."""
