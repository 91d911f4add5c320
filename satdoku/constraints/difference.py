"""Anti-consecutive: two cells whose values differ by more than 1, and the grid-wide rule
that gives one to every pair of orthogonal neighbours."""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.constraints.pairs import PairRule, neighbour_pairs
from satdoku.targets import Canvas


@dataclass(frozen=True)
class NotConsecutive(PairRule):
    """The values of ``a`` and ``b`` are not consecutive (they differ by more than 1 where
    they also differ).

    ISS: ``.AntiConsecutive`` (every pair of orthogonal neighbours, :func:`anti_consecutive`).
    """

    name: str = "anti-consecutive"
    family: str = "anti-consecutive"
    forbids = True

    def keeps(self, v: int, w: int) -> bool:
        return abs(v - w) != 1

    @property
    def demand(self) -> str:
        return "are consecutive"

    def draw(self, canvas: Canvas) -> None:
        """Nothing: the rule is stated beside the grid, not on it."""


def anti_consecutive(nrows: int, ncols: int) -> tuple[NotConsecutive, ...]:
    """One :class:`NotConsecutive` per pair of orthogonal neighbours of the grid."""
    return tuple(NotConsecutive(a, b) for a, b in neighbour_pairs(nrows, ncols))
