"""Arrows: the number in a circle (or a pill of 2-3 cells) is the sum of the shaft; a double
arrow's two ends add up to the cells between them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget


def _places(digits: Sequence[int]) -> list[tuple[int, int]]:
    """(place value, item) for each of ``digits`` (cells or values of a circle), most
    significant first."""
    return [(10 ** (len(digits) - 1 - k), item) for k, item in enumerate(digits)]


@dataclass(frozen=True)
class Arrow(Constraint):
    """The values of ``circle`` read as a number (one cell, or a pill of 2-3 cells read most
    significant first) equal the sum of ``line``, the shaft; ``cells`` is circle + line.

    ISS: ``.Arrow~R1C1~R1C2~R1C3`` (the first cell is the circle) and
    ``.PillArrow~2~R1C1~R1C2~R1C3`` (the argument is the number of pill cells, first)."""

    circle: tuple[int, ...]
    line: tuple[int, ...]
    name: str = "arrow"
    family: str = "arrow"
    cells: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        if not 1 <= len(self.circle) <= 3:
            raise ValueError(f"{self.name}: a circle of {len(self.circle)} cells, not 1-3")
        object.__setattr__(self, "cells", self.circle + self.line)

    def problem(self, values: Sequence[int]) -> str | None:
        split = len(self.circle)
        number = sum(w * v for w, v in _places(values[:split]))
        if number == sum(values[split:]):
            return None
        return f"{self.name}: {list(values[split:])} does not add up to {number}"

    def equation(self) -> tuple[list[tuple[int, int]], int]:
        return _places(self.circle) + [(-1, c) for c in self.line], 0

    def cnf(self, target: CnfTarget) -> None:
        terms, constant = self.equation()
        target.linear(terms, "==", constant)

    def cpsat(self, target: CpTarget) -> None:
        number = sum(w * target.value(c) for w, c in _places(self.circle))
        target.model.add(number == target.total_of(self.line))

    def draw(self, canvas: Canvas) -> None:
        canvas.circle(self.circle)
        canvas.line(self.cells, "arrow")


@dataclass(frozen=True)
class DoubleArrow(Constraint):
    """The first and last of ``cells`` add up to the sum of the cells between them.

    ISS: ``.DoubleArrow~R1C1~R1C2~R1C3`` (the first and last cells are the circles)."""

    cells: tuple[int, ...]
    name: str = "double arrow"
    family: str = "double-arrow"

    def problem(self, values: Sequence[int]) -> str | None:
        ends = values[0] + values[-1]
        if ends == sum(values[1:-1]):
            return None
        return f"{self.name}: {list(values[1:-1])} does not add up to {ends}"

    def cnf(self, target: CnfTarget) -> None:
        ends = [(1, self.cells[0]), (1, self.cells[-1])]
        target.linear(ends + [(-1, c) for c in self.cells[1:-1]], "==", 0)

    def cpsat(self, target: CpTarget) -> None:
        value = target.value
        ends = value(self.cells[0]) + value(self.cells[-1])
        target.model.add(ends == sum(value(c) for c in self.cells[1:-1]))

    def draw(self, canvas: Canvas) -> None:
        canvas.circle(self.cells[:1])
        canvas.circle(self.cells[-1:])
        canvas.line(self.cells, "arrow")
