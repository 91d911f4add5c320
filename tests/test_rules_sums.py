"""Sum rules, outside clues and cell values (sum, cage, arrow, double arrow, little killer,
sandwich, X-sum, skyscraper, quadruple, cell values): brute force, CNF under three encodings
and both CP-SAT models count each alike on 4x4 and 6x6 grids, the verifier names a grid that
breaks one, and each is drawn with its marks."""

from __future__ import annotations

import pytest

from satdoku import violations
from satdoku.constraints.arrow import Arrow, DoubleArrow
from satdoku.constraints.cage import Cage
from satdoku.constraints.littlekiller import LittleKiller
from satdoku.constraints.quadruple import Quadruple
from satdoku.constraints.sandwich import Sandwich
from satdoku.constraints.skyscraper import Skyscraper
from satdoku.constraints.sum import Sum
from satdoku.constraints.values import Values
from satdoku.constraints.xsum import XSum
from satdoku.model import Constraint
from tests.rules import agree, with_rules

SOLVED_4 = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
SOLVED_6 = (
    *(1, 2, 3, 4, 5, 6),
    *(4, 5, 6, 1, 2, 3),
    *(2, 3, 1, 5, 6, 4),
    *(5, 6, 4, 2, 3, 1),
    *(3, 1, 2, 6, 4, 5),
    *(6, 4, 5, 3, 1, 2),
)
LOWER_ROWS = {cell: SOLVED_6[cell] for cell in range(18, 36)}
"""The givens of a 6x6 whose top three rows are left open."""
ROW_1, ROW_4 = (0, 1, 2, 3), (12, 13, 14, 15)
COLUMN_1 = (0, 4, 8, 12)

ON_4X4: list[tuple[Constraint, ...]] = [
    (Sum((0, 5), 5),),
    (Sum((0, 10), 2),),  # apart: a sum lets its values repeat
    (Sum((0, 6, 9, 15), 4),),
    (Sum((1, 6, 11), 7), Sum((4, 9), 5)),
    (Cage((1, 2), 5),),
    (Cage((0, 5, 10), 6), Cage((3, 6), 3)),
    (Cage((5, 6, 9, 10), 10),),
    (Cage((1, 2, 6)),),
    (Arrow((0,), (1, 5)),),
    (Arrow((3,), (6, 9)), Arrow((12,), (10,))),
    (Arrow((0, 1), (2, 3, 6, 7, 11, 15, 14, 13, 12, 8)),),  # a pill read as 2 digits
    (DoubleArrow(ROW_1),),
    (DoubleArrow((0, 5, 10, 15, 14)),),
    (LittleKiller((1, 6, 11), 9),),
    (LittleKiller((8, 13), 5), LittleKiller((12, 9, 6, 3), 10)),
    (Sandwich(ROW_1, 3),),
    (Sandwich(COLUMN_1, 0), Sandwich((3, 7, 11, 15), 2)),
    (XSum(ROW_1, 6),),
    (XSum((4, 5, 6, 7), 8), XSum((12, 8, 4, 0), 10)),
    (Skyscraper(ROW_1, 2),),
    (Skyscraper((12, 8, 4, 0), 3), Skyscraper((3, 2, 1, 0), 1)),
    (Quadruple((5, 6, 9, 10), (1, 1)),),
    (Quadruple((1, 2, 5, 6), (4,)), Quadruple((9, 10, 13, 14), (1, 2, 3))),
    (Values(0, (2, 3)),),
    (Values.even(5, 4), Values.odd(10, 4)),
]

ON_6X6: list[tuple[Constraint, ...]] = [  # each kept by SOLVED_6
    (Sum((0, 7, 14), 7),),
    (Sum((0, 1, 6, 7), 12), Sum((2, 9), 4)),
    (Cage((0, 1, 2, 3), 10),),
    (Cage((7, 8, 14)), Cage((3, 9), 5)),
    (Arrow((5,), (11, 10, 9)),),
    (Arrow((0, 1), (8, 14, 13, 12)),),
    (DoubleArrow((9, 10, 11, 17)),),
    (LittleKiller((2, 7, 12), 10),),
    (Sandwich((12, 13, 14, 15, 16, 17), 5), Sandwich((6, 7, 8, 9, 10, 11), 0)),
    (XSum((6, 7, 8, 9, 10, 11), 16),),
    (Skyscraper((6, 7, 8, 9, 10, 11), 3), Skyscraper((35, 29, 23, 17, 11, 5), 3)),
    (Quadruple((7, 8, 13, 14), (1, 6)),),
    (Values(1, (2, 4, 6)), Values.odd(7, 6)),
]

NO_SOLUTION: list[tuple[Constraint, ...]] = [
    (Sum((0, 1), 2),),  # a row's values differ: 3 or more
    (Sum((0, 10), 9),),
    (Cage((0, 1), 2),),
    (Cage((0, 1, 2, 3, 4)),),
    (Arrow((0,), (1, 2, 3)),),  # three different values make 6 or more
    (DoubleArrow((0, 1, 2, 3, 4, 8, 12)),),
    (LittleKiller((0, 5, 10, 15), 3),),
    (Sandwich(ROW_1, 6),),
    (XSum(ROW_1, 11),),
    (Skyscraper(ROW_1, 4), Skyscraper((3, 2, 1, 0), 2)),
    (Quadruple((0, 1, 4, 5), (1, 1)),),
    (Values(0, (5,)),),
    (Values(0, (1,)), Values(1, (1,))),
]

GIVENS_INSIDE: list[tuple[Constraint, dict[int, int]]] = [
    (Sum((0, 10), 5), {0: 2}),
    (Sum((0, 6, 9, 15), 4), {6: 1}),
    (Cage((0, 5, 10), 6), {5: 2}),
    (Cage((1, 2), 5), {1: 1}),
    (Arrow((0,), (1, 5)), {0: 4}),
    (Arrow((0,), (1, 5)), {1: 2}),
    (DoubleArrow(ROW_1), {1: 1}),
    (LittleKiller((1, 6, 11), 9), {6: 4}),
    (Sandwich(ROW_1, 3), {0: 1}),
    (XSum(ROW_1, 6), {0: 3}),
    (Skyscraper(ROW_1, 2), {3: 4}),
    (Quadruple((5, 6, 9, 10), (1, 1)), {5: 1}),
    (Values(0, (2, 3)), {0: 3}),
    (Values(0, (2, 3)), {0: 4}),
]

BROKEN_BY_SOLVED_4: list[tuple[Constraint, str]] = [
    (Cage((0, 1), 4), "cage: [1, 2] does not add up to 4"),
    (Cage((0, 6)), "cage: repeated value in [1, 1]"),
    (Arrow((0,), (1, 5)), "arrow: [2, 4] does not add up to 1"),
    (Arrow((0, 1), (2, 3)), "arrow: [3, 4] does not add up to 12"),
    (DoubleArrow((0, 1, 5)), "double arrow: [2] does not add up to 5"),
    (LittleKiller((1, 6, 11), 9), "little killer: [2, 1, 3] does not add up to 9"),
    (Sandwich(ROW_1, 3), "sandwich: 5 between 1 and 4 in [1, 2, 3, 4], not 3"),
    (XSum((3, 2, 1, 0), 6), "x-sum: the first 4 of [4, 3, 2, 1] do not add up to 6"),
    (Skyscraper(ROW_1, 2), "skyscraper: 4 visible in [1, 2, 3, 4], not 2"),
    (Quadruple((0, 1, 4, 5), (1, 1)), "quadruple: [1, 2, 3, 4] lacks [1] of [1, 1]"),
    (Values(0, (2, 3)), "values: 1 is not one of [2, 3]"),
]


def name(rules: tuple[Constraint, ...]) -> str:
    return "+".join(f"{type(r).__name__}{list(r.cells)}" for r in rules)


def rule_id(value: object) -> str:
    return name((value,)) if isinstance(value, Constraint) else str(value)


@pytest.mark.parametrize("rules", ON_4X4, ids=name)
def test_counts_agree_on_4x4(rules):
    assert agree(with_rules(*rules)) > 0


@pytest.mark.parametrize("rules", ON_6X6, ids=name)
def test_counts_agree_on_6x6(rules):
    assert agree(with_rules(*rules, box=(2, 3), givens=LOWER_ROWS)) > 0


@pytest.mark.parametrize("rules", NO_SOLUTION, ids=name)
def test_counts_agree_when_nothing_fits(rules):
    assert agree(with_rules(*rules)) == 0


@pytest.mark.parametrize("rule, givens", GIVENS_INSIDE, ids=rule_id)
def test_counts_agree_with_givens_inside_the_rule(rule, givens):
    agree(with_rules(rule, givens=givens))


@pytest.mark.parametrize("rule, message", BROKEN_BY_SOLVED_4, ids=rule_id)
def test_the_verifier_names_the_broken_rule(rule, message):
    assert violations(with_rules(rule), SOLVED_4) == [message]


def test_a_cage_is_a_unit_until_it_has_a_total():
    assert Cage((0, 1)).needs(4) == "partial-unit"
    assert Cage(ROW_1).needs(4) == "unit"
    assert Cage((0, 1), 3).needs(4) == "sum"
    assert with_rules(Cage((0, 5))).peers[0] >= {5}


def test_an_arrow_holds_its_circle_then_its_shaft():
    assert Arrow((0, 1), (2, 3)).cells == (0, 1, 2, 3)
    with pytest.raises(ValueError, match="circle of 4 cells"):
        Arrow((0, 1, 2, 3), (4,))


class Marks:
    """A canvas that keeps every mark drawn on it."""

    def __init__(self) -> None:
        self.drawn: list[tuple[object, ...]] = []

    def __getattr__(self, kind: str):
        return lambda *args: self.drawn.append((kind, *args))


@pytest.mark.parametrize(
    "rule, marks",
    [
        (Cage((0, 1), 7), [("cage", (0, 1), "7")]),
        (Cage((0, 1)), [("cage", (0, 1), "")]),
        (Arrow((0,), (1, 2)), [("circle", (0,)), ("line", (0, 1, 2), "arrow")]),
        (
            DoubleArrow((0, 1, 2)),
            [("circle", (0,)), ("circle", (2,)), ("line", (0, 1, 2), "arrow")],
        ),
        (LittleKiller((1, 6), 9), [("outside", (1, 6), "9")]),
        (Sandwich(ROW_1, 0), [("outside", ROW_1, "0")]),
        (XSum(ROW_1, 6), [("outside", ROW_1, "6")]),
        (Skyscraper(ROW_1, 2), [("outside", ROW_1, "2")]),
        (Quadruple((0, 1, 4, 5), (1, 2)), [("corner", (0, 1, 4, 5), "12")]),
        (Values(0, (2, 3)), [("note", 0, "2,3")]),
        (Values.even(0, 4), [("shade", (0,), "even")]),
        (Values.odd(0, 9), [("shade", (0,), "odd")]),
    ],
    ids=rule_id,
)
def test_each_rule_is_drawn_with_its_marks(rule, marks):
    canvas = Marks()
    rule.draw(canvas)
    assert canvas.drawn == marks
