"""Entropic line: any three cells in a row along the line hold one low, one middle and one high
value."""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.constraints.classline import ClassLine
from satdoku.targets import Canvas


@dataclass(frozen=True)
class Entropic(ClassLine):
    """Cells at most two apart along ``cells`` hold values of different thirds of the ``size``
    values from ``first`` on (:meth:`band`); a line of one or two cells keeps its cells in
    different thirds.

    ISS: ``.Entropic~R1C1~R1C2...`` (ISS takes it on 9x9 grids only; ``size`` is the grid's)."""

    cells: tuple[int, ...]
    size: int = 9
    name: str = "entropic line"
    family: str = "entropic"
    first: int = 1

    @property
    def span(self) -> int:
        return 3

    @property
    def clash(self) -> str:
        return "hold two values of one third"

    def value_class(self, value: int) -> int:
        return self.band(value)

    def band(self, value: int) -> int:
        """0, 1 or 2: the third of the values ``value`` is in, (value - first) * 3 // size:
        1-3, 4-6 and 7-9 of a 9x9, 1-2, 3-4 and 5-6 of a 6x6, 1-2, 3 and 4 of a 4x4."""
        return (value - self.first) * 3 // self.size

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "entropic")
