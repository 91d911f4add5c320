"""Greater than: an inequality sign between two cells."""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.constraints.pairs import PairRule
from satdoku.targets import Canvas


@dataclass(frozen=True)
class GreaterThan(PairRule):
    """The value of ``a`` is greater than the value of ``b``.

    ISS: ``.GreaterThan~R1C1~R1C2`` (r1c1 > r1c2); a longer list of cells makes each cell
    greater than every orthogonal neighbour listed after it.
    """

    name: str = "greater than"
    family: str = "greater-than"

    def keeps(self, v: int, w: int) -> bool:
        return v > w

    @property
    def demand(self) -> str:
        return "do not fall (the first must be greater)"

    def draw(self, canvas: Canvas) -> None:
        canvas.edge(self.a, self.b, ">")
