"""Rules between two cells: which pairs of values they keep, as CNF and CP-SAT, and the pairs
of orthogonal neighbours a grid-wide rule (anti-consecutive, strict Kropki, strict XV) covers."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from satdoku.model import Constraint
from satdoku.targets import CnfTarget, CpTarget, negation


@dataclass(frozen=True)
class PairRule(Constraint):
    """A rule on the values of cells ``a`` and ``b`` (``cells == (a, b)``), told by which
    pairs of values it keeps."""

    a: int
    b: int
    cells: tuple[int, ...] = field(init=False)
    forbids: ClassVar[bool] = False
    """It keeps most pairs: its CNF is one binary clause per pair of values it rules out, and
    its CP-SAT form lists those pairs. Otherwise each value of one cell needs one of its
    partners in the other, and CP-SAT lists the pairs it keeps."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", (self.a, self.b))

    @abstractmethod
    def keeps(self, v: int, w: int) -> bool:
        """Whether ``a`` holding ``v`` and ``b`` holding ``w`` keeps the rule."""

    @property
    @abstractmethod
    def demand(self) -> str:
        """What the two values must be, as a message says it ("must be consecutive")."""

    def problem(self, values: Sequence[int]) -> str | None:
        v, w = values
        if self.keeps(v, w):
            return None
        return f"{self.name}: {v} and {w} {self.demand}"

    def cnf(self, target: CnfTarget) -> None:
        digits = target.digits
        if self.forbids:
            for v in digits:
                for w in digits:
                    if not self.keeps(v, w):
                        target.clause(
                            [negation(target.holds(self.a, v)), negation(target.holds(self.b, w))]
                        )
            return
        for v in digits:
            partners = [target.holds(self.b, w) for w in digits if self.keeps(v, w)]
            target.clause([negation(target.holds(self.a, v)), *partners])
        for w in digits:
            partners = [target.holds(self.a, v) for v in digits if self.keeps(v, w)]
            target.clause([negation(target.holds(self.b, w)), *partners])

    def cpsat(self, target: CpTarget) -> None:
        digits, model = target.digits, target.model
        pairs = [(v, w) for v in digits for w in digits if self.keeps(v, w) != self.forbids]
        values = [target.value(self.a), target.value(self.b)]
        if self.forbids:
            model.add_forbidden_assignments(values, pairs)
        else:
            model.add_allowed_assignments(values, pairs)


def neighbour_pairs(nrows: int, ncols: int) -> tuple[tuple[int, int], ...]:
    """Every pair of orthogonal neighbours of an ``nrows`` x ``ncols`` grid (cells row-major
    from 0), the earlier cell first, in cell order."""
    pairs = []
    for r in range(nrows):
        for c in range(ncols):
            cell = r * ncols + c
            if c + 1 < ncols:
                pairs.append((cell, cell + 1))
            if r + 1 < nrows:
                pairs.append((cell, cell + ncols))
    return tuple(pairs)
