"""The independent check of a setter's answers: counts apart from the incremental solver that
found them, by the generator's counter (the compiled search first) while only givens differ,
else by the default search."""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.deadline import Deadline
from satdoku.errors import VerificationError
from satdoku.generate.counter import Counter
from satdoku.model import Grid, Puzzle
from satdoku.solver.counting import count
from satdoku.status import Status
from satdoku.verify import check


class Recount:
    """Counts of ``puzzle`` and of puzzles made from it by taking givens or rules out."""

    def __init__(self, puzzle: Puzzle, deadline: Deadline) -> None:
        self.puzzle = puzzle
        self.deadline = deadline
        self._counter: Counter | None = None

    def solutions(self, puzzle: Puzzle) -> int:
        """How many solutions ``puzzle`` has, up to two; raises
        :class:`~satdoku.deadline.SolveTimeout` when the deadline passes first."""
        if puzzle.constraints is self.puzzle.constraints:
            if self._counter is None:
                blank = self.puzzle.with_givens([0] * self.puzzle.ncells)
                self._counter = Counter(blank, self.deadline)
            return len(self._counter.solutions(puzzle.givens, 2)[0])
        counted = count(puzzle, 2, timeout=self.deadline.timeout())
        if counted.stopped == "timeout":
            raise self.deadline.error()
        return counted.count

    def confirm_unique(self, puzzle: Puzzle, what: str) -> None:
        """Raise :class:`VerificationError` unless the count finds ``puzzle`` unique."""
        found = self.solutions(puzzle)
        if found != 1:
            raise VerificationError(f"{what}: the count finds {found} solutions, not one")

    def confirm_status(self, status: Status, grids: Sequence[Grid]) -> None:
        """Raise :class:`VerificationError` unless a status other than unique holds for the
        puzzle: two ``grids`` that differ for multiple, a count of none for no_solution."""
        if status == Status.MULTIPLE:
            confirm_other(self.puzzle, grids[1], grids[0], "the puzzle")
        elif found := self.solutions(self.puzzle):
            raise VerificationError(f"the puzzle: the count finds {found} solutions, not none")


def confirm_other(puzzle: Puzzle, grid: Grid, solution: Sequence[int], what: str) -> None:
    """Raise :class:`VerificationError` unless ``grid`` solves ``puzzle`` and is not
    ``solution``: a second solution, so ``puzzle`` is not unique."""
    check(puzzle, grid)
    if tuple(grid) == tuple(solution):
        raise VerificationError(f"{what}: the grid shown is the solution itself")
