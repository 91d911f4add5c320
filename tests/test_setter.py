"""The setter tools against independent counts: each given listed as redundant goes with the
puzzle still unique, each one not listed leaves several solutions; a minimized puzzle is
unique, inside the puzzle, and loses uniqueness with any one more given taken out."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satdoku
from satdoku import parse_puzzle
from satdoku.generate import generate
from satdoku.model import Puzzle
from satdoku.setter import Item, minimize, redundant
from satdoku.setter.items import items, without
from satdoku.solver import count
from satdoku.solver.bruteforce import brute_force_count
from satdoku.status import Status
from tests.conftest import DATA, data_lines


def _lines(name: str, first: int) -> list[str]:
    return [line.split(":")[0] for line in data_lines(name)][:first]


def _small() -> list[Puzzle]:
    """6x6 and 4x4 puzzles with givens to spare: generated, a few solution cells added."""
    found = []
    for box, seed in itertools.product(("2x3", "2x2"), range(5)):
        made = next(generate(box, 1, seed, rated=False))
        givens = list(made.puzzle.givens)
        blanks = [c for c, v in enumerate(givens) if not v]
        for cell in random.Random(seed).sample(blanks, 3):
            givens[cell] = made.solution[cell]
        found.append(made.puzzle.with_givens(givens))
    return found


PUZZLES = [
    *map(
        parse_puzzle,
        _lines("norvig_easy50.txt", 20)
        + _lines("norvig_top95.txt", 10)
        + _lines("tdoku_test_puzzles.txt", 10),
    ),
    *_small(),
]
"""Fifty unique puzzles: easy ones with many redundant givens, minimal hard ones, small
grids that the brute-force counter takes."""


def solutions(puzzle: Puzzle) -> int:
    """Up to two solutions, counted apart from the setter's solver: by brute force on small
    grids, else by CaDiCaL with blocking clauses."""
    if puzzle.values <= 6:
        return brute_force_count(puzzle, 2)
    counted = count(puzzle, 2, backend="cadical153", strategy="blocking")
    assert counted.complete or counted.count == 2
    return counted.count


def givens_of(puzzle: Puzzle) -> list[Item]:
    return items(puzzle, "givens")


def test_fifty_puzzles() -> None:
    assert len(PUZZLES) == 50
    assert all(solutions(puzzle) == 1 for puzzle in PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=range(len(PUZZLES)))
def test_redundant_givens_agree_with_counting(puzzle: Puzzle) -> None:
    found = redundant(puzzle)
    assert found.status == Status.UNIQUE
    listed = {item.name for item in found.redundant or ()}
    for item in givens_of(puzzle):
        left = solutions(without(puzzle, [item]))
        assert left == (1 if item.name in listed else 2), item.name
    assert set(found.witnesses) | listed == {item.name for item in givens_of(puzzle)}


@pytest.mark.parametrize(("seed", "puzzle"), list(enumerate(PUZZLES)), ids=range(len(PUZZLES)))
def test_a_minimized_puzzle_is_unique_minimal_and_inside_the_puzzle(
    seed: int, puzzle: Puzzle
) -> None:
    found = minimize(puzzle, seed=seed)
    minimal = found.minimal
    assert found.status == Status.UNIQUE and minimal is not None
    assert all(v in (0, g) for v, g in zip(minimal.givens, puzzle.givens, strict=True))
    assert minimal.nclues == len(found.kept) == puzzle.nclues - len(found.removed)
    assert solutions(minimal) == 1
    assert all(solutions(without(minimal, [item])) == 2 for item in givens_of(minimal))
    assert minimize(puzzle, seed=seed).minimal == minimal
    removable = redundant(puzzle).redundant or ()
    assert {i.name for i in found.removed} <= {i.name for i in removable}


def test_seeds_give_the_same_puzzle_again_and_different_ones_between_them() -> None:
    puzzle = PUZZLES[0].with_givens(satdoku.solve(PUZZLES[0]).grid)
    made = [minimize(puzzle, seed=seed).minimal for seed in range(4)]
    assert made == [minimize(puzzle, seed=seed).minimal for seed in range(4)]
    assert len({m.givens for m in made if m is not None}) > 1


def test_a_minimal_puzzle_has_nothing_redundant_and_keeps_every_given() -> None:
    puzzle = PUZZLES[25]
    assert redundant(puzzle).redundant == ()
    assert minimize(puzzle).removed == ()


@pytest.mark.parametrize(
    ("text", "status"),
    [("12" + "." * 14, Status.MULTIPLE), ("11" + "." * 14, Status.NO_SOLUTION)],
)
def test_puzzles_that_are_not_unique_get_no_answer(text: str, status: Status) -> None:
    assert redundant(parse_puzzle(text)).status == status
    found = minimize(parse_puzzle(text))
    assert (found.status, found.minimal) == (status, None)
    assert found.to_dict()["removed"] is None


def test_out_of_time_is_unknown() -> None:
    puzzle = PUZZLES[0].with_givens(satdoku.solve(PUZZLES[0]).grid)
    assert redundant(puzzle, timeout=0).status == Status.UNKNOWN
    assert minimize(puzzle, timeout=0).status == Status.UNKNOWN


def _variant(line: int) -> Puzzle:
    lines = [t for t in (DATA.parent.parent / "examples" / "variants.iss").read_text().split("\n")]
    return parse_puzzle([t for t in lines if t and not t.startswith("#")][line])


def cp_solutions(puzzle: Puzzle) -> int:
    """Up to two solutions by CP-SAT, apart from the clauses of the setter's solver."""
    return count(puzzle, 2, backend="cpsat").count


@pytest.mark.parametrize(("line", "consider"), [(2, "rules"), (4, "both"), (0, "both")])
def test_redundant_rule_instances_agree_with_cp_sat(line: int, consider: str) -> None:
    puzzle = _variant(line)
    found = redundant(puzzle, consider=consider)
    listed = {item.name for item in found.redundant or ()}
    assert found.status == Status.UNIQUE and listed
    assert any(item.rules for item in found.weighed)
    for item in found.weighed:
        assert cp_solutions(without(puzzle, [item])) == (1 if item.name in listed else 2)


def test_a_puzzle_minimized_on_its_rules_keeps_its_givens_and_is_minimal() -> None:
    puzzle = _variant(2)
    found = minimize(puzzle, consider="rules", seed=1)
    minimal = found.minimal
    assert minimal is not None and found.removed
    assert minimal.givens == puzzle.givens
    assert set(map(id, minimal.constraints)) < set(map(id, puzzle.constraints))
    assert cp_solutions(minimal) == 1
    for item in items(minimal, "rules"):
        assert cp_solutions(without(minimal, [item])) == 2


def test_a_killer_cage_is_one_item_of_its_two_constraints() -> None:
    text = (DATA / "variants" / "killer.txt").read_text()
    puzzle = satdoku.parse_puzzle(text, kind="killer")
    cages = items(puzzle, "rules")
    assert len(cages) == 38 and all(len(item.rules) == 2 for item in cages)
    assert [item.name for item in cages[:2]] == ["cage a", "cage b"]


GRID_4X4 = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(3, 12))
def test_random_4x4_puzzles_agree_with_brute_force(rng: random.Random, clues: int) -> None:
    digits = rng.sample(range(1, 5), 4)
    cells = set(rng.sample(range(16), clues))
    givens = [digits[v - 1] if c in cells else 0 for c, v in enumerate(GRID_4X4)]
    puzzle = parse_puzzle("." * 16).with_givens(givens)
    total = brute_force_count(puzzle, 2)
    found = redundant(puzzle)
    made = minimize(puzzle, seed=rng.randrange(100))
    assert found.status == made.status == (Status.UNIQUE if total == 1 else Status.MULTIPLE)
    if total != 1:
        return
    listed = {item.name for item in found.redundant or ()}
    for item in givens_of(puzzle):
        assert brute_force_count(without(puzzle, [item]), 2) == (1 if item.name in listed else 2)
    minimal = made.minimal
    assert minimal is not None and brute_force_count(minimal, 2) == 1
    assert all(brute_force_count(without(minimal, [i]), 2) == 2 for i in givens_of(minimal))
