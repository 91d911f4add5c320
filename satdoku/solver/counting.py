"""Count a puzzle's solutions, and prove it unique or show where two solutions differ.

Methods, chosen by name:

* ``sat``: python-sat; by default the ``branching`` strategy (tree search over unit
  propagation, :mod:`satdoku.solver.branching`), or ``blocking`` (one blocking clause per
  solution over the blank cells' variables; the default from 25x25 up);
* ``cpsat``: OR-Tools CP-SAT native enumeration (one worker, duplicates removed);
* ``dpll``: the compiled DPLL search over exactly-one constraints (:mod:`satdoku.solver.dpll`;
  puzzles made of full units only);
* ``brute``: plain backtracking without SAT (:mod:`satdoku.solver.bruteforce`), for small
  grids and cross-checks.

Every grid the SAT and CP-SAT methods count is verified first (:func:`satdoku.verify.batch_checker`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from satdoku.deadline import Deadline, SolveTimeout
from satdoku.encodings import ClassicEncoding, get_encoding
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.model import AllDifferent, Grid, Puzzle
from satdoku.solver.branching import PropagationTree
from satdoku.solver.bruteforce import brute_force_search
from satdoku.solver.closest import closest_other_solution
from satdoku.solver.cpsat_backend import DEFAULT_CPSAT_MODEL, cpsat_solutions
from satdoku.solver.defaults import default_backend, default_encoding, default_strategy
from satdoku.solver.dpll import BACKEND as DPLL
from satdoku.solver.dpll import dpll_solutions, no_encoding
from satdoku.solver.guard import guarded
from satdoku.solver.result import Solution
from satdoku.solver.search import as_puzzle, run_cnf, verified
from satdoku.verify import batch_checker, check


@dataclass(frozen=True)
class Count:
    """How many solutions were found; ``complete`` is False when a limit or a time limit
    stopped the count (then there may be more). ``stopped`` says which: ``limit``,
    ``timeout`` or ``None``."""

    count: int
    complete: bool
    method: str = "sat"
    time: float = 0.0
    stopped: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "complete": self.complete,
            "method": self.method,
            "time": round(self.time, 6),
            "stopped": self.stopped,
        }


def count(
    puzzle: Puzzle | str,
    limit: int | None = None,
    method: str = "sat",
    *,
    encoding: str | None = None,
    backend: str | None = None,
    strategy: str | None = None,
    timeout: float | None = None,
    box: Geometry | str | None = None,
) -> Count:
    """Count the solutions of ``puzzle``, at most ``limit`` of them.

    With a limit the search goes one solution further, so a puzzle with exactly ``limit``
    solutions is reported ``complete``. ``encoding``/``backend``/``strategy`` refine the ``sat``
    method (``encoding`` names the CP-SAT model for ``cpsat``; ``backend="cpsat"`` selects the
    ``cpsat`` method); left out, they are chosen by grid size
    (:mod:`satdoku.solver.defaults`). A time-out gives a count that is
    not complete, never an exception.
    """
    puzzle = as_puzzle(puzzle, box)
    if backend in ("cpsat", DPLL):  # as in solve(): these backends are methods of their own
        method = backend
    if limit is not None and limit < 0:
        raise UsageError(f"the limit must be 0 or more, not {limit}")
    if method not in METHODS:
        raise UsageError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    started = time.perf_counter()
    deadline = Deadline.after(timeout)
    probe = None if limit is None else limit + 1
    strategy = default_strategy(puzzle, strategy)
    found, timed_out = METHODS[method](puzzle, probe, encoding, backend, strategy, deadline)
    elapsed = time.perf_counter() - started
    if timed_out:
        return Count(found, False, method, elapsed, "timeout")
    if limit is not None and found > limit:
        return Count(limit, False, method, elapsed, "limit")
    return Count(found, True, method, elapsed)


CountMethod = Callable[
    [Puzzle, "int | None", "str | None", "str | None", str, Deadline], tuple[int, bool]
]


BATCH = 4096
"""Grids verified together (numpy) while counting; the last, smaller batch is checked one grid
at a time, so small counts never import numpy."""


def _count_grids(puzzle: Puzzle, grids: Iterator[Grid]) -> tuple[int, bool]:
    """Verify and count grids; a :class:`SolveTimeout` ends the count as not complete."""
    found = 0
    batch: list[Grid] = []
    timed_out = False
    try:
        for grid in grids:
            batch.append(grid)
            if len(batch) == BATCH:
                batch_checker(puzzle)(batch)
                found += len(batch)
                batch.clear()
    except SolveTimeout:
        timed_out = True
    for grid in batch:
        check(puzzle, grid)
    return found + len(batch), timed_out


def _count_sat(
    puzzle: Puzzle,
    limit: int | None,
    encoding: str | None,
    backend: str | None,
    strategy: str,
    deadline: Deadline,
) -> tuple[int, bool]:
    enc = get_encoding(encoding or default_encoding(puzzle))
    backend = default_backend(puzzle, backend, strategy)
    if strategy == "branching":  # straight from the tree: no per-solution statistics
        return _count_grids(puzzle, _tree_grids(puzzle, enc, backend, limit, deadline))
    found = run_cnf(strategy, puzzle, enc, backend, limit, deadline)
    return _count_grids(puzzle, (grid for grid, _ in found))


def _tree_grids(
    puzzle: Puzzle, enc: ClassicEncoding, backend: str, limit: int | None, deadline: Deadline
) -> Iterator[Grid]:
    """The grids of a :class:`PropagationTree`, built (and encoded) on the first ``next``."""
    yield from PropagationTree(puzzle, enc, deadline).grids(backend, limit)


def _count_cpsat(
    puzzle: Puzzle,
    limit: int | None,
    encoding: str | None,
    backend: str | None,
    strategy: str,
    deadline: Deadline,
) -> tuple[int, bool]:
    found = cpsat_solutions(puzzle, encoding or DEFAULT_CPSAT_MODEL, limit, deadline)
    return _count_grids(puzzle, (grid for grid, _ in found))


def _count_dpll(
    puzzle: Puzzle,
    limit: int | None,
    encoding: str | None,
    backend: str | None,
    strategy: str,
    deadline: Deadline,
) -> tuple[int, bool]:
    no_encoding(encoding)
    return _count_grids(puzzle, (grid for grid, _ in dpll_solutions(puzzle, limit, deadline)))


def _count_brute(
    puzzle: Puzzle,
    limit: int | None,
    encoding: str | None,
    backend: str | None,
    strategy: str,
    deadline: Deadline,
) -> tuple[int, bool]:
    return brute_force_search(puzzle, limit, deadline)


METHODS: dict[str, CountMethod] = {
    "sat": _count_sat,
    "cpsat": _count_cpsat,
    DPLL: _count_dpll,
    "brute": _count_brute,
}


@dataclass(frozen=True)
class Uniqueness:
    """The answer to "is this puzzle unique?": ``status`` is ``unique``, ``multiple``,
    ``none`` or ``unknown`` (time-out); ``solutions`` holds up to two verified solutions and
    ``differences`` the cells (``r1c2``) where the two differ."""

    puzzle: Puzzle
    status: str
    solutions: tuple[Solution, ...] = ()
    differences: tuple[str, ...] = field(default=())
    time: float = 0.0

    @property
    def unique(self) -> bool:
        return self.status == "unique"

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "solutions": [s.line for s in self.solutions],
            "differences": list(self.differences),
            "time": round(self.time, 6),
        }


def uniqueness(
    puzzle: Puzzle | str,
    *,
    encoding: str | None = None,
    backend: str | None = None,
    strategy: str = "blocking",
    timeout: float | None = None,
    box: Geometry | str | None = None,
    closest: bool = True,
) -> Uniqueness:
    """Search for two solutions: none, one (a uniqueness proof) or two, with the cells where
    they differ. ``backend`` may be ``cpsat``. Blocking clauses (a CDCL solver's search) are the
    default here: a single hard proof is what it is good at.

    With ``closest`` (default) the second solution shown is the one nearest to the first
    (fewest cells changed, by MaxSAT), so ``differences`` is as small as it can be for that
    first solution (for puzzles whose constraints are all units: the CNF encodings' scope);
    otherwise it is simply the second solution found. ``timeout`` covers the whole check;
    when it runs out during the MaxSAT step, the second solution found is kept."""
    puzzle = as_puzzle(puzzle, box)
    started = time.perf_counter()
    deadline = Deadline.after(timeout)
    try:
        found = tuple(verified(puzzle, encoding, backend, 2, deadline, strategy))
    except SolveTimeout:
        return Uniqueness(puzzle, "unknown", time=time.perf_counter() - started)
    elapsed = time.perf_counter() - started
    if len(found) < 2:
        return Uniqueness(puzzle, ("none", "unique")[len(found)], found, time=elapsed)
    if closest and all(isinstance(c, AllDifferent) for c in puzzle.constraints):
        nearest = _closest(puzzle, found[0].grid, deadline)
        if nearest is not None:
            check(puzzle, nearest)
            found = (found[0], Solution(puzzle, nearest, found[1].stats))
        elapsed = time.perf_counter() - started
    first, second = found[0].grid, found[1].grid
    differ = tuple(
        puzzle.cell_name(i) for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b
    )
    return Uniqueness(puzzle, "multiple", found, differ, elapsed)


def _closest(puzzle: Puzzle, grid: Grid, deadline: Deadline) -> Grid | None:
    """:func:`closest_other_solution` (MaxSAT, which cannot look at the clock: in a child
    process under a time limit), or None when ``deadline`` passes first."""
    if not deadline.limited:
        return closest_other_solution(puzzle, grid)
    try:
        [nearest] = guarded(lambda: iter([closest_other_solution(puzzle, grid)]), deadline, "rc2")
    except SolveTimeout:
        return None
    return nearest


def is_unique(puzzle: Puzzle | str, **options: Any) -> bool:
    """True when ``puzzle`` has exactly one solution (the search stops at the second)."""
    return uniqueness(puzzle, **options).unique
