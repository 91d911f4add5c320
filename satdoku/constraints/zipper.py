"""Zipper line: cells equally far from the centre of the line add up to the same total; on a
line of odd length the centre cell holds that total."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget


@dataclass(frozen=True)
class Zipper(Constraint):
    """The k-th of ``cells`` and the k-th from the end add up to one total for every k; the
    centre cell of an odd line holds it.

    ISS: ``.Zipper~R1C1~R1C2...``."""

    cells: tuple[int, ...]
    name: str = "zipper"
    family: str = "zipper"

    def problem(self, values: Sequence[int]) -> str | None:
        half = len(values) // 2
        totals = {values[k] + values[-1 - k] for k in range(half)}
        if len(values) % 2:
            totals.add(values[half])
        if len(totals) <= 1:
            return None
        return f"{self.name}: {list(values)} zips to different totals {sorted(totals)}"

    def _differences(self) -> list[list[tuple[int, int]]]:
        """Weighted sums that must be 0: each pair minus the centre cell, or (an even line)
        each pair minus the next."""
        cells = self.cells
        half = len(cells) // 2
        pairs = [[(1, cells[k]), (1, cells[-1 - k])] for k in range(half)]
        if len(cells) % 2:
            return [[*pair, (-1, cells[half])] for pair in pairs]
        return [[*p, *((-c, cell) for c, cell in q)] for p, q in pairwise(pairs)]

    def cnf(self, target: CnfTarget) -> None:
        for terms in self._differences():
            target.linear(terms, "==", 0)

    def cpsat(self, target: CpTarget) -> None:
        for terms in self._differences():
            target.model.add(sum(c * target.value(cell) for c, cell in terms) == 0)

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "zipper")
