"""Count a puzzle's solutions, and prove it unique or show where two solutions differ.

Any backend counts (:mod:`satdoku.solver.registry`). By default, up to 16x16, the compiled
search (``dpll``) counts inside itself, building no grid, where it takes the puzzle: the
bitmask search for a plain Sudoku, the search over exactly-one constraints for other puzzles
of full units; otherwise python-sat, with the ``branching`` strategy up
to 16x16 (tree search over unit propagation, :mod:`satdoku.solver.branching`) and ``blocking``
from 25x25 up; ``cpsat`` enumerates natively; ``brute`` is plain backtracking without SAT, for
small grids and cross-checks. Every grid a backend hands over is verified first
(:func:`satdoku.verify.batch_checker`); every grid shown is verified.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from satdoku.deadline import Deadline, SolveTimeout
from satdoku.errors import UsageError
from satdoku.model import Grid, Puzzle
from satdoku.results import Solution
from satdoku.solver.backend import ModelKind
from satdoku.solver.bitgrid import search_one
from satdoku.solver.closest import closest_other_solution
from satdoku.solver.compiled import BITMASK
from satdoku.solver.defaults import default_encoding
from satdoku.solver.dpll import borrowed
from satdoku.solver.guard import guarded
from satdoku.solver.planner import Plan, Question, plan
from satdoku.solver.search import verified
from satdoku.status import Status
from satdoku.verify import batch_checker, check

if TYPE_CHECKING:
    from satdoku.proof.certificate import Certificate


@dataclass(frozen=True)
class Count:
    """How many solutions were found; ``complete`` is False when a limit or a time limit
    stopped the count (then there may be more). ``stopped`` says which: ``limit``,
    ``timeout`` or None; ``backend`` names the backend that counted."""

    count: int
    complete: bool
    backend: str = ""
    time: float = 0.0
    stopped: str | None = None

    @property
    def status(self) -> Status:
        """``no_solution``, ``unique``, ``multiple``; ``solved`` when a limit of 1 stopped
        the count at its first solution; ``unknown`` when time ran out before two."""
        if self.count >= 2:
            return Status.MULTIPLE
        if self.complete:
            return Status.UNIQUE if self.count else Status.NO_SOLUTION
        return Status.SOLVED if self.count and self.stopped == "limit" else Status.UNKNOWN

    def to_dict(self) -> dict[str, Any]:
        """The fields and the status as plain data."""
        return {
            "status": self.status.value,
            "count": self.count,
            "complete": self.complete,
            "backend": self.backend,
            "time": round(self.time, 6),
            "stopped": self.stopped,
        }


def count(
    puzzle: Puzzle,
    limit: int | None = None,
    *,
    backend: str | None = None,
    encoding: str | None = None,
    strategy: str | None = None,
    timeout: float | None = None,
) -> Count:
    """Count the solutions of ``puzzle``, at most ``limit`` of them, each verified.

    Args:
        puzzle: the :class:`Puzzle` (text becomes one at the doors: :func:`satdoku.count`).
        limit: the most solutions to count (None: all). The search goes one solution
            further, so a puzzle with exactly ``limit`` solutions is reported complete.
        backend, encoding: as for :func:`~satdoku.solver.search.solve`; ``brute`` counts by
            plain backtracking.
        strategy: ``blocking`` or ``branching`` for a python-sat backend (None: by size).
        timeout: seconds for the whole count.

    Returns:
        A :class:`Count`; a time-out gives a count that is not complete, never an exception.

    Raises:
        UsageError: as :func:`~satdoku.solver.search.solve`; also for a negative ``limit``.
    """
    if limit is not None and limit < 0:
        raise UsageError(f"the limit must be 0 or more, not {limit}")
    probe = None if limit is None else limit + 1
    chosen = plan(puzzle, Question.COUNT, probe, backend, encoding, strategy)
    started = time.perf_counter()
    deadline = Deadline.after(timeout)
    if chosen.counts_inside:
        counter = search_one if chosen.encoding == BITMASK else _compiled_count
        found, timed_out = counter(puzzle, probe, deadline)
    else:
        grids = (grid for grid, _ in chosen.found(puzzle, probe, deadline))
        found, timed_out = _count_grids(puzzle, grids)
    elapsed = time.perf_counter() - started
    name = chosen.backend.name
    if timed_out:
        return Count(found, False, name, elapsed, "timeout")
    if limit is not None and found > limit:
        return Count(limit, False, name, elapsed, "limit")
    return Count(found, True, name, elapsed)


BATCH = 4096
"""Grids verified together (numpy) while counting; the last, smaller batch is checked one grid
at a time, so small counts never import numpy."""


def _compiled_count(puzzle: Puzzle, limit: int | None, deadline: Deadline) -> tuple[int, bool]:
    """The count of the compiled search, inside it: no grid is built, so none is verified
    here (what it prints, through :func:`~satdoku.solver.search.solutions`, is)."""
    with borrowed(puzzle) as search:
        found, _ = search.count(puzzle, limit, None, deadline)
        return found, search.timed_out


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


@dataclass(frozen=True)
class Uniqueness:
    """The answer to "is this puzzle unique?": ``status`` is ``unique``, ``multiple``,
    ``no_solution`` or ``unknown`` (time-out); ``solutions`` holds up to two verified
    solutions and ``differences`` the cells (``r1c2``) where the two differ. ``certificate``:
    when asked for, the checked proof of a ``unique`` or ``no_solution`` answer
    (:mod:`satdoku.proof`)."""

    puzzle: Puzzle
    status: Status
    solutions: tuple[Solution, ...] = ()
    differences: tuple[str, ...] = field(default=())
    time: float = 0.0
    certificate: Certificate | None = None

    @property
    def unique(self) -> bool:
        return self.status is Status.UNIQUE

    @property
    def certified(self) -> bool:
        """Whether the answer's proof was checked and verified (never for ``multiple``)."""
        return self.certificate is not None and self.certificate.certified


def uniqueness(
    puzzle: Puzzle,
    *,
    encoding: str | None = None,
    backend: str | None = None,
    strategy: str | None = None,
    timeout: float | None = None,
    closest: bool = True,
    certify: bool = False,
    proof: str | os.PathLike[str] | None = None,
) -> Uniqueness:
    """Search for two solutions: none, one (a uniqueness proof) or two, with the cells where
    they differ.

    Args:
        puzzle, backend, encoding: as for :func:`~satdoku.solver.search.solve`.
        strategy: for a python-sat backend; None: ``blocking`` (a CDCL solver's search: a
            single hard proof is what it is good at).
        timeout: seconds for the whole check; when it runs out during the closest-solution
            step, the second solution found is kept.
        closest: show as second solution the one nearest to the first (fewest cells
            changed, by MaxSAT), so ``differences`` is as small as it can be for that first
            solution (for puzzles whose constraints are all units); otherwise the second
            solution found.
        certify: prove a ``unique`` or ``no_solution`` answer and check the proof
            (:func:`satdoku.proof.certify`): CaDiCaL refutes the puzzle's CNF without the
            solution found, from scratch, whichever backend searched; ``timeout`` covers it.
        proof: certify, and keep the formula and the proof as ``PROOF.cnf`` and
            ``PROOF.drat``.

    Returns:
        A :class:`Uniqueness`.

    Raises:
        UsageError: as :func:`~satdoku.solver.search.solve`; a proof prefix that names no
            file, or a proof checker that is not built.
    """
    chosen = plan(puzzle, Question.SOLUTIONS, 2, backend, encoding, strategy)
    started = time.perf_counter()
    deadline = Deadline.after(timeout)
    try:
        found = tuple(verified(puzzle, chosen, 2, deadline))
    except SolveTimeout:
        return Uniqueness(puzzle, Status.UNKNOWN, time=time.perf_counter() - started)
    elapsed = time.perf_counter() - started
    if len(found) < 2:
        status = Status.UNIQUE if found else Status.NO_SOLUTION
        checked = None
        if certify or proof is not None:
            checked = _certificate(puzzle, found, chosen, deadline, proof)
        return Uniqueness(puzzle, status, found, time=elapsed, certificate=checked)
    if closest and all(c.distinct for c in puzzle.constraints):
        nearest = _closest(puzzle, found[0].grid, deadline)
        if nearest is not None:
            check(puzzle, nearest)
            found = (found[0], Solution(puzzle, nearest, found[1].stats))
        elapsed = time.perf_counter() - started
    first, second = found[0].grid, found[1].grid
    differ = tuple(
        puzzle.cell_name(i) for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b
    )
    return Uniqueness(puzzle, Status.MULTIPLE, found, differ, elapsed)


def _certificate(
    puzzle: Puzzle,
    found: tuple[Solution, ...],
    chosen: Plan,
    deadline: Deadline,
    prefix: str | os.PathLike[str] | None,
) -> Certificate:
    """The checked proof of the answer ``found``, over the CNF the chosen backend searched (or
    the CNF default when it searched none)."""
    from satdoku.proof.certificate import certify  # proofs are seldom asked for

    spec = chosen.encoding
    cnf = chosen.backend.capabilities.model is ModelKind.CNF and "native" not in spec.split("+")
    encoding = spec if cnf else default_encoding(puzzle)
    grid = found[0].grid if found else None
    return certify(
        puzzle, grid, encoding=encoding, deadline=deadline, prefix=prefix, isolate=guarded
    )


def _closest(puzzle: Puzzle, grid: Grid, deadline: Deadline) -> Grid | None:
    """:func:`closest_other_solution` (MaxSAT, which cannot look at the clock: in a child
    process under a time limit), or None when ``deadline`` passes first."""
    if not deadline.limited:
        return closest_other_solution(puzzle, grid)
    try:
        [nearest] = guarded(partial(_closest_only, puzzle, grid), deadline, "rc2")
    except SolveTimeout:
        return None
    return nearest


def _closest_only(puzzle: Puzzle, grid: Grid) -> Iterator[Grid | None]:
    """:func:`closest_other_solution` as the one item of an iterator (for a child process)."""
    yield closest_other_solution(puzzle, grid)


def is_unique(puzzle: Puzzle, **options: Any) -> bool:
    """True when ``puzzle`` has exactly one solution (the search stops at the second);
    ``options`` as for :func:`uniqueness`."""
    return uniqueness(puzzle, **options).unique
