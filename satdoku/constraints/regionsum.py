"""Region sum line: where the line crosses from one box (or region) into another it is cut into
segments, and every segment adds up to the same total."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate, pairwise

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget


@dataclass(frozen=True)
class RegionSumLine(Constraint):
    """The ``segments`` of a line (its cells box by box, in order along it) have equal sums;
    ``cells`` is the line, the segments one after another.

    ISS: ``.RegionSumLine~R1C1~R1C2...``; the reader cuts the line where it leaves a box
    (a region of a jigsaw without boxes; a segment per visit when it comes back)."""

    segments: tuple[tuple[int, ...], ...]
    name: str = "region sum line"
    family: str = "region-sum"
    cells: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(c for s in self.segments for c in s))

    def problem(self, values: Sequence[int]) -> str | None:
        ends = list(accumulate(len(s) for s in self.segments))
        sums = [sum(values[a:b]) for a, b in pairwise([0, *ends])]
        if len(set(sums)) <= 1:
            return None
        return f"{self.name}: its segments add up to different totals {sums}"

    def cnf(self, target: CnfTarget) -> None:
        """Each segment minus the next adds up to 0."""
        for a, b in pairwise(self.segments):
            target.linear([(1, c) for c in a] + [(-1, c) for c in b], "==", 0)

    def cpsat(self, target: CpTarget) -> None:
        for a, b in pairwise(self.segments):
            target.model.add(sum(target.value(c) for c in a) == sum(target.value(c) for c in b))

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "region-sum")
