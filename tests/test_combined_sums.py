"""Sums implied by a puzzle's sums together (satdoku.encodings.combined), encoded over the
totals of their cells that share a unit (satdoku.encodings.groupsums): they never change a
count, and they show at once what no single sum shows."""

from __future__ import annotations

import pytest

from satdoku import model, uniqueness
from satdoku.constraints.cage import Cage
from satdoku.constraints.littlekiller import LittleKiller
from satdoku.constraints.sum import Sum
from satdoku.encodings import combined, get_encoding
from satdoku.encodings.combined import combined_sums
from satdoku.encodings.context import CnfContext
from satdoku.encodings.groupsums import sum_steps
from satdoku.formats.iss import parse_iss
from satdoku.status import Status
from tests.rules import agree, with_rules

NO_SOLUTION_ISS = (
    ".LittleKiller~49~R1C9.LittleKiller~49~R1C8.LittleKiller~49~R9C2.LittleKiller~49~R9C3"
    ".LittleKiller~49~R7C9.LittleKiller~49~R1C1.LittleKiller~49~R2C1.LittleKiller~49~R3C1."
)
"""Eight little killers of 49 (from the Interactive Sudoku Solver's examples, MIT): the four
along the anti-diagonal need 196 from 32 cells that can make at most 198 (three boxes of
eight, ...), which forces almost every cell, and then no grid fits."""

MERGED_ON_4X4 = [
    (LittleKiller((12, 9, 6, 3), 8), LittleKiller((8, 5, 2), 7)),
    (LittleKiller((12, 9, 6, 3), 11), LittleKiller((8, 5, 2), 11), Cage((13, 14), 5)),
    (LittleKiller((12, 9, 6, 3), 7), LittleKiller((8, 5, 2), 4)),  # no grid
    (Sum((4, 6, 9, 14), 7), Sum((0, 7, 8, 15), 6)),
    (Sum((2, 8, 10, 12), 13), Sum((3, 5, 13, 15), 12)),
    (Sum((5, 6, 10, 14), 13), Sum((8, 11, 13, 15), 14)),  # no grid, though each sum has one
]
"""Sums that merge when two related cells suffice (the real threshold needs six)."""


@pytest.fixture
def merge_small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(combined, "RELATED", 2)


@pytest.mark.parametrize(
    "rules",
    MERGED_ON_4X4,
    ids=["diagonals", "diagonals, cage", "diagonals, no grid", "sums", "sums 2", "no grid"],
)
def test_merged_sums_keep_every_count(merge_small: None, rules) -> None:
    puzzle = with_rules(*rules)
    assert combined_sums(puzzle), "nothing merged: the test would prove nothing"
    agree(puzzle)


def test_a_merged_sum_adds_up_its_parts(merge_small: None) -> None:
    a, b = LittleKiller((12, 9, 6, 3), 8), LittleKiller((8, 5, 2), 7)
    assert combined_sums(with_rules(a, b)) == [((2, 3, 5, 6, 8, 9, 12), 15)]


def test_unrelated_or_overlapping_sums_are_not_merged() -> None:
    apart = with_rules(Sum((0, 5), 5), Sum((10, 15), 5))
    overlapping = with_rules(LittleKiller((0, 5, 10, 15), 10), LittleKiller((0, 1, 2, 3), 10))
    assert combined_sums(apart) == []
    assert combined_sums(overlapping) == []


def test_cells_of_one_unit_are_one_step_of_their_totals() -> None:
    puzzle = with_rules(Sum((0, 1, 4, 15), 10))
    formula = get_encoding("extended").encode(puzzle)
    context = CnfContext(formula, puzzle, [tuple(range(1, 5))] * 16, get_encoding("extended"))
    steps = sum_steps(context, [(1, 0), (1, 1), (1, 4), (1, 15)])
    # cells 0, 1 and 4 share box 1: their sets of three values make 6 to 9; cell 15 alone
    assert [sorted(total for total, _ in step) for step in steps] == [[6, 7, 8, 9], [1, 2, 3, 4]]


def test_the_merged_diagonals_show_at_once_that_nothing_fits() -> None:
    puzzle = parse_iss(NO_SOLUTION_ISS)
    assert any(total == 196 and len(cells) == 32 for cells, total in combined_sums(puzzle))
    result = uniqueness(puzzle, timeout=60, closest=False)
    assert result.status is Status.NO_SOLUTION  # without the merged sum: unknown after minutes


def test_a_puzzle_with_fewer_than_two_sums_is_not_scanned(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing merges without two sums, so the peers of every cell (about 3 GB for a 225x225,
    kept once made) are not made."""

    def no_peers(*_: object) -> None:
        raise AssertionError("the peers were made")

    monkeypatch.setattr(model, "_peers", no_peers)
    assert combined_sums(with_rules(Cage((0, 1), 3))) == []
    assert combined_sums(with_rules()) == []
