"""Quadruple: the four cells around a corner hold every value of the clue."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget


@dataclass(frozen=True)
class Quadruple(Constraint):
    """The 2x2 ``cells`` hold every value of ``values``; a value listed k times appears at
    least k times.

    ISS: ``.Quad~R1C1~1~2``; the arguments are the top-left cell, then the values."""

    cells: tuple[int, ...]
    values: tuple[int, ...]
    name: str = "quadruple"
    family: str = "quadruple"

    def problem(self, values: Sequence[int]) -> str | None:
        held = Counter(values)
        missing = [v for v, k in sorted(Counter(self.values).items()) if held[v] < k]
        if not missing:
            return None
        return f"{self.name}: {list(values)} lacks {missing} of {list(self.values)}"

    def cnf(self, target: CnfTarget) -> None:
        """A value wanted k times among the m cells: every m-k+1 of them hold it once."""
        for value, times in Counter(self.values).items():
            if times > len(self.cells):
                target.clause([])
                continue
            for group in combinations(self.cells, len(self.cells) - times + 1):
                target.clause([target.holds(c, value) for c in group])

    def cpsat(self, target: CpTarget) -> None:
        for value, times in Counter(self.values).items():
            if value not in target.digits or times > len(self.cells):
                target.model.add_bool_or([])
                continue
            target.model.add(sum(target.is_value(c, value) for c in self.cells) >= times)

    def draw(self, canvas: Canvas) -> None:
        separator = "" if max(self.values, default=0) < 10 else ","
        canvas.corner(self.cells, separator.join(map(str, self.values)))
