"""Equal sum: groups of cells that all add up to the same total."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate, pairwise

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget


@dataclass(frozen=True)
class EqualSum(Constraint):
    """The ``groups`` of cells have equal sums (an empty group counts for nothing); ``cells``
    is the groups one after another.

    ISS: ``.EqualSum~R1C1~R1C2~-~R3C1...``, the groups parted by ``-`` (in ISS a set of
    shaded regions rather than a line)."""

    groups: tuple[tuple[int, ...], ...]
    name: str = "equal sum"
    family: str = "equal-sum"
    cells: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(c for g in self.groups for c in g))

    def problem(self, values: Sequence[int]) -> str | None:
        ends = list(accumulate(len(g) for g in self.groups))
        sums = [sum(values[a:b]) for a, b in pairwise([0, *ends]) if a < b]
        if len(set(sums)) <= 1:
            return None
        return f"{self.name}: its groups add up to different totals {sums}"

    def _pairs(self) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Each group (not empty) and the next."""
        return list(pairwise(g for g in self.groups if g))

    def cnf(self, target: CnfTarget) -> None:
        """Each group minus the next adds up to 0."""
        for a, b in self._pairs():
            target.linear([(1, c) for c in a] + [(-1, c) for c in b], "==", 0)

    def cpsat(self, target: CpTarget) -> None:
        for a, b in self._pairs():
            target.model.add(sum(target.value(c) for c in a) == sum(target.value(c) for c in b))

    def draw(self, canvas: Canvas) -> None:
        for group in filter(None, self.groups):
            canvas.cage(group, "=")
