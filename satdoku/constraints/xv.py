"""XV: an X between two cells says their values add up to 10, a V that they add up to 5; the
strict form says neighbours with no letter add up to neither."""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.constraints.pairs import PairRule
from satdoku.targets import Canvas

XV_TOTALS = (10, 5)
"""The totals of the letters: X is 10, V is 5."""
LETTERS = {10: "X", 5: "V"}


@dataclass(frozen=True)
class XV(PairRule):
    """A letter on the edge between neighbours ``a`` and ``b``: their values add up to
    ``total`` (10 for an X, 5 for a V; another total is drawn as its number).

    ISS: ``.X~R1C1~R1C2`` (10) and ``.V~R1C1~R1C2`` (5); a longer list of cells puts the letter
    between each two orthogonal neighbours in it.
    """

    total: int
    name: str = "xv"
    family: str = "xv"

    def keeps(self, v: int, w: int) -> bool:
        return v + w == self.total

    @property
    def demand(self) -> str:
        return f"do not add up to {self.total}"

    def draw(self, canvas: Canvas) -> None:
        canvas.edge(self.a, self.b, LETTERS.get(self.total, str(self.total)))


@dataclass(frozen=True)
class NoXV(PairRule):
    """No letter between neighbours ``a`` and ``b`` where the letters of ``totals`` are all
    given: their values add up to none of ``totals``.

    ISS: ``.StrictXV`` gives one, with totals 10 and 5, to every pair of orthogonal neighbours
    that has no letter (see :func:`satdoku.constraints.pairs.neighbour_pairs`).
    """

    totals: tuple[int, ...] = XV_TOTALS
    name: str = "no xv letter"
    family: str = "no-xv"
    forbids = True

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "totals", tuple(self.totals))

    def keeps(self, v: int, w: int) -> bool:
        return v + w not in self.totals

    @property
    def demand(self) -> str:
        totals = " or ".join(str(t) for t in self.totals)
        return f"add up to {totals} (no letter between them)"

    def draw(self, canvas: Canvas) -> None:
        """Nothing: the absence of a letter is the mark."""
