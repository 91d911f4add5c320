"""The check of a chunk of grids as bytes: one by one in Python below a size, with numpy above
it; both agree with each other and with the cell-by-cell check on mutated grids."""

from __future__ import annotations

import random

import pytest

from satdoku import verify
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.solver.bitgrid import available, search_many
from satdoku.verify import grid_failures, violations

pytestmark = pytest.mark.skipif(not available(), reason="the bitmask search is not built")


def mutated(geometry: Geometry, count: int) -> tuple[list[bytes], list[bytes]]:
    """Puzzles (a blank grid, or some givens kept or changed) and grids (a solution with some
    cells changed, some left right)."""
    n = geometry.size
    solved = bytes(search_many(geometry, [[0] * n * n])[0].grids[0])
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


@pytest.mark.parametrize("box", [(3, 3), (2, 3), (2, 2)])
def test_python_and_numpy_agree_with_the_cell_by_cell_check(box, monkeypatch):
    geometry = Geometry(*box)
    puzzles, grids = mutated(geometry, 400)
    in_python = grid_failures(geometry, puzzles, grids)
    monkeypatch.setattr(verify, "PYTHON_GRIDS", 0)
    with_numpy = grid_failures(geometry, puzzles, grids)
    expected = {
        i
        for i, (p, g) in enumerate(zip(puzzles, grids, strict=True))
        if violations(sudoku(geometry, p), g)
    }
    assert in_python == with_numpy
    assert set(in_python) == expected and 0 < len(expected) < len(grids)
    assert all(why.startswith("solution failed verification: ") for why in in_python.values())


def test_grids_of_the_wrong_length_are_refused():
    with pytest.raises(ValueError, match="81 cells"):
        grid_failures(Geometry(3, 3), [bytes(81)], [bytes(80)])
    with pytest.raises(ValueError, match="one per puzzle"):
        grid_failures(Geometry(3, 3), [bytes(81)], [])
