"""The independent check of a setter's answers: the house's own count, apart from the
incremental solver that found them."""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.deadline import Deadline
from satdoku.errors import VerificationError
from satdoku.model import Grid, Puzzle
from satdoku.solver.counting import count
from satdoku.status import Status
from satdoku.verify import check


def solutions(puzzle: Puzzle, deadline: Deadline) -> int:
    """How many solutions ``puzzle`` has, up to two, by the default search; raises
    :class:`~satdoku.deadline.SolveTimeout` when the deadline passes first."""
    counted = count(puzzle, 2, timeout=deadline.timeout())
    if counted.stopped == "timeout":
        raise deadline.error()
    return counted.count


def confirm_unique(puzzle: Puzzle, deadline: Deadline, what: str) -> None:
    """Raise :class:`VerificationError` unless the count finds ``puzzle`` unique."""
    found = solutions(puzzle, deadline)
    if found != 1:
        raise VerificationError(f"{what}: the count finds {found} solutions, not one")


def confirm_other(puzzle: Puzzle, grid: Grid, solution: Sequence[int], what: str) -> None:
    """Raise :class:`VerificationError` unless ``grid`` solves ``puzzle`` and is not
    ``solution``: a second solution, so ``puzzle`` is not unique."""
    check(puzzle, grid)
    if tuple(grid) == tuple(solution):
        raise VerificationError(f"{what}: the grid shown is the solution itself")


def confirm_status(
    puzzle: Puzzle, status: Status, grids: Sequence[Grid], deadline: Deadline
) -> None:
    """Raise :class:`VerificationError` unless a status other than unique holds: two
    ``grids`` that differ for multiple, a count of none for no_solution."""
    if status == Status.MULTIPLE:
        confirm_other(puzzle, grids[1], grids[0], "the puzzle")
    elif found := solutions(puzzle, deadline):
        raise VerificationError(f"the puzzle: the count finds {found} solutions, not none")
