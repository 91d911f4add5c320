"""Weighted sums of cell values compared with a constant (``CnfTarget.linear``), through a
small rule: random sums, every comparison, conditions on other cells, and givens folded in,
counted on 4x4 grids against brute force."""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from satdoku import count
from satdoku.model import Constraint
from satdoku.solver.bruteforce import brute_force_count
from satdoku.targets import COMPARISONS, Canvas, CnfTarget, CpTarget
from tests.rules import with_rules

COMPARE = dict(
    zip(
        COMPARISONS,
        (operator.eq, operator.ne, operator.le, operator.ge, operator.lt, operator.gt),
        strict=True,
    )
)
ENCODINGS = ("minimal", "efficient+optimized", "extended+singles")


@dataclass(frozen=True)
class Linear(Constraint):
    """sum(weight x value) ``op`` ``constant`` over the first cells, when each condition
    cell holds its value; ``cells`` is the summed cells, then the condition cells."""

    terms: tuple[tuple[int, int], ...]
    op: str
    constant: int
    when: tuple[tuple[int, int], ...] = ()
    name: str = "linear"
    family: str = "linear"
    cells: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        summed = tuple(c for _, c in self.terms)
        object.__setattr__(self, "cells", summed + tuple(c for c, _ in self.when))

    def problem(self, values: Sequence[int]) -> str | None:
        k = len(self.terms)
        if any(v != want for v, (_, want) in zip(values[k:], self.when, strict=True)):
            return None
        total = sum(w * v for (w, _), v in zip(self.terms, values, strict=False))
        if COMPARE[self.op](total, self.constant):
            return None
        return f"{self.name}: {total} {self.op} {self.constant} fails"

    def cnf(self, target: CnfTarget) -> None:
        when = [target.holds(c, v) for c, v in self.when]
        target.linear(self.terms, self.op, self.constant, when)

    def cpsat(self, target: CpTarget) -> None:
        raise NotImplementedError

    def draw(self, canvas: Canvas) -> None:
        raise NotImplementedError


def random_rule(seed: int, op: str) -> Linear:
    """A sum of 1-4 terms (cells may repeat, weights -3..3) compared with what it makes on
    random values, under up to 2 conditions."""
    rng = random.Random(seed)
    weights = [-3, -2, -1, 1, 2, 3]
    size = rng.randint(1, 4)
    terms = tuple((rng.choice(weights), rng.randrange(16)) for _ in range(size))
    constant = sum(w * rng.randint(1, 4) for w, _ in terms) + rng.randint(-1, 1)
    when = tuple((rng.randrange(16), rng.randint(1, 4)) for _ in range(rng.randint(0, 2)))
    return Linear(terms, op, constant, when)


def counts_agree(rule: Linear, givens: dict[int, int] | None = None) -> int:
    puzzle = with_rules(rule, givens=givens)
    expected = brute_force_count(puzzle)
    for encoding in ENCODINGS:
        assert count(puzzle, backend="minisat22", encoding=encoding).count == expected, rule
    return expected


@pytest.mark.parametrize("op", COMPARISONS)
@pytest.mark.parametrize("seed", range(8))
def test_random_sums_count_as_brute_force(seed, op):
    counts_agree(random_rule(seed, op), {15: 1, 6: 3} if seed % 2 else None)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        (Linear((), "==", 0), 288),  # an empty sum is 0
        (Linear((), "<", 0), 0),
        (Linear((), ">", 0, ((0, 1),)), 216),  # r1c1 is never 1
        (Linear(((0, 0),), "==", 0), 288),  # a weight of 0
        (Linear(((1, 0), (1, 0)), "==", 8), 72),  # a cell twice: r1c1 = 4
        (Linear(((1, 0), (-1, 5)), "==", 0), 0),  # r1c1 = r2c2, in one box
        (Linear(((1, 0), (1, 1)), "==", 7, ((0, 4),)), 216 + 24),  # r1c1 = 4 -> r1c2 = 3
        (Linear(((2, 0), (1, 15)), ">=", 9, ((0, 4),)), 288),  # always true when it applies
    ],
)
def test_edge_cases_count_as_brute_force(rule, expected):
    assert counts_agree(rule) == expected


def test_givens_inside_the_sum_and_its_conditions():
    rule = Linear(((1, 0), (1, 1), (1, 2)), "<=", 6, ((3, 4),))  # r1c4 = 4: r1c1..3 make 6
    assert counts_agree(rule, {0: 2, 3: 4}) == 24
    assert counts_agree(rule, {0: 2}) == 72
    assert counts_agree(Linear(((1, 0),), "==", 3, ((3, 4),)), {0: 2, 3: 4}) == 0
