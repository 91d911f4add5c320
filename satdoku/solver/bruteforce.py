"""A plain backtracking search over the model's constraints: no SAT, no encoding.

It exists to cross-check the SAT and CP-SAT counts on small grids (4x4, 6x6) and shares no
code with them: it fills the blanks one at a time in cell order, trying every value that no
peer holds, and checks each other rule (sums, ...) by its own check when its last cell is
filled.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import islice

from satdoku.deadline import NEVER, Deadline
from satdoku.model import Constraint, Grid, Puzzle
from satdoku.results import Stats
from satdoku.solver.backend import (
    Capabilities,
    Found,
    ModelKind,
    NamedEncodings,
)

CHECK_EVERY = 4096
"""Cells filled between two looks at the deadline."""
MAX_VALUES = 9
"""The largest grids it takes (9x9): it recurses once per blank cell and learns nothing, so a
16x16 count runs for hours; it is meant for small grids."""


class BruteForceBackend(NamedEncodings):
    """:func:`brute_force_grids` as a backend (it takes no encoding)."""

    name = "brute"
    capabilities = Capabilities(model=ModelKind.PUZZLE, encodings=(), max_values=MAX_VALUES)

    def solutions(
        self,
        puzzle: Puzzle,
        encoding: str,
        limit: int | None,
        deadline: Deadline,
        strategy: str | None,
    ) -> Iterator[Found]:
        started = time.perf_counter()
        for grid in islice(brute_force_grids(puzzle, deadline), limit):
            yield grid, Stats(backend=self.name, solve_time=time.perf_counter() - started)
            started = time.perf_counter()


def brute_force_count(puzzle: Puzzle, limit: int | None = None) -> int:
    """The number of solutions of ``puzzle``, at most ``limit``: slow, simple, independent."""
    return sum(1 for _ in islice(brute_force_grids(puzzle), limit))


def brute_force_grids(puzzle: Puzzle, deadline: Deadline = NEVER) -> Iterator[Grid]:
    """Every solution of ``puzzle`` in cell order; raises
    :class:`~satdoku.deadline.SolveTimeout` once ``deadline`` has passed."""
    grid = list(puzzle.givens)
    peers = [sorted(p) for p in puzzle.peers]
    for cell, value in enumerate(grid):
        if value and any(grid[p] == value for p in peers[cell]):
            return
        if value and not 1 <= value <= puzzle.values:
            return
    # peers keep the units; a rule that is more than a unit (a cage's total) checks itself
    rules = [
        c for c in puzzle.constraints if c.needs(puzzle.values) not in ("unit", "partial-unit")
    ]
    blanks = [i for i, v in enumerate(grid) if v == 0]
    order = {cell: k for k, cell in enumerate(blanks)}
    # each rule is checked once its last blank (in fill order) is filled, or up front
    closing: dict[int, list[Constraint]] = {}
    for rule in rules:
        last = max((order[c] for c in rule.cells if c in order), default=-1)
        if last < 0:
            if puzzle.problem(rule, grid) is not None:
                return
        else:
            closing.setdefault(blanks[last], []).append(rule)
    values = range(1, puzzle.values + 1)
    filled = 0

    def fill(k: int) -> Iterator[Grid]:
        """Every completion of blanks[k:]."""
        nonlocal filled
        if k == len(blanks):
            yield tuple(grid)
            return
        filled += 1
        if filled % CHECK_EVERY == 0:
            deadline.check()
        cell = blanks[k]
        taken = {grid[p] for p in peers[cell]}
        for value in values:
            if value in taken:
                continue
            grid[cell] = value
            if all(puzzle.problem(rule, grid) is None for rule in closing.get(cell, ())):
                yield from fill(k + 1)
        grid[cell] = 0

    yield from fill(0)
