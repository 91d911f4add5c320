"""The givens (or rule instances) of a unique puzzle that can each be taken out alone with
the puzzle still unique.

One incremental solver holds the puzzle with a switch per item and the solution's blocking
clause (:mod:`satdoku.setter.switchboard`): item g is redundant when no grid other than the
solution keeps every other item, that is when the solve with every item but g switched on
is refuted. A grid found instead shows g is needed; it keeps every other item, so it says
nothing about them. Every answer is checked apart from that solver
(:mod:`satdoku.setter.recount`): the puzzle and each puzzle without one redundant item are
counted again, and each grid that shows an item needed is verified.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from satdoku.deadline import Deadline, SolveTimeout
from satdoku.model import Grid, Puzzle
from satdoku.setter.items import Item, items, names, without
from satdoku.setter.recount import Recount, confirm_other
from satdoku.setter.switchboard import BACKEND, Switchboard
from satdoku.status import Status
from satdoku.verify import check


@dataclass(frozen=True)
class Redundancy:
    """Which items of ``puzzle`` are redundant: given only when the status is unique
    (multiple, no_solution: the question has no answer; unknown: out of time)."""

    puzzle: Puzzle
    status: Status
    consider: str
    weighed: tuple[Item, ...]
    redundant: tuple[Item, ...] | None = None
    solutions: tuple[Grid, ...] = ()
    time: float = 0.0
    witnesses: dict[str, Grid] = field(default_factory=dict, compare=False)
    """For each item needed, a second solution of the puzzle without it."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": str(self.status),
            "consider": self.consider,
            "redundant": None if self.redundant is None else names(self.redundant),
            "weighed": len(self.weighed),
            "time": round(self.time, 6),
        }


def redundant(
    puzzle: Puzzle,
    *,
    consider: str = "givens",
    timeout: float | None = None,
    backend: str = BACKEND,
) -> Redundancy:
    """The items ``consider`` weighs (``givens``, ``rules`` or ``both``) that can each be
    taken out of ``puzzle`` alone with the puzzle still unique; past ``timeout`` seconds the
    status is unknown."""
    started = time.perf_counter()
    deadline = Deadline.after(timeout)
    weighed = tuple(items(puzzle, consider))

    def done(status: Status, **found: Any) -> Redundancy:
        spent = time.perf_counter() - started
        return Redundancy(puzzle, status, consider, weighed, time=spent, **found)

    try:
        with Switchboard(puzzle, weighed, backend, deadline) as board:
            status, grids = board.settle()
            if status != Status.UNIQUE:
                return done(status, solutions=grids)
            found, witnesses = [], {}
            for item in weighed:
                others = [other for other in weighed if other is not item]
                grid = board.first(others)
                if grid is None:
                    found.append(item)
                else:
                    witnesses[item] = grid
        _confirm(puzzle, grids[0], found, witnesses, deadline)
    except SolveTimeout:
        return done(Status.UNKNOWN)
    named = {item.name: grid for item, grid in witnesses.items()}
    return done(status, redundant=tuple(found), solutions=grids, witnesses=named)


def _confirm(
    puzzle: Puzzle,
    solution: Grid,
    found: list[Item],
    witnesses: dict[Item, Grid],
    deadline: Deadline,
) -> None:
    """Check the answer apart from the solver that found it."""
    check(puzzle, solution)
    recount = Recount(puzzle, deadline)
    recount.confirm_unique(puzzle, "the puzzle")
    for item in found:
        recount.confirm_unique(without(puzzle, [item]), f"without {item.name}")
    for item, grid in witnesses.items():
        confirm_other(without(puzzle, [item]), grid, solution, f"without {item.name}")
