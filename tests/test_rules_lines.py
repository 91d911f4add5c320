"""Line rules (thermometer, slow thermometer, whisper, renban, between, lockout, palindrome, zipper,
entropic, modular, region sum, sum line, equal sum): brute force, CNF under three encodings
and both CP-SAT models count each alike on 4x4 and 6x6 grids, and the verifier names a grid
that breaks one."""

from __future__ import annotations

import pytest

from satdoku import violations
from satdoku.constraints.between import Between
from satdoku.constraints.entropic import Entropic
from satdoku.constraints.equalsum import EqualSum
from satdoku.constraints.lockout import Lockout
from satdoku.constraints.modular import Modular
from satdoku.constraints.palindrome import Palindrome
from satdoku.constraints.regionsum import RegionSumLine
from satdoku.constraints.renban import Renban
from satdoku.constraints.sumline import SumLine
from satdoku.constraints.thermometer import SlowThermometer, Thermometer
from satdoku.constraints.whisper import Whisper
from satdoku.constraints.zipper import Zipper
from satdoku.model import Constraint
from satdoku.targets import LINE_STYLES
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
LOWER_ROWS = {cell: SOLVED_6[cell] for cell in range(24, 36)}
"""The givens of a 6x6 whose top four rows are left open."""

ON_4X4: list[tuple[Constraint, ...]] = [
    (Thermometer((0, 1, 2, 3)),),
    (Thermometer((12, 9, 6, 3)),),
    (Thermometer((5, 1)), Thermometer((6, 7, 3))),
    (SlowThermometer((0, 1, 2, 3)),),
    (SlowThermometer((12, 9, 6, 3)),),
    (SlowThermometer((5, 1)), SlowThermometer((6, 7, 3))),
    (Whisper((0, 1, 2), 2),),
    (Whisper((0, 5, 10, 15), 2), Whisper((3, 7), 3)),
    (Renban((0, 1, 4)),),
    (Renban((0, 5, 10)), Renban((3, 2))),
    (Renban((4, 5, 6, 7)),),
    (Between((0, 1, 2)),),
    (Between((0, 5, 10, 15)), Between((4, 1))),
    (Lockout((0, 1, 2), 2),),
    (Lockout((3, 6, 9, 12), 2),),
    (Lockout((4, 1), 3),),
    (Palindrome((0, 5, 10)),),
    (Palindrome((0, 4, 9, 13)), Palindrome((2, 7, 11))),
    (Zipper((0, 1, 2)),),
    (Zipper((4, 5, 6, 7)),),
    (Zipper((0, 5, 10, 15, 14)),),
    (Entropic((0, 1, 2), 4),),
    (Entropic((0, 5, 10, 15), 4), Entropic((3, 7), 4)),
    (Modular((0, 1, 2, 3), 2),),
    (Modular((0, 5, 10), 3), Modular((12, 13), 3)),
    (RegionSumLine(((4, 5), (6, 7))),),
    (RegionSumLine(((5,), (6, 10))),),
    (RegionSumLine(((0, 4), (8,), (9, 13))),),
    (SumLine((0, 1, 2, 3), 5),),
    (SumLine((0, 1, 5, 4), 5, loop=True),),
    (SumLine((0, 5, 10, 15, 11), 4),),
    (EqualSum(((0, 1), (14, 15))),),
    (EqualSum(((0, 5), (10, 15), (2, 7))),),
]

ON_6X6: list[tuple[Constraint, ...]] = [
    (Thermometer((0, 7, 14, 21)),),
    (Thermometer((6, 1, 8, 15)), Thermometer((2, 3))),
    (SlowThermometer((0, 7, 14, 21)),),
    (Whisper((0, 7, 14)),),
    (Whisper((1, 2, 3, 4), 3),),
    (Renban((0, 1, 2, 8)),),
    (Between((6, 1, 8, 15)),),
    (Lockout((0, 7, 14)),),
    (Lockout((12, 7, 8, 3), 3),),
    (Palindrome((0, 7, 14, 15, 16)),),
    (Zipper((6, 7, 8, 9, 10)),),
    (Entropic((0, 1, 2, 3, 4, 5), 6),),
    (Entropic((6, 13, 8, 15), 6),),
    (Modular((0, 1, 2, 3, 4, 5), 3),),
    (RegionSumLine(((7, 8), (9, 10), (16, 17))),),
    (RegionSumLine(((0, 6), (12, 18, 19))),),
    (SumLine((0, 1, 2, 3, 4, 5, 11, 10)),),
    (SumLine((0, 1, 7, 6), 7, loop=True), Whisper((0, 1), 4)),
    (EqualSum(((0, 1), (8, 9), (16,))),),
]

NO_SOLUTION: list[tuple[Constraint, ...]] = [
    (Thermometer((0, 1)), Thermometer((1, 0))),
    (Thermometer((0, 1, 2, 3, 7)),),
    (SlowThermometer((0, 1)), SlowThermometer((1, 0))),
    (Whisper((0, 1), 4),),
    (Renban((0, 1, 2)), Renban((4, 5, 6)), Renban((8, 9, 10))),
    (Between((0, 1, 2, 3, 7)),),
    (Lockout((0, 5, 10, 15), 3),),
    (Palindrome((0, 1)),),
    (Zipper((0, 4, 1, 5, 8)),),
    (Entropic((0, 1, 2, 3, 7, 6), 4),),
    (Modular((0, 1, 2, 3), 3), Modular((4, 5, 6, 7), 3), Modular((8, 9, 10, 11), 3)),
    (RegionSumLine(((0, 1), (2, 6))),),
    (SumLine((0, 1), 10),),
    (EqualSum(((0,), (1,))),),
]

GIVENS_INSIDE: list[tuple[Constraint, dict[int, int]]] = [
    (Thermometer((0, 4, 8)), {4: 2}),
    (Thermometer((0, 1, 2)), {2: 3}),
    (SlowThermometer((0, 4, 8)), {4: 2}),
    (Whisper((0, 1, 2), 2), {1: 4}),
    (Renban((0, 5)), {2: 4}),
    (Renban((0, 5)), {0: 1, 5: 4}),
    (Between((0, 1, 2)), {1: 3}),
    (Lockout((0, 1, 2), 2), {0: 1}),
    (Palindrome((0, 5, 10)), {10: 3}),
    (Zipper((0, 1, 2)), {1: 4}),
    (Zipper((0, 1, 2)), {1: 2}),
    (Entropic((0, 1), 4), {0: 1}),
    (Modular((0, 1, 2), 3), {0: 3}),
    (RegionSumLine(((4, 5), (6, 7))), {4: 1}),
    (SumLine((0, 1, 5, 4), 5, loop=True), {5: 4}),
    (EqualSum(((0, 1), (14, 15))), {0: 4, 15: 2}),
]

BROKEN_BY_SOLVED_4: list[tuple[Constraint, str]] = [
    (SlowThermometer((1, 0)), "slow thermometer: [2, 1] falls along the line"),
    (Whisper((0, 1, 2), 2), "whisper: 1 and 2 differ by less than 2"),
    (Renban((0, 2)), "renban: [1, 3] are not consecutive"),
    (Between((1, 0, 2)), "between line: 1 is not between 2 and 3"),
    (Lockout((0, 1), 2), "lockout line: ends 1 and 2 differ by less than 2"),
    (Lockout((0, 1, 3), 2), "lockout line: 2 is locked out by 1 and 4"),
    (Palindrome((0, 5, 10)), "palindrome: [1, 4, 4] does not read the same backwards"),
    (Zipper((0, 1, 2)), "zipper: [1, 2, 3] zips to different totals [2, 4]"),
    (Entropic((0, 1, 2), 4), "entropic line: [1, 2] hold two values of one third"),
    (Modular((2, 3, 4), 3), "modular line: [3, 4, 3] repeat a residue modulo 3"),
    (
        RegionSumLine(((0, 1), (2, 6))),
        "region sum line: its segments add up to different totals [3, 4]",
    ),
    (SumLine((0, 1, 2, 3), 5), "sum line: [1, 2, 3, 4] does not divide into runs adding up to 5"),
    (EqualSum(((0,), (1,))), "equal sum: its groups add up to different totals [1, 2]"),
]


def name(rules: tuple[Constraint, ...]) -> str:
    return "+".join(f"{type(r).__name__}{list(r.cells)}" for r in rules)


@pytest.mark.parametrize("rules", ON_4X4, ids=name)
def test_counts_agree_on_4x4(rules):
    assert agree(with_rules(*rules)) > 0


@pytest.mark.parametrize("rules", ON_6X6, ids=name)
def test_counts_agree_on_6x6(rules):
    assert agree(with_rules(*rules, box=(2, 3), givens=LOWER_ROWS)) > 0


@pytest.mark.parametrize("rules", NO_SOLUTION, ids=name)
def test_counts_agree_when_nothing_fits(rules):
    assert agree(with_rules(*rules)) == 0


def rule_id(value: object) -> str:
    return name((value,)) if isinstance(value, Constraint) else str(value)


@pytest.mark.parametrize("rule, givens", GIVENS_INSIDE, ids=rule_id)
def test_counts_agree_with_givens_on_the_line(rule, givens):
    agree(with_rules(rule, givens=givens))


@pytest.mark.parametrize("rule, message", BROKEN_BY_SOLVED_4, ids=rule_id)
def test_the_verifier_names_the_broken_line(rule, message):
    assert violations(with_rules(rule), SOLVED_4) == [message]


class Lines:
    """A canvas that keeps the lines and cages drawn on it."""

    def __init__(self) -> None:
        self.drawn: list[tuple[str, tuple[int, ...], str]] = []

    def line(self, cells, style):
        self.drawn.append(("line", tuple(cells), style))

    def cage(self, cells, text):
        self.drawn.append(("cage", tuple(cells), text))


@pytest.mark.parametrize(
    "rule",
    [rules[0] for rules in ON_4X4 if not isinstance(rules[0], EqualSum)],
    ids=lambda r: name((r,)),
)
def test_each_line_is_drawn_in_its_own_style(rule):
    canvas = Lines()
    rule.draw(canvas)
    style = "sum" if isinstance(rule, SumLine) else rule.family
    assert canvas.drawn == [("line", rule.cells, style)]
    assert style in LINE_STYLES


def test_equal_sum_groups_are_drawn_as_outlines_marked_equal():
    canvas = Lines()
    EqualSum(((0, 1), (), (14,))).draw(canvas)
    assert canvas.drawn == [("cage", (0, 1), "="), ("cage", (14,), "=")]


def test_a_renban_is_a_unit_only_across_the_whole_grid():
    assert Renban((0, 1, 2, 3)).needs(4) == "unit"
    assert Renban((0, 1, 2)).needs(4) == "rule"
    assert Renban((0, 1)).distinct


def test_segments_and_groups_make_the_cells():
    assert RegionSumLine(((0, 1), (2,))).cells == (0, 1, 2)
    assert EqualSum(((5,), (), (3, 7))).cells == (5, 3, 7)
