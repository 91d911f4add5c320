"""Sums that houses give (satdoku.encodings.houses): the cells of a house that its sums leave
add up to the rest (innies), the cells outside of sums that cover a house add up to the excess
(outies); they never change a count."""

from __future__ import annotations

import random

import pytest

from satdoku.constraints.cage import Cage
from satdoku.constraints.littlekiller import LittleKiller
from satdoku.encodings.houses import house_sums
from satdoku.model import Constraint
from tests.rules import agree, with_rules

SOLVED_4 = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)


def cages_of(grid: tuple[int, ...], groups: list[tuple[int, ...]]) -> list[Constraint]:
    """A cage over each group, its total taken from ``grid``."""
    return [Cage(cells, sum(grid[c] for c in cells)) for cells in groups]


def test_a_cage_inside_a_row_leaves_the_rest_of_the_row_its_rest() -> None:
    puzzle = with_rules(Cage((0, 1), 3))
    assert ((2, 3), 7) in house_sums(puzzle)  # row 1: 10 - 3
    assert ((4, 5), 7) in house_sums(puzzle)  # box 1 holds cells 0, 1, 4, 5
    agree(puzzle)


def test_cages_that_cover_a_row_give_what_sticks_out() -> None:
    puzzle = with_rules(Cage((0, 1), 3), Cage((2, 3, 7), 9))
    assert ((7,), 2) in house_sums(puzzle)  # 3 + 9 - 10
    agree(puzzle)


def test_a_little_killer_counts_as_a_sum_of_its_cells() -> None:
    puzzle = with_rules(LittleKiller((3, 6, 9, 12), 10), Cage((0, 1), 7))
    assert house_sums(puzzle)
    agree(puzzle)


@pytest.mark.parametrize("seed", range(6))
def test_house_sums_never_change_a_count(seed: int) -> None:
    """Random cages of one to three cells along rows and columns, totals from a solved grid,
    some cells left out."""
    picked = random.Random(seed)
    cells = list(range(16))
    picked.shuffle(cells)
    groups: list[tuple[int, ...]] = []
    used: set[int] = set()
    for cell in cells:
        if cell in used or picked.random() < 0.2:
            continue
        group = [cell]
        for step in (1, 4):
            other = cell + step
            if (
                other < 16
                and other not in used
                and picked.random() < 0.5
                and (step == 4 or other % 4)
            ):
                group.append(other)
                break
        used.update(group)
        groups.append(tuple(group))
    puzzle = with_rules(*cages_of(SOLVED_4, groups))
    assert house_sums(puzzle), groups
    assert agree(puzzle) >= 1
