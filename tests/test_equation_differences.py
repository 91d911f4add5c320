"""Equations implied by two of a puzzle's equations (satdoku.encodings.differences): each
rule's equation holds exactly when its own check passes, the differences never change a
count, and they are made where two long arrows share their shafts."""

from __future__ import annotations

import random

import pytest

from satdoku.constraints.arrow import Arrow
from satdoku.constraints.cage import Cage
from satdoku.constraints.littlekiller import LittleKiller
from satdoku.constraints.sum import Sum
from satdoku.encodings import differences
from satdoku.encodings.differences import equation_differences
from satdoku.formats.iss import parse_iss
from satdoku.model import Constraint
from tests.rules import agree, with_rules

RULES: list[Constraint] = [
    Arrow((0,), (1, 4, 5)),
    Arrow((0, 1), (2, 3, 6, 7, 11, 15, 14, 13, 12, 8)),
    LittleKiller((12, 9, 6, 3), 10),
    Sum((4, 6, 9, 14), 7),
    Cage((13, 14), 5),
]
SHARED_ON_4X4 = [
    (Sum((0, 5, 10, 15), 10), Sum((0, 5, 10, 15, 14), 12)),
    (LittleKiller((12, 9, 6, 3), 10), Sum((12, 9, 6, 3, 2, 1), 14)),
    (LittleKiller((12, 9, 6, 3), 10), Sum((12, 9, 6, 3, 2, 1), 9)),  # no grid
]
"""Equations that share four terms (the real threshold needs six)."""
TRIPLE_PILLS = (
    ".PillArrow~3~R1C1~R1C2~R1C3~R2C1~R3C1~R4C1~R5C1~R6C1~R7C1~R8C1~R9C1~R9C2~R9C3~R9C4~R9C5~R9C6~R9C7~R9C8~R9C9"
    ".PillArrow~3~R7C1~R7C2~R7C3~R6C1~R5C1~R4C1~R3C1~R2C1~R9C1~R9C2~R9C3~R9C4~R9C5~R9C6~R9C7~R9C8~R9C9"
)
"""Two pill arrows whose shafts share fourteen cells; the first's shaft holds the second's
pill's first cell (r7c1) and r8c1 besides."""


@pytest.mark.parametrize("rule", RULES, ids=lambda r: type(r).__name__)
def test_an_equation_holds_exactly_when_the_rule_does(rule: Constraint) -> None:
    found = rule.equation()
    assert found is not None
    terms, constant = found
    picked = random.Random(7)
    for _ in range(2000):
        values = [picked.randint(1, 4) for _ in range(16)]
        kept = sum(k * values[c] for k, c in terms) == constant
        own = [values[c] for c in rule.cells]
        if isinstance(rule, Cage) and len(set(own)) != len(own):
            continue  # the cage's other half: its values differ
        assert kept == (rule.problem(own) is None), (rule, own)


@pytest.mark.parametrize("rules", SHARED_ON_4X4, ids=str)
def test_differences_never_change_a_count(
    monkeypatch: pytest.MonkeyPatch, rules: tuple[Constraint, ...]
) -> None:
    monkeypatch.setattr(differences, "SHARED", 4)
    puzzle = with_rules(*rules)
    assert equation_differences(puzzle), "the test needs a difference to be made"
    agree(puzzle)


def test_two_pill_arrows_on_one_shaft_give_their_difference() -> None:
    [(terms, constant)] = equation_differences(parse_iss(TRIPLE_PILLS))
    assert constant == 0
    assert dict((c, k) for k, c in terms) == {
        0: 100,
        1: 10,
        2: 1,
        54: -101,
        55: -10,
        56: -1,
        63: -1,
    }
    assert equation_differences(with_rules(*RULES[:2])) == []  # two terms shared only


def _every_pair(rules: list[Constraint], shared: int) -> list[tuple[list[tuple[int, int]], int]]:
    """The differences by their definition: every two equations, in order, compared whole."""
    equations = []
    for rule in rules:
        found = rule.equation()
        assert found is not None
        equations.append(({c: k for k, c in found[0]}, found[1]))
    made = []
    for i, (a, ca) in enumerate(equations):
        for b, cb in (e for e in equations[i + 1 :]):
            if sum(1 for c, k in a.items() if b.get(c) == k) < shared:
                continue
            difference = {c: a.get(c, 0) - b.get(c, 0) for c in a.keys() | b.keys()}
            terms = sorted((k, c) for c, k in difference.items() if k)
            if terms and len(terms) <= min(len(a), len(b)) // 2:
                made.append(([(k, c) for k, c in sorted(terms, key=lambda t: t[1])], ca - cb))
    return made


@pytest.mark.parametrize("seed", range(20))
def test_the_pairs_found_are_those_of_every_pair(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    monkeypatch.setattr(differences, "SHARED", 3)
    picked = random.Random(seed)
    base = picked.sample(range(16), 8)
    rules: list[Constraint] = []
    for _ in range(12):
        cells = base[: picked.randint(2, 8)] + picked.sample(range(16), picked.randint(0, 3))
        cells = list(dict.fromkeys(cells))
        picked.shuffle(cells)
        rules.append(Sum(tuple(cells), picked.randint(len(cells), 4 * len(cells))))
    expected = _every_pair(rules, 3)
    assert equation_differences(with_rules(*rules)) == expected
    if seed == 0:
        assert expected, "the test needs a difference to be made"
