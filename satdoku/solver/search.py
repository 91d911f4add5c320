"""Solve a puzzle: encode it, run a backend, decode and verify every grid it finds.

Every answer after the first is found by blocking the previous one with a clause over the
cell variables of the blank cells only, so auxiliary variables never multiply answers.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from satdoku.encodings import DEFAULT_ENCODING, ClassicEncoding, get_encoding
from satdoku.errors import SatdokuError
from satdoku.formats.text import parse_puzzle
from satdoku.geometry import Geometry
from satdoku.model import Puzzle
from satdoku.solver.pysat_backend import PysatBackend
from satdoku.solver.result import Solution, Stats
from satdoku.verify import check

DEFAULT_BACKEND = "minisat22"


class SolveTimeout(SatdokuError):
    """The time limit ran out before the backend decided: the answer is unknown."""


def as_puzzle(puzzle: Puzzle | str, box: Geometry | str | None = None) -> Puzzle:
    """A :class:`Puzzle` as it is, or parsed from text (``box`` like ``"2x3"`` when needed)."""
    if isinstance(puzzle, Puzzle):
        return puzzle
    geometry = Geometry.parse(box) if isinstance(box, str) else box
    return parse_puzzle(puzzle, geometry)


def solutions(
    puzzle: Puzzle | str,
    *,
    encoding: str | ClassicEncoding = DEFAULT_ENCODING,
    backend: str = DEFAULT_BACKEND,
    limit: int | None = None,
    timeout: float | None = None,
    box: Geometry | str | None = None,
) -> Iterator[Solution]:
    """Yield the puzzle's solutions one by one, each verified, at most ``limit`` of them.

    Raises :class:`SolveTimeout` when ``timeout`` seconds (for the whole run) pass first.
    """
    puzzle = as_puzzle(puzzle, box)
    enc = get_encoding(encoding) if isinstance(encoding, str) else encoding
    deadline = None if timeout is None else time.monotonic() + timeout
    started = time.perf_counter()
    formula = enc.encode(puzzle)
    encode_time = time.perf_counter() - started
    var = formula.varmap.var
    blanks = puzzle.blanks
    found = 0
    with PysatBackend(backend) as solver:
        solver.load(formula)
        while limit is None or found < limit:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                raise SolveTimeout(f"no answer within {timeout:g} s")
            started = time.perf_counter()
            outcome = solver.solve(timeout=remaining)
            solve_time = time.perf_counter() - started
            if outcome is None:
                raise SolveTimeout(f"no answer within {timeout:g} s")
            if not outcome:
                return
            grid = formula.decode(solver.model())
            check(puzzle, grid)
            counters = solver.stats()
            stats = Stats(
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
                propagation_only=counters.get("decisions", 0) == 0 if found == 0 else None,
            )
            yield Solution(puzzle, grid, stats)
            found += 1
            blocking = [-var(c, grid[c]) for c in blanks]
            if not blocking:
                return
            solver.add_clause(blocking)


def solve(
    puzzle: Puzzle | str,
    *,
    encoding: str | ClassicEncoding = DEFAULT_ENCODING,
    backend: str = DEFAULT_BACKEND,
    timeout: float | None = None,
    box: Geometry | str | None = None,
) -> Solution | None:
    """The first solution of ``puzzle`` (a :class:`Puzzle` or its text), or None if it has none."""
    return next(
        solutions(puzzle, encoding=encoding, backend=backend, limit=1, timeout=timeout, box=box),
        None,
    )
