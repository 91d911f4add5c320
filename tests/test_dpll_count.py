"""``Cover.count``: the compiled search counts without building grids, and agrees with the
solutions ``next()`` yields and with plain backtracking; a limit, a node budget or an
exception from ``poll`` stop it where ``next()`` would, and the search goes on from there."""

from __future__ import annotations

import random

import pytest

from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle
from satdoku.solver import count
from satdoku.solver.dpll import DpllSearch, available

pytestmark = pytest.mark.skipif(not available(), reason="the C extension is not built")


def random_givens(geometry: Geometry, rng: random.Random, clues: int) -> Puzzle:
    """A puzzle of ``clues`` random values, each different from its peers' (may have no
    solution)."""
    empty = sudoku(geometry, [0] * geometry.ncells)
    givens = [0] * geometry.ncells
    for cell in rng.sample(range(geometry.ncells), clues):
        taken = {givens[p] for p in empty.peers[cell]}
        free = [v for v in range(1, geometry.size + 1) if v not in taken]
        givens[cell] = rng.choice(free) if free else 0
    return empty.with_givens(givens)


@pytest.mark.parametrize("box,clues", [("2x2", 0), ("2x2", 3), ("2x3", 8), ("2x3", 12)])
def test_counts_agree_with_next_and_with_backtracking(box, clues):
    geometry = Geometry.parse(box)
    rng = random.Random(f"{box}{clues}")
    search = DpllSearch(sudoku(geometry, [0] * geometry.ncells))
    for _ in range(10):
        puzzle = random_givens(geometry, rng, clues)
        found, complete = search.count(puzzle, None)
        grids, also_complete = search.search(puzzle, None)
        assert complete and also_complete and found == len(grids)
        assert found == count(puzzle, backend="brute").count


def test_a_limit_stops_the_count_and_the_next_call_goes_on():
    geometry = Geometry.parse("2x2")
    empty = sudoku(geometry, [0] * 16)
    search = DpllSearch(empty)
    assert search.count(empty, 5) == (5, False)
    assert search.count(empty.givens, 289) == (288, True)
    cover = search._cover
    cover.start(empty.givens)
    assert cover.count(100) == 100 and cover.count(0) == 188
    assert cover.counted == 288 and cover.exhausted
    with pytest.raises(ValueError):
        cover.count(-1)


def test_a_budget_or_a_raising_poll_leaves_a_count_that_goes_on():
    geometry = Geometry.parse("2x3")
    first_row = sudoku(geometry, [1, 2, 3, 4, 5, 6] + [0] * 30)
    search = DpllSearch(first_row)
    total, complete = search.count(first_row.givens, None)
    assert complete and total == 28200960 // 720  # every 6x6 grid, its first row fixed
    cover = search._cover
    cover.start(first_row.givens)
    partial = cover.count(0, 5000)
    assert 0 < partial < total and not cover.exhausted

    calls = []

    def poll() -> None:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        cover.count(0, 0, poll)
    passed = cover.counted
    assert partial < passed < total
    assert cover.count() == total - passed and cover.exhausted
