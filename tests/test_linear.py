"""Weighted sums of cell values compared with a constant (``CnfTarget.linear``) and sums of
cells that differ (``CnfTarget.total``), by every sum method (``table``, ``pb``, ``tree``):
random sums through a small rule (every comparison, conditions on other cells, givens folded
in) and the sum rules (arrows, pill arrows, little killers, sandwiches, x-sums, cages, region
sums, zippers), counted on 4x4 and 6x6 grids against brute force."""

from __future__ import annotations

import importlib.util
import json
import operator
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from satdoku import count, solutions
from satdoku.constraints.arrow import Arrow, DoubleArrow
from satdoku.constraints.cage import Cage
from satdoku.constraints.equalsum import EqualSum
from satdoku.constraints.littlekiller import LittleKiller
from satdoku.constraints.regionsum import RegionSumLine
from satdoku.constraints.sandwich import Sandwich
from satdoku.constraints.sum import Sum
from satdoku.constraints.xsum import XSum
from satdoku.constraints.zipper import Zipper
from satdoku.encodings import get_encoding
from satdoku.errors import UsageError
from satdoku.formats.kakuro import solution_grid
from satdoku.formats.kinds import get_kind
from satdoku.model import Constraint, Puzzle
from satdoku.solver.bruteforce import brute_force_count
from satdoku.targets import COMPARISONS, Canvas, CnfTarget, CpTarget
from tests.conftest import data_lines
from tests.rules import with_rules

COMPARE = dict(
    zip(
        COMPARISONS,
        (operator.eq, operator.ne, operator.le, operator.ge, operator.lt, operator.gt),
        strict=True,
    )
)
ENCODINGS = ("minimal", "efficient+optimized", "extended+singles")
"""The encodings of the default sum method, ``table``."""
METHOD_ENCODINGS = ("minimal", "extended+singles")
"""The encodings each other sum method is added to."""
PINDAKAAS = importlib.util.find_spec("pindakaas") is not None
METHODS = [
    "tree",
    pytest.param("pb", marks=pytest.mark.skipif(not PINDAKAAS, reason="pindakaas is absent")),
]


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
    return agree_by(with_rules(rule, givens=givens), ENCODINGS)


def agree_by(puzzle: Puzzle, encodings: Sequence[str]) -> int:
    """The brute-force count of ``puzzle``, after checking that each encoding counts alike."""
    expected = brute_force_count(puzzle)
    for encoding in encodings:
        found = count(puzzle, backend="minisat22", encoding=encoding).count
        assert found == expected, f"{encoding}: {found} solutions, brute force {expected}"
    return expected


def by_method(method: str) -> list[str]:
    return [f"{encoding}+{method}" for encoding in METHOD_ENCODINGS]


@pytest.mark.parametrize("op", COMPARISONS)
@pytest.mark.parametrize("seed", range(8))
def test_random_sums_count_as_brute_force(seed, op):
    counts_agree(random_rule(seed, op), {15: 1, 6: 3} if seed % 2 else None)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("op", COMPARISONS)
@pytest.mark.parametrize("seed", range(8))
def test_random_sums_count_as_brute_force_by_each_method(seed, op, method):
    rule = random_rule(seed, op)
    agree_by(with_rules(rule, givens={15: 1, 6: 3} if seed % 2 else None), by_method(method))


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


@pytest.mark.parametrize("method", METHODS)
def test_edge_cases_count_alike_by_each_method(method):
    for rule in (
        Linear((), "<", 0),
        Linear(((0, 0),), "==", 0),
        Linear(((1, 0), (1, 0)), "==", 8),
        Linear(((1, 0), (-1, 5)), "==", 0),
        Linear(((1, 0), (1, 1)), "==", 7, ((0, 4),)),
        Linear(((1, 0), (1, 1), (1, 2)), "!=", 6, ((3, 4),)),
    ):
        agree_by(with_rules(rule), by_method(method))
    agree_by(
        with_rules(Linear(((1, 0),), "==", 3, ((3, 4),)), givens={0: 2, 3: 4}),
        ["minimal+" + method],
    )


ROW_1 = (0, 1, 2, 3)
LOWER_ROWS_6 = {
    cell: value
    for cell, value in zip(
        range(18, 36),
        (5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2),
        strict=True,
    )
}
"""The lower half of a solved 6x6: its top three rows are left open."""

SUM_RULES: list[tuple[tuple[Constraint, ...], tuple[int, int], dict[int, int]]] = [
    ((Cage((1, 2), 5), Cage((0, 5, 10), 6)), (2, 2), {}),
    ((Cage((5, 6, 9, 10), 10),), (2, 2), {6: 1}),
    ((Sum((0, 6), 5),), (2, 2), {}),  # no unit holds both cells: no table
    ((Arrow((0,), (1, 5)), Arrow((12,), (10,))), (2, 2), {}),
    ((Arrow((0, 1), (2, 3, 6, 7, 11, 15, 14, 13, 12, 8)),), (2, 2), {}),  # a pill: 2 digits
    ((DoubleArrow((0, 5, 10, 15, 14)),), (2, 2), {}),
    ((LittleKiller((8, 13), 5), LittleKiller((12, 9, 6, 3), 10)), (2, 2), {}),
    ((Sandwich(ROW_1, 3), Sandwich((3, 7, 11, 15), 2)), (2, 2), {}),
    ((Sandwich(ROW_1, 0),), (2, 2), {0: 1}),
    ((XSum(ROW_1, 6), XSum((12, 8, 4, 0), 10)), (2, 2), {}),
    ((RegionSumLine(((0, 4), (8,), (9, 13))),), (2, 2), {}),
    ((Zipper((0, 5, 10, 15, 14)),), (2, 2), {}),
    ((EqualSum(((0, 1), (14, 15))),), (2, 2), {}),
    ((Arrow((0, 1), (8, 14, 13, 12)), LittleKiller((2, 7, 12), 10)), (2, 3), LOWER_ROWS_6),
    ((Sandwich((6, 7, 8, 9, 10, 11), 5), XSum((0, 1, 2, 3, 4, 5), 10)), (2, 3), LOWER_ROWS_6),
    ((Cage((0, 1, 2, 3), 10), Cage((7, 8, 14), 12)), (2, 3), LOWER_ROWS_6),
    ((Arrow((0,), (1, 2, 3)),), (2, 2), {}),  # no solution: 3 different values make 6 or more
    ((LittleKiller((0, 5, 10, 15), 3),), (2, 2), {}),  # no solution
]


def rules_id(value: object) -> str:
    if isinstance(value, tuple) and value and isinstance(value[0], Constraint):
        return "+".join(f"{type(r).__name__}{list(r.cells)}" for r in value)
    return str(value)


@pytest.mark.parametrize("method", ["table", *METHODS])
@pytest.mark.parametrize(("rules", "box", "givens"), SUM_RULES, ids=rules_id)
def test_sum_rules_count_as_brute_force_by_each_method(rules, box, givens, method):
    puzzle = with_rules(*rules, box=box, givens=givens)
    agree_by(puzzle, by_method(method))


def test_sum_rules_have_solutions_and_none():
    counts = [brute_force_count(with_rules(*r, box=b, givens=g)) for r, b, g in SUM_RULES]
    assert all(counts[:-2]) and counts[-2:] == [0, 0]


def test_the_table_takes_a_sum_of_cells_that_may_repeat_without_pindakaas(monkeypatch):
    monkeypatch.setitem(sys.modules, "pindakaas", None)  # import pindakaas fails
    puzzle = with_rules(Sum((0, 6), 5))
    assert agree_by(puzzle, ["extended", "minimal+tree"]) == 48
    with pytest.raises(UsageError, match="the pb sum encoding needs pindakaas"):
        count(puzzle, backend="minisat22", encoding="extended+pb")


def test_the_methods_differ_in_clauses_and_agree_in_solutions():
    puzzle = with_rules(
        Arrow((0, 1), (2, 3, 6, 7, 11, 15, 14, 13, 12, 8)), LittleKiller((1, 6, 11), 9)
    )
    sizes = {}
    for method in ("table", "tree", *(["pb"] if PINDAKAAS else [])):
        formula = get_encoding(f"extended+{method}").encode(puzzle)
        sizes[method] = len(formula.clauses)
    assert len(set(sizes.values())) == len(sizes), sizes
    agree_by(puzzle, [f"extended+{method}" for method in sizes])


def test_sum_methods_are_encoding_options():
    assert get_encoding("extended+optimized+tree").spec == "extended+optimized+tree"
    assert get_encoding("extended+pb+optimized").spec == "extended+optimized+pb"
    assert get_encoding("extended+totalizer").amo == "totalizer"  # an at-most-one method
    with pytest.raises(UsageError, match=r"a sum method \(table, pb, tree\)"):
        get_encoding("extended+sums")


KAKURO = [json.loads(line) for line in data_lines("hakank_kakuro.jsonl")]


@pytest.mark.parametrize("method", ["table", *METHODS])
@pytest.mark.parametrize("entry", KAKURO, ids=[e["id"] for e in KAKURO])
def test_sums_over_runs_count_one_value_per_cell_without_cell_clauses(entry, method):
    """``minimal`` has no "a cell holds at most one value" and a Kakuro run is no full
    unit: each sum method still reads one value per cell."""
    puzzle = get_kind("kakuro").parse(json.dumps(entry), None, "auto")
    found = list(solutions(puzzle, backend="minisat22", encoding=f"minimal+{method}", limit=2))
    assert [s.grid for s in found] == [solution_grid(entry["solution"])]
