"""A chunk of grids checked together: in Python (a few thousand 9x9 grids, no numpy) and with
numpy agree with each other and with the cell-by-cell check, on mutated grids and on a
corrupted answer of the search."""

from __future__ import annotations

import random

import numpy as np
import pytest

from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.solver import bitgrid
from satdoku.verify import grid_failures, plain_failures, violations

pytestmark = pytest.mark.skipif(not bitgrid.available(), reason="the bitmask search is not built")


def mutated(geometry: Geometry, count: int) -> tuple[list[bytes], list[bytes]]:
    """Puzzles (a few givens, most kept, some changed) and grids (a solution with a few cells
    changed, or none)."""
    n = geometry.size
    solved = bytes(bitgrid.search_many(geometry, [[0] * n * n])[0].grids[0])
    rng = random.Random(11)
    puzzles, grids = [], []
    for _ in range(count):
        grid = bytearray(solved)
        for _ in range(rng.choice([0, 1, 2, 2, 3])):
            grid[rng.randrange(n * n)] = rng.randrange(n + 3)
        givens = bytearray(n * n)
        for cell in rng.sample(range(n * n), 5):
            givens[cell] = solved[cell] if rng.random() < 0.8 else solved[cell] % n + 1
        puzzles.append(bytes(givens))
        grids.append(bytes(grid))
    return puzzles, grids


def rows(data: list[bytes]) -> np.ndarray:
    return np.frombuffer(b"".join(data), dtype=np.uint8).reshape(len(data), -1)


@pytest.mark.parametrize("box", [(3, 3), (2, 3), (2, 2)])
def test_python_and_numpy_agree_with_the_cell_by_cell_check(box):
    geometry = Geometry(*box)
    puzzles, grids = mutated(geometry, 400)
    in_python = grid_failures(geometry, puzzles, grids)
    expected = {
        i
        for i, (p, g) in enumerate(zip(puzzles, grids, strict=True))
        if violations(sudoku(geometry, p), g)
    }
    assert in_python == plain_failures(geometry, rows(puzzles), rows(grids))
    assert set(in_python) == expected and 0 < len(expected) < len(grids)
    assert all(why.startswith("solution failed verification: ") for why in in_python.values())


def test_grids_of_the_wrong_length_are_refused():
    with pytest.raises(ValueError, match="81 cells"):
        grid_failures(Geometry(3, 3), [bytes(81)], [bytes(80)])
    with pytest.raises(ValueError, match="one per puzzle"):
        grid_failures(Geometry(3, 3), [bytes(81)], [])


def test_a_corrupted_answer_is_caught_in_python_and_with_numpy(monkeypatch):
    geometry = Geometry(3, 3)
    puzzles, _ = mutated(geometry, 64)
    packed = b"".join(bytes(p) if i % 2 else bytes(81) for i, p in enumerate(puzzles))
    counts, _, found = bitgrid._search(geometry, packed, 2, 0, None)
    slots = bytearray(found)
    slots[0], slots[1] = slots[1], slots[0]  # puzzle 0: a swapped pair
    slots[2 * 81 * 2 + 81 : 2 * 81 * 3] = slots[2 * 81 * 2 : 2 * 81 * 2 + 81]  # puzzle 2: twins
    found = bytes(slots)
    in_python = bitgrid._failures(geometry, packed, counts, found)
    monkeypatch.setattr(bitgrid, "CHECKED_IN_PYTHON", 0)
    with_numpy = bitgrid._failures(geometry, packed, counts, found)
    assert in_python == with_numpy
    assert sorted(in_python) == [0, 2] and in_python[2] == bitgrid.TWINS
