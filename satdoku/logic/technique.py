"""What a technique is: a name, a difficulty, and a function from a grid to the steps it finds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from satdoku.logic.grid import CandidateGrid
from satdoku.logic.step import Step

Finder = Callable[[CandidateGrid, "Technique"], list[Step]]


@dataclass(frozen=True)
class Technique:
    """A named deduction rule rated on the Sudoku Explainer scale.

    ``find`` returns the steps the rule allows on a grid (possibly several, all valid on that
    grid). ``batch`` techniques (the singles) may have all their steps applied in one go,
    which does not change the rating: each stays valid and no harder than the rule itself.
    """

    name: str
    difficulty: float
    find: Finder
    batch: bool = False
    scale: str = "Sudoku Explainer"
    """Where the difficulty comes from (``estimate`` when Sudoku Explainer has no such rule)."""

    def __call__(self, grid: CandidateGrid) -> list[Step]:
        return self.find(grid, self)

    def step(self, grid: CandidateGrid, description: str, **fields: object) -> Step:
        """A step of this technique on ``grid`` (names its cells with the grid's names)."""
        return Step(
            technique=self.name,
            difficulty=self.difficulty,
            description=description,
            names=grid.layout.names,
            **fields,  # type: ignore[arg-type]
        )
