"""Locked candidates in the reduction: every solution that brute force finds keeps its values
among the candidates left, on small Sudokus with and without extra units, and the candidate
sets shrink past what singles leave (4x4 grids seldom lose any)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

import pytest

from satdoku.constraints import AllDifferent
from satdoku.encodings import get_encoding
from satdoku.encodings.reduce import locked_candidates, singles_candidates
from satdoku.formats import parse_line
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.kinds.xsudoku import diagonals
from satdoku.model import Grid, Puzzle
from satdoku.solver import solutions
from satdoku.solver.bruteforce import brute_force_grids
from tests.conftest import data_lines

BOXES = [(2, 2), (2, 3), (3, 2)]
SEEDS = range(30)
DENSITY = 0.3
"""The share of a solution's cells given."""


def random_puzzle(box: tuple[int, int], seed: int, extra: str = "") -> Puzzle:
    """A Sudoku of ``box`` whose givens are a :data:`DENSITY` share of a solution, relabelled
    by ``seed``; ``extra``: ``x`` adds the diagonals, ``cage`` a three-cell unit."""
    geometry = Geometry(*box)
    blank = sudoku(geometry, [0] * geometry.ncells)
    if extra == "x":
        blank = replace(blank, constraints=blank.constraints + diagonals(geometry))
    if extra == "cage":
        cage = AllDifferent((0, geometry.size + 1, 2 * geometry.size + 2), "cage", "cage")
        blank = replace(blank, constraints=(*blank.constraints, cage))
    rng = random.Random(seed)
    solution = next(brute_force_grids(blank))
    labels = list(range(1, geometry.size + 1))
    rng.shuffle(labels)
    givens = [labels[v - 1] if rng.random() < DENSITY else 0 for v in solution]
    return replace(blank, givens=tuple(givens))


def keeps_every_solution(puzzle: Puzzle, grids: Iterable[Grid]) -> bool:
    """Whether each of ``grids`` has its values among the candidates of ``puzzle``."""
    candidates = locked_candidates(puzzle)
    return all(
        all(puzzle.givens[c] or v in candidates[c] for c, v in enumerate(grid)) for grid in grids
    )


@pytest.mark.parametrize("box", BOXES, ids=lambda b: f"{b[0]}x{b[1]}")
@pytest.mark.parametrize("extra", ["", "x", "cage"])
def test_locked_candidates_keep_every_solution(box: tuple[int, int], extra: str) -> None:
    for seed in SEEDS:
        puzzle = random_puzzle(box, seed, extra)
        assert keeps_every_solution(puzzle, brute_force_grids(puzzle)), seed


@pytest.mark.parametrize("box", BOXES[1:], ids=lambda b: f"{b[0]}x{b[1]}")
def test_locked_candidates_shrink_the_singles(box: tuple[int, int]) -> None:
    fewer = 0
    for seed in SEEDS:
        puzzle = random_puzzle(box, seed)
        singles, locked = singles_candidates(puzzle), locked_candidates(puzzle)
        assert all(set(a) <= set(b) for a, b in zip(locked, singles, strict=True))
        fewer += sum(map(len, locked)) < sum(map(len, singles))
    assert fewer >= len(SEEDS) // 6


def test_locked_candidates_on_counted_9x9() -> None:
    """On the tdoku puzzles: no solution lost (the solutions listed from the unreduced
    encoding), and some puzzles lose candidates that singles keep."""
    fewer = 0
    for entry in data_lines("tdoku_test_puzzles.txt"):
        line, count = entry.split(":")[:2]
        puzzle = parse_line(line)
        singles, locked = singles_candidates(puzzle), locked_candidates(puzzle)
        fewer += locked != singles
        if int(count) <= 20:
            found = solutions(puzzle, encoding="extended", limit=int(count) + 1)
            assert keeps_every_solution(puzzle, (s.grid for s in found)), line
    assert fewer >= 10


def test_the_singles_option_takes_locked_candidates_out() -> None:
    puzzle = next(
        p
        for p in (parse_line(e.split(":")[0]) for e in data_lines("tdoku_test_puzzles.txt"))
        if locked_candidates(p) != singles_candidates(p)
    )
    assert get_encoding("extended+singles").candidates(puzzle) == locked_candidates(puzzle)
