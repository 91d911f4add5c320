"""The bitmask search: many plain Sudokus of one box shape per call, compiled.

Each cell keeps a mask of its open values; placing a value removes it from the peers' masks
(naked singles), a value with one place left in a unit goes there (hidden singles), and the
intersections of boxes with rows and columns remove what they lock (pointing and claiming).
Then it branches on a cell with the fewest open values; no learning. On 9x9 it also knows that
a row or column within a box holds three values, and branches instead on the ways one value
can cross a band or stack of boxes; a 9x9 search that outlives 20,000 nodes starts again
split over the cores (:data:`THREADS`), with the answer one thread gives. Cells may be
limited to some values (pencil marks, even and odd cells: the
:class:`~satdoku.constraints.values.Values` rule). A whole chunk of puzzles goes to the C extension
(``satdoku/solver/_bitgrid.c``) in one call, and what comes back is checked a chunk at a time
(:mod:`satdoku.verify`) before anyone sees it. This is what ``satdoku batch``
runs on plain Sudokus below 25x25 when no backend, encoding or conflict budget is named
(docs/benchmarks.md, "Throughput").
"""

from __future__ import annotations

import importlib
import os
import time
from array import array
from collections.abc import Iterator, Sequence
from enum import IntEnum

from satdoku.constraints.values import Values
from satdoku.deadline import Deadline
from satdoku.errors import UsageError, VerificationError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Grid, Puzzle
from satdoku.results import Stats
from satdoku.solver.compiled import BACKEND, BITMASK, BudgetSpent
from satdoku.solver.defaults import BIG_VALUES
from satdoku.verify import check, grid_failures, plain_failures

try:
    solve_many = importlib.import_module("satdoku.solver._bitgrid").solve_many
except ImportError:  # built without a C compiler
    solve_many = None

MAX_VALUES = 32
"""The largest grids it takes: a value per bit of a 32-bit mask."""
CHECKED_AT_ONCE = 32
"""Puzzles from which a call's grids are checked all together; fewer are checked one by one,
each as its puzzle (as in a database's call per row)."""
CHECKED_IN_PYTHON = 4096
"""The most grids of 9x9 or smaller checked together in Python
(:func:`satdoku.verify.grid_failures`); more are checked with numpy
(:func:`satdoku.verify.plain_failures`), whose import (about 0.1 s) costs less than
checking them in Python."""
TWINS = "solution failed verification: two solutions are one grid"
NODE_BUDGET = 200_000
"""Search nodes per puzzle before the search gives it up (hard 9x9 puzzles need a few
hundred; docs/benchmarks.md)."""


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


THREADS = min(_cores(), 64)
"""The threads over which the search of one 9x9 puzzle is split once it outlives 20,000
nodes (a batch searches each puzzle on one thread)."""


class Ending(IntEnum):
    """How the search of one puzzle ended."""

    SPENT = 0
    """The node budget ran out first."""
    EXHAUSTED = 1
    """The whole tree was searched: the count is complete."""
    LIMIT = 2
    """The count reached the limit."""
    TIMED_OUT = 3
    """The time per puzzle ran out first."""


_ENDINGS = tuple(Ending)


class Answer:
    """What the search found for one puzzle: ``count`` solutions (up to the limit), the first
    two of them verified in ``grids`` (a value per cell, one byte each), how it ended, and
    why a grid failed verification (``error``; then ``grids`` is empty): an internal error.
    A plain class: quicker to create at import than a dataclass."""

    __slots__ = ("count", "ending", "error", "grids")

    def __init__(
        self, count: int, grids: tuple[bytes, ...], ending: Ending, error: str | None = None
    ) -> None:
        self.count = count
        self.grids = grids
        self.ending = ending
        self.error = error

    @property
    def complete(self) -> bool:
        """Whether ``count`` is every solution there is."""
        return self.ending is Ending.EXHAUSTED


def available() -> bool:
    """Whether the compiled search is installed."""
    return solve_many is not None


def fits(geometry: Geometry) -> bool:
    """Whether the search is built and takes plain Sudokus of ``geometry``."""
    return solve_many is not None and geometry.size <= MAX_VALUES


def search_many(
    geometry: Geometry,
    givens: Sequence[Sequence[int]],
    limit: int | None = 2,
    budget: int = NODE_BUDGET,
    timeout: float | None = None,
) -> list[Answer]:
    """Count the solutions of plain Sudokus of ``geometry``, one :class:`Answer` each: up to
    ``limit`` (None: all), within ``budget`` nodes (0: no bound) and ``timeout`` seconds per
    puzzle. Each puzzle's givens are a value 0..N per cell (0: blank)."""
    if solve_many is None or geometry.size > MAX_VALUES:
        raise UsageError(f"the bitmask search is not built or does not take {geometry} boxes")
    if not givens:
        return []
    if limit is not None and limit < 1:
        return [Answer(0, (), Ending.LIMIT) for _ in givens]
    packed = b"".join(map(bytes, givens))
    counts, endings, found = _search(geometry, packed, limit, budget, timeout)
    errors = _failures(geometry, packed, counts, found)
    nc = geometry.ncells
    answers = []
    for i, (k, e) in enumerate(zip(counts, endings, strict=True)):
        at = 2 * i * nc
        if i in errors:
            answers.append(Answer(k, (), _ENDINGS[e], errors[i]))
        elif k == 1:
            answers.append(Answer(k, (found[at : at + nc],), _ENDINGS[e]))
        elif k:
            answers.append(
                Answer(k, (found[at : at + nc], found[at + nc : at + 2 * nc]), _ENDINGS[e])
            )
        else:
            answers.append(Answer(k, (), _ENDINGS[e]))
    return answers


def _failures(geometry: Geometry, packed: bytes, counts: list[int], found: bytes) -> dict[int, str]:
    """The puzzles whose grids in ``found`` (two slots per puzzle, the first ``counts[i]``
    of them filled) fail verification, with why: one by one when they are fewer than
    :data:`CHECKED_AT_ONCE`, else all together, in Python up to :data:`CHECKED_IN_PYTHON`
    grids of 9x9 or smaller, with numpy beyond."""
    if len(counts) < CHECKED_AT_ONCE:
        return _failures_one_by_one(geometry, packed, counts, found)
    filled = 2 * len(counts) - 2 * counts.count(0) - counts.count(1)  # up to two a puzzle
    if geometry.size <= 9 and filled <= CHECKED_IN_PYTHON:
        return _failures_in_python(geometry, packed, counts, found)
    import numpy as np

    nc = geometry.ncells
    puzzles = np.frombuffer(packed, dtype=np.uint8).reshape(len(counts), nc)
    slots = np.frombuffer(found, dtype=np.uint8).reshape(len(counts), 2, nc)
    count = np.array(counts)
    first = np.flatnonzero(count >= 1)
    second = np.flatnonzero(count >= 2)
    owners = np.concatenate((first, second))
    grids = np.concatenate((slots[first, 0], slots[second, 1]))
    errors = {
        int(owners[m]): why for m, why in plain_failures(geometry, puzzles[owners], grids).items()
    }
    twins = second[(slots[second, 0] == slots[second, 1]).all(axis=1)]
    for i in twins.tolist():
        errors.setdefault(i, TWINS)
    return errors


def _failures_in_python(
    geometry: Geometry, packed: bytes, counts: list[int], found: bytes
) -> dict[int, str]:
    """:func:`_failures` without numpy (:func:`~satdoku.verify.grid_failures`)."""
    nc = geometry.ncells
    first = [i for i, k in enumerate(counts) if k >= 1]
    second = [i for i, k in enumerate(counts) if k >= 2]
    owners = first + second
    grids = [found[2 * i * nc : (2 * i + 1) * nc] for i in first]
    grids += [found[(2 * i + 1) * nc : (2 * i + 2) * nc] for i in second]
    puzzles = [packed[i * nc : (i + 1) * nc] for i in owners]
    errors = {owners[m]: why for m, why in grid_failures(geometry, puzzles, grids).items()}
    for m, i in enumerate(second, len(first)):
        if grids[m] == found[2 * i * nc : (2 * i + 1) * nc]:
            errors.setdefault(i, TWINS)
    return errors


def _failures_one_by_one(
    geometry: Geometry, packed: bytes, counts: list[int], found: bytes
) -> dict[int, str]:
    """:func:`_failures` with :func:`~satdoku.verify.check`, grid by grid."""
    nc = geometry.ncells
    errors = {}
    for i, k in enumerate(counts):
        grids = [tuple(found[(2 * i + j) * nc : (2 * i + j + 1) * nc]) for j in range(min(k, 2))]
        puzzle = sudoku(geometry, packed[i * nc : (i + 1) * nc])
        try:
            for grid in grids:
                check(puzzle, grid)
        except VerificationError as err:
            errors[i] = str(err)
        else:
            if len(grids) == 2 and grids[0] == grids[1]:
                errors[i] = TWINS
    return errors


def _search(
    geometry: Geometry,
    packed: bytes,
    limit: int | None,
    budget: int,
    timeout: float | None,
    allowed: array[int] | None = None,
    threads: int = 1,
) -> tuple[list[int], bytes, bytes]:
    """The extension's call: counts, endings and two unverified grids per puzzle; ``allowed``:
    the values each cell may take (:func:`limits`), ``threads``: see :data:`THREADS`."""
    assert solve_many is not None
    return solve_many(  # type: ignore[no-any-return]
        geometry.box_rows,
        geometry.box_cols,
        packed,
        limit=limit or 0,
        budget=budget,
        seconds=timeout or 0.0,
        allowed=None if allowed is None else allowed.tobytes(),
        threads=threads,
    )


def takes(puzzle: Puzzle) -> bool:
    """Whether the search is built and takes ``puzzle``: a plain Sudoku below 25x25, whose
    cells may be limited to some values (it counts every solution but keeps two, so it lists
    at most two)."""
    geometry = puzzle.geometry
    if geometry is None or not fits(geometry) or geometry.size >= BIG_VALUES:
        return False
    return puzzle.plain or limits(puzzle) is not None


def limits(puzzle: Puzzle) -> array[int] | None:
    """The values each cell of ``puzzle`` may take, as the search reads them (a 32-bit mask a
    cell, bit v-1 for position v), when it is a plain Sudoku but for
    :class:`~satdoku.constraints.values.Values` rules; None for any other puzzle, and for a
    plain Sudoku (whose cells take every value)."""
    geometry = puzzle.geometry
    if geometry is None or puzzle.plain:
        return None
    units = [c for c in puzzle.constraints if not isinstance(c, Values)]
    expected = geometry.rows + geometry.cols + geometry.boxes
    if len(units) != len(expected) or not all(
        c.distinct and c.cells == cells for c, cells in zip(units, expected, strict=True)
    ):
        return None
    masks = array("I", [(1 << geometry.size) - 1]) * geometry.ncells
    for c in puzzle.constraints:
        if isinstance(c, Values):
            positions = (v - puzzle.first + 1 for v in c.values)
            masks[c.cell] &= sum(1 << (p - 1) for p in set(positions) if 1 <= p <= geometry.size)
    return masks


def lists(puzzle: Puzzle, limit: int | None) -> bool:
    """Whether the search takes ``puzzle`` and can list the solutions wanted: at most the two
    it keeps."""
    return limit in (1, 2) and takes(puzzle)


def search_one(puzzle: Puzzle, limit: int | None, deadline: Deadline) -> tuple[int, bool]:
    """The solutions of one puzzle the search takes (:func:`takes`), counted inside it up to
    ``limit`` (None: all), and whether the ``deadline`` stopped it; the grids it keeps are
    verified against the puzzle."""
    geometry = puzzle.geometry
    assert geometry is not None
    seconds = deadline.remaining() if deadline.limited else None
    if seconds is not None and seconds <= 0:
        return 0, True
    counts, endings, found = _search(
        geometry, bytes(puzzle.givens), limit, 0, seconds, limits(puzzle), THREADS
    )
    nc = geometry.ncells
    grids = [tuple(found[j * nc : (j + 1) * nc]) for j in range(min(counts[0], 2))]
    for grid in grids:
        check(puzzle, grid)
    if len(grids) == 2 and grids[0] == grids[1]:
        raise VerificationError(TWINS)
    return counts[0], endings[0] == Ending.TIMED_OUT


def bitmask_solutions(
    puzzle: Puzzle, limit: int | None, deadline: Deadline, budget: int = NODE_BUDGET
) -> Iterator[tuple[Grid, Stats]]:
    """The unverified answers of the search for one puzzle (see :func:`takes`), with
    statistics; :class:`~satdoku.solver.compiled.BudgetSpent` after the last one when ``budget``
    nodes did not search the tree, :class:`~satdoku.deadline.SolveTimeout` when the
    ``deadline`` passed first."""
    deadline.check()
    geometry = puzzle.geometry
    assert geometry is not None
    started = time.perf_counter()
    remaining = max(deadline.remaining(), 1e-9) if deadline.limited else None
    counts, endings, found = _search(
        geometry, bytes(puzzle.givens), limit, budget, remaining, limits(puzzle), THREADS
    )
    stats = Stats(
        encoding=BITMASK,
        backend=BACKEND,
        variables=geometry.ncells * geometry.size,
        solve_time=time.perf_counter() - started,
    )
    nc = geometry.ncells
    for j in range(min(counts[0], 2)):
        yield tuple(found[j * nc : (j + 1) * nc]), stats
    if endings[0] == Ending.SPENT:
        raise BudgetSpent
    if endings[0] == Ending.TIMED_OUT:
        raise deadline.error()
