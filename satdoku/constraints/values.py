"""Cell values: a cell limited to some values (pencil-mark givens, even and odd cells)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget

SHADES = ("even", "odd")
"""Families drawn as a shade rather than as a note of values."""


@dataclass(frozen=True)
class Values(Constraint):
    """``cell`` holds one of ``values``; ``cells`` is ``(cell,)``.

    ISS: ``.~R1C1_2_4_6``: after the cell, its values, each after ``_`` (one value is a
    given)."""

    cell: int
    values: tuple[int, ...]
    name: str = "values"
    family: str = "values"
    cells: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", (self.cell,))

    @classmethod
    def even(cls, cell: int, size: int, first: int = 1) -> Values:
        """An even cell of a grid of ``size`` values from ``first`` on (a grey square)."""
        digits = range(first, first + size)
        return cls(cell, tuple(v for v in digits if v % 2 == 0), "even", "even")

    @classmethod
    def odd(cls, cell: int, size: int, first: int = 1) -> Values:
        """An odd cell of a grid of ``size`` values from ``first`` on (a grey circle)."""
        digits = range(first, first + size)
        return cls(cell, tuple(v for v in digits if v % 2 == 1), "odd", "odd")

    def problem(self, values: Sequence[int]) -> str | None:
        if values[0] in self.values:
            return None
        return f"{self.name}: {values[0]} is not one of {list(self.values)}"

    def cnf(self, target: CnfTarget) -> None:
        target.clause([target.holds(self.cell, v) for v in self.values if v in target.digits])

    def cpsat(self, target: CpTarget) -> None:
        allowed = [v for v in self.values if v in target.digits]
        target.model.add_bool_or([target.is_value(self.cell, v) for v in allowed])

    def draw(self, canvas: Canvas) -> None:
        if self.family in SHADES:
            canvas.shade(self.cells, self.family)
        else:
            canvas.note(self.cell, ",".join(map(str, self.values)))
