"""Apply techniques easiest first until the grid is solved or no technique applies."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from satdoku.deadline import Deadline
from satdoku.formats.puzzle import as_puzzle
from satdoku.geometry import Geometry
from satdoku.logic.grid import CandidateGrid
from satdoku.logic.step import Step
from satdoku.logic.technique import Technique
from satdoku.logic.techniques import TECHNIQUES, resolve
from satdoku.model import Puzzle
from satdoku.status import Status

Techniques = str | Iterable[str | Technique] | None
"""Which techniques to use: None (all), a set name or spec (``"singles"``, ``"all"``,
``"singles,pointing"``), or technique names and :class:`Technique` objects."""


def next_steps(grid: CandidateGrid, techniques: Sequence[Technique] = TECHNIQUES) -> list[Step]:
    """The steps of the easiest technique that applies to ``grid``.

    Args:
        grid: the candidate grid (left unchanged).
        techniques: the techniques to try, in order.

    Returns:
        Every step of the first technique that finds one if it is a batch technique (the
        singles), else its first step; empty when no technique applies.

    Raises:
        SolveTimeout: the grid's deadline passed.
    """
    for technique in techniques:
        grid.check()
        steps = technique(grid)
        if steps:
            return steps if technique.batch else steps[:1]
    return []


def walk(grid: CandidateGrid, techniques: Sequence[Technique] = TECHNIQUES) -> Iterator[Step]:
    """Apply steps to ``grid`` in place, easiest first, and yield each one once applied.

    Stops when the grid is solved, no technique applies, or the grid is contradictory.

    Args:
        grid: the candidate grid to work on (changed in place).
        techniques: the techniques to use, easiest first.

    Yields:
        Each step after it has been applied to ``grid``.

    Raises:
        SolveTimeout: the grid's deadline passed (the steps yielded so far stay applied).
    """
    if grid.contradiction() is not None:
        return
    while not grid.solved:
        steps = next_steps(grid, techniques)
        if not steps:
            return
        progressed = False
        before = list(grid.cands)
        for step in steps:
            if step.applies_to(grid):
                step.apply(grid)
                progressed = True
                yield step
        if not progressed or grid.dead_end_since(before):
            return


@dataclass
class Explanation:
    """A logical solve: the steps taken, the grid reached, and how it ended.

    Attributes:
        puzzle: the puzzle explained.
        steps: the steps in the order they were applied.
        grid: the candidate grid after the last step.
        status: ``Status.SOLVED``, ``Status.NEEDS_SEARCH`` (no technique applies any more:
            search is needed) or ``Status.NO_SOLUTION`` (the puzzle has no solution).
        reason: why there is no solution (empty otherwise).
        lines: with ``trace``, the grid as one line before the first step and after every
            step that placed a value.
    """

    puzzle: Puzzle
    steps: list[Step]
    grid: CandidateGrid
    status: Status
    reason: str = ""
    lines: list[str] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        """True when the techniques solved the puzzle."""
        return self.status is Status.SOLVED

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON: status (its word), steps, the grid line, reason and trace
        when there are any."""
        found: dict[str, object] = {
            "status": self.status.value,
            "steps": [s.to_dict() for s in self.steps],
            "grid": self.grid.line(),
        }
        if self.reason:
            found["reason"] = self.reason
        if self.lines:
            found["trace"] = self.lines
        return found

    def __repr__(self) -> str:
        reason = f", reason={self.reason!r}" if self.reason else ""
        return f"<Explanation {self.status.value}: {len(self.steps)} steps{reason}>"


def explain(
    puzzle: Puzzle | str,
    techniques: Techniques = None,
    *,
    trace: bool = False,
    timeout: float | None = None,
    box: Geometry | str | None = None,
) -> Explanation:
    """Solve ``puzzle`` like a person, easiest technique first, recording every step.

    Args:
        puzzle: a :class:`Puzzle` or its text (parsed by :func:`satdoku.parse_puzzle`).
        techniques: None for all; ``"singles"`` (full house, hidden and naked singles),
            ``"all"`` or a comma-separated list of names; or an iterable of technique names
            and :class:`Technique` objects. They are tried easiest first.
        trace: also record the grid as one line after every placement (``lines``).
        timeout: seconds from the call after which to give up (None: no limit).
        box: the box shape when ``puzzle`` is text that needs one (``"2x3"`` for 6x6).

    Returns:
        An :class:`Explanation` whose ``status`` is ``SOLVED``, ``NEEDS_SEARCH`` or
        ``NO_SOLUTION`` (with the ``reason``).

    Raises:
        ParseError: ``puzzle`` is text that does not parse.
        UsageError: an unknown technique, or a puzzle with sums (killer, Kakuro).
        SolveTimeout: ``timeout`` seconds passed first.
    """
    puzzle, grid, chosen = _start(puzzle, techniques, timeout, box)
    steps: list[Step] = []
    lines = [grid.line()] if trace else []
    for step in walk(grid, chosen):
        steps.append(step)
        if trace and step.placements:
            lines.append(grid.line())
    problem = grid.contradiction()
    if problem is not None:
        return Explanation(puzzle, steps, grid, Status.NO_SOLUTION, problem, lines)
    status = Status.SOLVED if grid.solved else Status.NEEDS_SEARCH
    return Explanation(puzzle, steps, grid, status, lines=lines)


def _start(
    puzzle: Puzzle | str,
    techniques: Techniques,
    timeout: float | None,
    box: Geometry | str | None,
) -> tuple[Puzzle, CandidateGrid, tuple[Technique, ...]]:
    """The puzzle, its candidate grid (holding the deadline) and the techniques chosen."""
    deadline = Deadline.after(timeout)
    chosen = resolve(techniques)
    puzzle = as_puzzle(puzzle, box)
    return puzzle, CandidateGrid.of(puzzle, deadline=deadline), chosen


def hint(
    puzzle: Puzzle | str,
    techniques: Techniques = None,
    *,
    timeout: float | None = None,
    box: Geometry | str | None = None,
) -> Step | None:
    """The easiest next step on ``puzzle`` as given.

    Args:
        puzzle: a :class:`Puzzle` or its text (parsed by :func:`satdoku.parse_puzzle`).
        techniques: which techniques to use, as for :func:`explain` (None: all).
        timeout: seconds from the call after which to give up (None: no limit).
        box: the box shape when ``puzzle`` is text that needs one (``"2x3"`` for 6x6).

    Returns:
        The first step of the easiest technique that applies, or None when none does (the
        grid is full, stuck, or visibly contradictory).

    Raises:
        ParseError: ``puzzle`` is text that does not parse.
        UsageError: an unknown technique, or a puzzle with sums (killer, Kakuro).
        SolveTimeout: ``timeout`` seconds passed first.
    """
    puzzle, grid, chosen = _start(puzzle, techniques, timeout, box)
    if grid.contradiction() is not None:
        return None
    steps = next_steps(grid, chosen)
    return steps[0] if steps else None
