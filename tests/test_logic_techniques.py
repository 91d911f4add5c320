"""Each technique on a constructed candidate situation where it fires: the exact eliminations
(or placements) are checked, on 9x9 and on other box shapes."""

from __future__ import annotations

import random
import re

import pytest

from satdoku.formats import parse_line
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.logic import BY_NAME, TECHNIQUES, CandidateGrid, Step, explain, hint, next_steps
from satdoku.logic.layout import bit, values_of
from satdoku.solver import solve
from satdoku.status import Status

NINE = Geometry(3, 3)


def blank(geometry: Geometry = NINE) -> CandidateGrid:
    return CandidateGrid.of(sudoku(geometry, [0] * geometry.ncells))


def cell(grid: CandidateGrid, name: str) -> int:
    return grid.layout.names.index(name)


def cells(grid: CandidateGrid, pattern: str) -> list[int]:
    """Cells whose names match a regular expression, e.g. ``r2c[4-9]``."""
    return [i for i, n in enumerate(grid.layout.names) if re.fullmatch(pattern, n)]


def only(grid: CandidateGrid, name: str, *values: int) -> None:
    """Give one cell exactly these candidates."""
    mask = 0
    for v in values:
        mask |= bit(v)
    grid.cands[cell(grid, name)] = mask


def remove(grid: CandidateGrid, pattern: str, value: int) -> None:
    for c in cells(grid, pattern):
        grid.eliminate(c, value)


def named(step: Step, pairs: tuple[tuple[int, int], ...]) -> set[tuple[str, int]]:
    return {(step.names[c], v) for c, v in pairs}


def run(grid: CandidateGrid, technique: str) -> list[Step]:
    steps = BY_NAME[technique](grid)
    assert steps, f"{technique} found nothing"
    for step in steps:
        assert step.technique == technique and step.description
        assert step.to_dict()["technique"] == technique
    return steps


def expect(names: list[str], values: tuple[int, ...]) -> set[tuple[str, int]]:
    return {(n, v) for n in names for v in values}


def names_of(grid: CandidateGrid, pattern: str) -> list[str]:
    return [grid.layout.names[c] for c in cells(grid, pattern)]


def test_registry_is_ordered_easiest_first():
    difficulties = [t.difficulty for t in TECHNIQUES]
    assert difficulties == sorted(difficulties)
    assert len({t.name for t in TECHNIQUES}) == len(TECHNIQUES)


def test_full_house_on_4x4():
    puzzle = parse_line("123." + "." * 12)
    step = hint(puzzle)
    assert step is not None and step.technique == "full house"
    assert step.placements == ((3, 4),) and str(step) == "r1c4 = 4 (full house in row 1)"


def test_hidden_single_in_a_box():
    grid = blank()
    remove(grid, "r[1-3]c[1-3]", 5)
    grid.cands[cell(grid, "r2c2")] |= bit(5)
    (step,) = run(grid, "hidden single in a box")
    assert str(step) == "r2c2 = 5 (hidden single in box 1)"
    assert not BY_NAME["hidden single in a line"](grid)


def test_hidden_single_in_a_line():
    grid = blank()
    remove(grid, "r7c.", 3)
    grid.cands[cell(grid, "r7c4")] |= bit(3)
    (step,) = run(grid, "hidden single in a line")
    assert str(step) == "r7c4 = 3 (hidden single in row 7)"


def test_naked_single():
    grid = blank()
    only(grid, "r4c4", 6)
    (step,) = run(grid, "naked single")
    assert str(step) == "r4c4 = 6 (naked single)"


def test_pointing():
    grid = blank()
    remove(grid, "r[13]c[1-3]", 4)
    (step,) = run(grid, "pointing")
    assert named(step, step.eliminations) == expect(names_of(grid, "r2c[4-9]"), (4,))
    assert step.description.startswith("pointing: 4 in box 1 is confined to row 2, so r2c4")


def test_claiming():
    grid = blank()
    remove(grid, "r2c[4-9]", 4)
    (step,) = run(grid, "claiming")
    assert named(step, step.eliminations) == expect(names_of(grid, "r[13]c[1-3]"), (4,))
    assert step.description.startswith("claiming: 4 in row 2 is confined to box 1")


def test_pointing_in_a_2x3_box():
    grid = blank(Geometry(2, 3))
    remove(grid, "r2c[1-3]", 5)
    (step,) = run(grid, "pointing")
    assert named(step, step.eliminations) == expect(names_of(grid, "r1c[4-6]"), (5,))


@pytest.mark.parametrize(
    ("technique", "patterns"),
    [
        ("naked pair", {"r1c1": (3, 8), "r1c5": (3, 8)}),
        ("naked triple", {"r1c1": (1, 2), "r1c4": (2, 3), "r1c7": (1, 3)}),
        ("naked quad", {"r1c1": (1, 2), "r1c3": (2, 3), "r1c5": (3, 4), "r1c7": (1, 4)}),
    ],
)
def test_naked_subsets(technique, patterns):
    grid = blank()
    for name, values in patterns.items():
        only(grid, name, *values)
    digits = tuple(sorted({v for vs in patterns.values() for v in vs}))
    steps = run(grid, technique)
    rest = [n for n in names_of(grid, "r1c.") if n not in patterns]
    assert named(steps[0], steps[0].eliminations) == expect(rest, digits)
    assert steps[0].digits == digits


@pytest.mark.parametrize(
    ("technique", "where", "digits"),
    [
        ("hidden pair", ("r1c1", "r1c5"), (3, 8)),
        ("hidden triple", ("r1c1", "r1c4", "r1c7"), (2, 5, 9)),
        ("hidden quad", ("r1c1", "r1c3", "r1c5", "r1c8"), (1, 4, 6, 7)),
    ],
)
def test_hidden_subsets(technique, where, digits):
    grid = blank()
    for value in digits:
        remove(grid, "r1c.", value)
        for name in where:
            grid.cands[cell(grid, name)] |= bit(value)
    steps = run(grid, technique)
    others = tuple(v for v in range(1, 10) if v not in digits)
    assert named(steps[0], steps[0].eliminations) == expect(list(where), others)
    assert steps[0].digits == digits


def test_x_wing():
    grid = blank()
    remove(grid, "r[27]c[1245679]", 5)
    (step,) = run(grid, "X-Wing")
    assert named(step, step.eliminations) == expect(names_of(grid, "r[1345689]c[38]"), (5,))
    assert step.description.startswith("X-Wing: 5 in rows 2, 7 is confined to columns 3, 8")


def test_swordfish_on_columns():
    grid = blank()
    remove(grid, "r[2-46-8]c[159]", 4)
    remove(grid, "r5c1", 4)
    remove(grid, "r1c5", 4)
    remove(grid, "r9c9", 4)
    (step,) = run(grid, "Swordfish")
    assert named(step, step.eliminations) == expect(names_of(grid, "r[159]c[2-46-8]"), (4,))
    assert not BY_NAME["X-Wing"](grid)


def test_jellyfish_on_16x16():
    grid = blank(Geometry(4, 4))
    base, cover = "r(1|3|5|7)c", "(2|4|6|8)"
    for name in cells(grid, base + r"\d+"):
        if not re.fullmatch(base + cover, grid.layout.names[name]):
            grid.eliminate(name, 9)
    remove(grid, "r1c2", 9)
    remove(grid, "r3c4", 9)
    steps = run(grid, "Jellyfish")
    expected = {
        (n, 9) for n in names_of(grid, r"r\d+c(2|4|6|8)") if not re.fullmatch(r"r(1|3|5|7)c\d+", n)
    }
    assert named(steps[0], steps[0].eliminations) == expected


def test_xy_wing():
    grid = blank()
    only(grid, "r1c1", 1, 2)
    only(grid, "r1c5", 1, 3)
    only(grid, "r5c1", 2, 3)
    (step,) = run(grid, "XY-Wing")
    assert named(step, step.eliminations) == {("r5c5", 3)}


def test_xyz_wing():
    grid = blank()
    only(grid, "r1c1", 1, 2, 3)
    only(grid, "r2c2", 1, 3)
    only(grid, "r1c7", 2, 3)
    (step,) = run(grid, "XYZ-Wing")
    assert named(step, step.eliminations) == {("r1c2", 3), ("r1c3", 3)}


def test_w_wing():
    grid = blank()
    only(grid, "r1c1", 1, 2)
    only(grid, "r5c6", 1, 2)
    remove(grid, "r9c[2-57-9]", 1)
    (step,) = run(grid, "W-Wing")
    assert named(step, step.eliminations) == {("r1c6", 2), ("r5c1", 2)}
    assert "strong link on 1 in row 9" in step.description


def test_simple_colouring_trap():
    grid = blank()
    remove(grid, "r1c[2-46-9]", 7)
    remove(grid, "r[2-46-9]c5", 7)
    remove(grid, "r4c[4-6]|r5c[46]|r6c[45]", 7)
    (step,) = run(grid, "simple colouring")
    assert "(trap)" in step.description
    assert named(step, step.eliminations) == {("r6c1", 7)}


def test_simple_colouring_wrap():
    grid = blank()
    remove(grid, "r1c[2-46-9]", 7)
    remove(grid, "r[2-46-9]c5", 7)
    remove(grid, "r5c[13-46-9]", 7)
    remove(grid, "r[13-46-9]c2", 7)
    steps = [s for s in run(grid, "simple colouring") if "(wrap)" in s.description]
    assert named(steps[0], steps[0].eliminations) == {("r1c1", 7), ("r5c5", 7), ("r2c2", 7)}


def test_contradiction_is_found():
    grid = CandidateGrid.of(parse_line("11" + "." * 79))
    assert grid.contradiction() == "1 appears twice in row 1"


def test_x_chain_skyscraper():
    grid = blank()
    remove(grid, "r[2-68-9]c1", 1)
    remove(grid, "r[13-689]c5", 1)
    (step,) = run(grid, "X-Chain")
    assert named(step, step.eliminations) == expect(["r1c4", "r1c6", "r2c2", "r2c3"], (1,))
    assert len(step.cells) == 4


def test_xy_chain():
    grid = blank()
    only(grid, "r1c1", 1, 2)
    only(grid, "r1c4", 2, 3)
    only(grid, "r5c4", 3, 4)
    only(grid, "r5c7", 1, 4)
    (step,) = run(grid, "XY-Chain")
    assert named(step, step.eliminations) == {("r1c7", 1), ("r5c1", 1)}
    assert not BY_NAME["XY-Wing"](grid)


def test_forcing_chain_where_the_other_techniques_stop():
    puzzle = parse_line(
        "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....."
    )
    without = tuple(t for t in TECHNIQUES if t.name != "forcing chain")
    stuck = explain(puzzle, without)
    assert stuck.status is Status.NEEDS_SEARCH
    (step,) = run(stuck.grid, "forcing chain")
    answer = solve(puzzle)
    assert answer is not None
    assert step.eliminations and all(answer.grid[c] != v for c, v in step.eliminations)
    assert "leads by 10 singles to a contradiction (7 has no place left in row 8)" in str(step)
    assert explain(puzzle).status is Status.SOLVED


def test_forcing_chain_common_placement():
    """Either value of r1c1 {1,2} fills r1c2 with 3 by singles: row 1 holds 1..3 only in
    r1c1..r1c3, and r1c3 is {1,2} too."""
    grid = blank(Geometry(2, 2))
    only(grid, "r1c1", 1, 2)
    only(grid, "r1c2", 1, 2, 3)
    only(grid, "r1c3", 1, 2)
    (step,) = run(grid, "forcing chain")
    assert step.placements == ((cell(grid, "r1c2"), 3),)


HARD_WALKS = [
    "....345..48.7..2.1..52..9.7.......8.5....61....2...7....75..........2...6....3..2",
    "......2.1.6.81......4...93...9...8.....7...42..8.4.5.3..5..........79...73.28....",
    ".2...8...1.7.4....39..5..4.46.1.2....1.....9....47..138..............568.....3..9",
]
"""Puzzles whose walks take forcing chains, XY-Chains, W-Wings, simple colouring, X-Chains."""


@pytest.mark.parametrize("line", HARD_WALKS)
def test_what_a_grid_remembers_changes_no_step(line):
    """At every grid of a walk, each technique finds what it finds on a fresh copy (which
    remembers nothing of the places where the searches found nothing before)."""
    grid = CandidateGrid.of(parse_line(line))
    while not grid.solved:
        fresh = CandidateGrid(grid.layout, list(grid.values), list(grid.cands))
        for technique in TECHNIQUES:
            assert [str(s) for s in technique(grid)] == [str(s) for s in technique(fresh)]
        steps = next_steps(grid)
        assert steps
        for step in steps:
            if step.applies_to(grid):
                step.apply(grid)


@pytest.mark.parametrize("seed", range(20))
def test_a_dead_end_since_is_a_dead_end(seed):
    """Looking only where candidates changed finds a dead end exactly when a look
    everywhere does."""
    rng = random.Random(seed)
    grid = CandidateGrid.of(parse_line(HARD_WALKS[seed % len(HARD_WALKS)]))
    while True:
        before = list(grid.cands)
        for _ in range(rng.randint(1, 4)):
            blanks = [c for c, m in enumerate(grid.cands) if m]
            if not blanks:
                return
            c = rng.choice(blanks)
            if rng.random() < 0.3:
                grid.place(c, rng.choice(values_of(grid.cands[c])))
            else:
                grid.eliminate(c, rng.choice(values_of(grid.cands[c])))
        found = grid.dead_end_since(before)
        assert found == (grid.dead_end() is not None)
        if found:
            return
