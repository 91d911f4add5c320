"""All different: the cells of a unit (row, column, box, diagonal, region, cage, run) take
different values; a unit of N cells in an N-value grid holds every value once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget


@dataclass(frozen=True)
class AllDifferent(Constraint):
    """A unit: its cells all take different values."""

    cells: tuple[int, ...]
    name: str = ""
    family: str = "unit"
    distinct: ClassVar[bool] = True

    def problem(self, values: Sequence[int]) -> str | None:
        if len(set(values)) == len(values):
            return None
        return f"{self.name or 'unit'}: repeated value in {list(values)}"

    def cnf(self, target: CnfTarget) -> None:
        """Each value at most once; in a full unit (N cells), when the encoding wants implied
        clauses, each value at least once too."""
        every_value = target.implied and len(self.cells) == target.size
        for lits in target.holders(self.cells).values():
            target.at_most_one(lits)
            if every_value:
                target.at_least_one(lits)

    def cpsat(self, target: CpTarget) -> None:
        target.all_different(self.cells)

    def draw(self, canvas: Canvas) -> None:
        """A unit of three cells or more; a pair (anti-knight, anti-king) is not drawn."""
        if len(self.cells) > 2:
            canvas.unit(self.cells)

    def needs(self, size: int) -> str:
        return "unit" if len(self.cells) == size else "partial-unit"
