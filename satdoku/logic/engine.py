"""Apply techniques easiest first until the grid is solved or no technique applies."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from satdoku.logic.grid import CandidateGrid, Layout
from satdoku.logic.step import Step
from satdoku.logic.technique import Technique
from satdoku.logic.techniques import TECHNIQUES
from satdoku.model import Puzzle


def next_steps(grid: CandidateGrid, techniques: Sequence[Technique] = TECHNIQUES) -> list[Step]:
    """The steps of the easiest technique that applies to ``grid`` (empty when none does)."""
    for technique in techniques:
        steps = technique(grid)
        if steps:
            return steps if technique.batch else steps[:1]
    return []


def hint(puzzle: Puzzle, techniques: Sequence[Technique] = TECHNIQUES) -> Step | None:
    """The next easiest step on ``puzzle`` as given, or None when no technique applies."""
    steps = next_steps(CandidateGrid.of(puzzle), techniques)
    return steps[0] if steps else None


def walk(grid: CandidateGrid, techniques: Sequence[Technique] = TECHNIQUES) -> Iterator[Step]:
    """Apply steps to ``grid`` (in place) and yield each one after it is applied.

    Stops when the grid is solved, no technique applies, or the grid is contradictory.
    """
    if grid.contradiction() is not None:
        return
    while not grid.solved and grid.dead_end() is None:
        steps = next_steps(grid, techniques)
        if not steps:
            return
        progressed = False
        for step in steps:
            if step.applies_to(grid):
                step.apply(grid)
                progressed = True
                yield step
        if not progressed:
            return


@dataclass
class Explanation:
    """A logical solve: the steps taken, the grid reached, and how it ended.

    ``status`` is ``solved``, ``stuck`` (no technique applies: search is needed) or
    ``contradiction`` (the puzzle has no solution; ``reason`` says why).
    """

    puzzle: Puzzle
    steps: list[Step]
    grid: CandidateGrid
    status: str
    reason: str = ""
    lines: list[str] = field(default_factory=list)
    """With ``trace``: the grid as one line before the first step and after every placement."""

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def to_dict(self) -> dict[str, object]:
        found: dict[str, object] = {
            "status": self.status,
            "steps": [s.to_dict() for s in self.steps],
            "grid": self.grid.line(),
        }
        if self.reason:
            found["reason"] = self.reason
        if self.lines:
            found["trace"] = self.lines
        return found


def explain(
    puzzle: Puzzle, techniques: Sequence[Technique] = TECHNIQUES, trace: bool = False
) -> Explanation:
    """Solve ``puzzle`` with ``techniques`` as far as they go, recording every step."""
    grid = CandidateGrid.of(puzzle, Layout.of(puzzle))
    steps: list[Step] = []
    lines = [grid.line()] if trace else []
    for step in walk(grid, techniques):
        steps.append(step)
        if trace and step.placements:
            lines.append(grid.line())
    problem = grid.contradiction()
    if problem is not None:
        return Explanation(puzzle, steps, grid, "contradiction", problem, lines)
    return Explanation(puzzle, steps, grid, "solved" if grid.solved else "stuck", lines=lines)
