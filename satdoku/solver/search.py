"""Solve a puzzle: encode it, run a backend, decode and verify every grid it finds.

With the ``blocking`` strategy every answer after the first is found by blocking the previous
one with a clause over the cell variables of the blank cells only, so auxiliary variables never
multiply answers. The ``branching`` strategy walks the search tree in Python over the solver's
unit propagation (:mod:`satdoku.solver.branching`): much faster when there are many answers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from satdoku.deadline import NEVER, Deadline
from satdoku.encodings import ClassicEncoding, get_encoding
from satdoku.errors import UsageError
from satdoku.formats.text import parse_puzzle
from satdoku.geometry import Geometry
from satdoku.model import Grid, Puzzle
from satdoku.solver.branching import PropagationTree
from satdoku.solver.cpsat_backend import DEFAULT_CPSAT_MODEL, cpsat_solutions
from satdoku.solver.defaults import default_backend, default_encoding
from satdoku.solver.dpll import BACKEND as DPLL
from satdoku.solver.dpll import dpll_solutions, no_encoding
from satdoku.solver.guard import guarded
from satdoku.solver.propagation import decides_every_cell
from satdoku.solver.pysat_backend import UNINTERRUPTIBLE, PysatBackend
from satdoku.solver.result import Solution, Stats
from satdoku.verify import check

Found = tuple[Grid, Stats]
"""One answer of a backend: the (unverified) grid and how it was found."""


def as_puzzle(puzzle: Puzzle | str, box: Geometry | str | None = None) -> Puzzle:
    """A :class:`Puzzle` as it is, or parsed from text (``box`` like ``"2x3"`` when needed)."""
    if isinstance(puzzle, Puzzle):
        return puzzle
    geometry = Geometry.parse(box) if isinstance(box, str) else box
    return parse_puzzle(puzzle, geometry)


def solutions(
    puzzle: Puzzle | str,
    *,
    encoding: str | ClassicEncoding | None = None,
    backend: str | None = None,
    limit: int | None = None,
    timeout: float | None = None,
    box: Geometry | str | None = None,
    strategy: str = "blocking",
) -> Iterator[Solution]:
    """Yield the puzzle's solutions one by one, each verified, at most ``limit`` of them.

    ``backend`` is a python-sat solver name (with a CNF ``encoding`` spec, default
    ``extended+optimized``), ``cpsat`` (with the CP-SAT model ``alldiff`` or ``onehot``) or
    ``dpll`` (compiled DPLL over exactly-one constraints, no encoding to choose; its search
    goes on from one answer to the next as they are asked for, see :mod:`satdoku.solver.dpll`).
    Left out, they are chosen by grid size (:mod:`satdoku.solver.defaults`): ``minisat22``
    up to 16x16, ``cadical195+stable`` over ``extended+singles`` from 25x25 up.
    With python-sat, ``strategy`` is ``blocking`` (one blocking clause per answer) or
    ``branching`` (tree search over unit propagation, see :mod:`satdoku.solver.branching`).
    Raises :class:`SolveTimeout` when ``timeout`` seconds pass first: the time counts from
    this call, for the whole run (reduction and encoding included, see
    :mod:`satdoku.deadline`); a solver that cannot be interrupted (CaDiCaL, Lingeling, Kissat)
    then runs in a child process killed at the deadline (:mod:`satdoku.solver.guard`).
    """
    puzzle = as_puzzle(puzzle, box)
    yield from verified(puzzle, encoding, backend, limit, Deadline.after(timeout), strategy)


def verified(
    puzzle: Puzzle,
    encoding: str | ClassicEncoding | None,
    backend: str | None,
    limit: int | None,
    deadline: Deadline,
    strategy: str = "blocking",
) -> Iterator[Solution]:
    """:func:`solutions` under a ``deadline`` set by the caller: each answer verified."""
    for grid, stats in found_by(puzzle, encoding, backend, limit, deadline, strategy):
        check(puzzle, grid)
        yield Solution(puzzle, grid, stats)


def found_by(
    puzzle: Puzzle,
    encoding: str | ClassicEncoding | None,
    backend: str | None,
    limit: int | None,
    deadline: Deadline,
    strategy: str = "blocking",
) -> Iterator[Found]:
    """The unverified answers of ``backend`` (CP-SAT or python-sat with ``strategy``; None:
    the default for the puzzle's size)."""
    backend = default_backend(puzzle, backend, strategy)
    if backend == "cpsat":
        name = encoding if isinstance(encoding, str) else DEFAULT_CPSAT_MODEL
        return cpsat_solutions(puzzle, name, limit, deadline)
    if backend == DPLL:
        no_encoding(encoding)
        return dpll_solutions(puzzle, limit, deadline)
    enc = (
        get_encoding(encoding or default_encoding(puzzle))
        if not isinstance(encoding, ClassicEncoding)
        else encoding
    )
    return run_cnf(strategy, puzzle, enc, backend, limit, deadline)


def _cnf_solutions(
    puzzle: Puzzle,
    enc: ClassicEncoding,
    backend: str,
    limit: int | None,
    deadline: Deadline,
) -> Iterator[Found]:
    """Encode once, then solve, decode and block until ``limit`` or no more (or
    :class:`SolveTimeout` at the deadline)."""
    started = time.perf_counter()
    formula = enc.encode(puzzle, deadline)
    encode_time = time.perf_counter() - started
    var = formula.varmap.var
    blanks = puzzle.blanks
    found = 0
    with PysatBackend(backend) as solver:
        started = time.perf_counter()
        solver.load(formula, deadline)
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


def _branching_solutions(
    puzzle: Puzzle,
    enc: ClassicEncoding,
    backend: str,
    limit: int | None,
    deadline: Deadline,
) -> Iterator[Found]:
    """The grids of a :class:`PropagationTree`, with its statistics."""
    tree = PropagationTree(puzzle, enc, deadline)
    started = time.perf_counter()
    for grid in tree.grids(backend, limit):
        yield (
            grid,
            Stats(
                encoding=enc.spec,
                backend=backend,
                variables=tree.formula.nvars,
                clauses=tree.formula.nclauses,
                literals=tree.formula.nliterals,
                encode_time=tree.encode_time,
                solve_time=time.perf_counter() - started,
                decisions=tree.stats.nodes,
                conflicts=tree.stats.dead_ends,
            ),
        )
        started = time.perf_counter()


CnfStrategy = Callable[[Puzzle, ClassicEncoding, str, "int | None", Deadline], Iterator[Found]]
CNF_STRATEGIES: dict[str, CnfStrategy] = {
    "blocking": _cnf_solutions,
    "branching": _branching_solutions,
}


def cnf_strategy(name: str) -> CnfStrategy:
    """The python-sat enumeration strategy called ``name`` (``blocking`` or ``branching``)."""
    try:
        return CNF_STRATEGIES[name]
    except KeyError:
        raise UsageError(
            f"unknown strategy {name!r}; choose from {', '.join(CNF_STRATEGIES)}"
        ) from None


def run_cnf(
    strategy: str,
    puzzle: Puzzle,
    enc: ClassicEncoding,
    backend: str,
    limit: int | None,
    deadline: Deadline = NEVER,
) -> Iterator[Found]:
    """The answers of python-sat ``strategy``; a solver that cannot be interrupted keeps the
    ``deadline`` by running in a child process (:mod:`satdoku.solver.guard`)."""
    run = cnf_strategy(strategy)
    if deadline.limited and backend.startswith(UNINTERRUPTIBLE):
        return guarded(lambda: run(puzzle, enc, backend, limit, NEVER), deadline, backend)
    return run(puzzle, enc, backend, limit, deadline)


def solve(
    puzzle: Puzzle | str,
    *,
    encoding: str | ClassicEncoding | None = None,
    backend: str | None = None,
    timeout: float | None = None,
    box: Geometry | str | None = None,
) -> Solution | None:
    """The first solution of ``puzzle`` (a :class:`Puzzle` or its text), or None if it has none."""
    return next(
        solutions(puzzle, encoding=encoding, backend=backend, limit=1, timeout=timeout, box=box),
        None,
    )
