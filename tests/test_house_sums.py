"""Sums that houses give (satdoku.encodings.houses): the cells of a house that its sums leave
add up to the rest (innies), the cells outside of sums that cover a house add up to the excess
(outies), a unit that fills a gap the sums leave counts as a sum; they never change a count."""

from __future__ import annotations

import random

import pytest

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.constraints.cage import Cage
from satdoku.constraints.littlekiller import LittleKiller
from satdoku.encodings.houses import MAX_CELLS, house_sums
from satdoku.formats import parse_puzzle
from satdoku.model import Constraint
from tests.rules import agree, with_rules

SOLVED_4 = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
HAILSTONE = (
    "..Cage~14~R5C3~R5C4~R6C4.Cage~19~R6C6~R6C5~R7C5.Cage~14~R4C4~R4C5~R3C5"
    ".Cage~14~R4C6~R5C6~R5C7.Diagonal~1.Diagonal~-1.LittleKiller~47~R3C1"
    ".LittleKiller~49~R2C1.LittleKiller~30~R8C9.LittleKiller~45~R7C9.LittleKiller~43~R1C7"
    ".LittleKiller~44~R1C8.LittleKiller~34~R9C2.LittleKiller~52~R9C3"
)
HAILSTONE_SOLUTION = (
    "815432976763918245942567318278351694154896732396274581437685129681729453529143867"
)


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


def test_a_box_fills_the_gap_that_sums_leave_on_a_diagonal() -> None:
    """On a 4x4 X-sudoku a cage over 0 and 5 leaves the diagonal 0, 5, 10, 15 short of 10
    and 15, which the last box (10, 11, 14, 15) fills: that box's other cells, 11 and 14,
    add up to the cage's total."""
    diagonals = (AllDifferent((0, 5, 10, 15)), AllDifferent((3, 6, 9, 12)))
    puzzle = with_rules(*diagonals, Cage((0, 5), 4))
    assert ((11, 14), 4) in house_sums(puzzle)
    assert agree(puzzle) >= 1


def test_long_outies_are_kept_where_their_total_is_tight() -> None:
    """Hailstone (X-sudoku, eight little killers, no givens): two little killers crossing a
    diagonal, with boxes filling the gaps, leave twelve cells whose total is a few above the
    least they can make. Each sum holds in the puzzle's solution."""
    puzzle = parse_puzzle(HAILSTONE)
    made = dict(house_sums(puzzle))
    long = {cells: total for cells, total in made.items() if len(cells) > MAX_CELLS}
    assert long
    for cells, total in long.items():
        assert sum(int(HAILSTONE_SOLUTION[c]) for c in cells) == total


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
