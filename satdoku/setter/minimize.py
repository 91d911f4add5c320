"""A minimal unique puzzle inside a unique one: a subset of its givens (or rule instances)
that keeps it unique, from which no single item can be taken out.

The items are tried once each in an order shuffled by the seed, on one incremental solver
holding the solution's blocking clause (:mod:`satdoku.setter.switchboard`): an item goes when
no grid other than the solution keeps the items left without it. The refutation also names
the items it used (its core); those outside it go at once, since the puzzle of the core is
already unique. An item kept has a grid that keeps every item left at its turn but itself,
and the items only shrink afterwards, so that grid still shows it needed at the end: the
result is minimal. It is checked apart from that solver: a count of the minimal puzzle, its
items a subset of the puzzle's, and each kept item's grid verified against the minimal puzzle
without it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from satdoku.deadline import Deadline, SolveTimeout
from satdoku.errors import VerificationError
from satdoku.model import Grid, Puzzle
from satdoku.setter.items import Item, items, names, without
from satdoku.setter.recount import Recount, confirm_other
from satdoku.setter.switchboard import BACKEND, Switchboard
from satdoku.status import Status
from satdoku.verify import check


@dataclass(frozen=True)
class Minimized:
    """A minimal unique puzzle inside ``puzzle`` (``minimal``), when the status is unique;
    the items of ``weighed`` taken out (``removed``) and kept."""

    puzzle: Puzzle
    status: Status
    consider: str
    seed: int | str
    weighed: tuple[Item, ...]
    minimal: Puzzle | None = None
    removed: tuple[Item, ...] = ()
    solutions: tuple[Grid, ...] = ()
    time: float = 0.0
    witnesses: dict[str, Grid] = field(default_factory=dict, compare=False)
    """For each item kept, a second solution of the minimal puzzle without it."""

    @property
    def kept(self) -> tuple[Item, ...]:
        gone = set(self.removed)
        return tuple(item for item in self.weighed if item not in gone)

    def to_dict(self) -> dict[str, Any]:
        unique = self.minimal is not None
        return {
            "status": str(self.status),
            "consider": self.consider,
            "seed": self.seed,
            "weighed": len(self.weighed),
            "kept": len(self.kept) if unique else None,
            "removed": names(self.removed) if unique else None,
            "time": round(self.time, 6),
        }


def minimize(
    puzzle: Puzzle,
    *,
    seed: int | str = 0,
    consider: str = "givens",
    timeout: float | None = None,
    backend: str = BACKEND,
) -> Minimized:
    """A minimal subset of the items ``consider`` weighs (``givens``, ``rules`` or ``both``)
    that keeps ``puzzle`` unique, the same for the same ``seed``; past ``timeout`` seconds
    the status is unknown."""
    started = time.perf_counter()
    deadline = Deadline.after(timeout)
    weighed = tuple(items(puzzle, consider))

    def done(status: Status, **found: Any) -> Minimized:
        spent = time.perf_counter() - started
        return Minimized(puzzle, status, consider, seed, weighed, time=spent, **found)

    try:
        with Switchboard(puzzle, weighed, backend, deadline) as board:
            status, grids = board.settle()
            if status != Status.UNIQUE:
                return done(status, solutions=grids)
            order = list(weighed)
            random.Random(seed).shuffle(order)
            left, witnesses = set(order), {}
            for item in order:
                if item not in left:
                    continue
                grid = board.first(other for other in order if other in left and other is not item)
                if grid is None:
                    left = board.core()
                else:
                    witnesses[item] = grid
        removed = tuple(item for item in weighed if item not in left)
        minimal = without(puzzle, removed)
        kept = {item: witnesses[item] for item in weighed if item in left}
        _confirm(puzzle, minimal, grids[0], kept, deadline)
    except SolveTimeout:
        return done(Status.UNKNOWN)
    named = {item.name: grid for item, grid in kept.items()}
    return done(status, minimal=minimal, removed=removed, solutions=grids, witnesses=named)


def _confirm(
    puzzle: Puzzle, minimal: Puzzle, solution: Grid, kept: dict[Item, Grid], deadline: Deadline
) -> None:
    """Check the answer apart from the solver that found it."""
    given = puzzle.givens
    if any(v and v != given[c] for c, v in enumerate(minimal.givens)):
        raise VerificationError("the minimal puzzle has a given the puzzle has not")
    rules = {id(rule) for rule in puzzle.constraints}
    if any(id(rule) not in rules for rule in minimal.constraints):
        raise VerificationError("the minimal puzzle has a rule the puzzle has not")
    check(minimal, solution)
    Recount(puzzle, deadline).confirm_unique(minimal, "the minimal puzzle")
    for item, grid in kept.items():
        confirm_other(without(minimal, [item]), grid, solution, f"without {item.name}")
