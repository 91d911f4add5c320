"""The fast path of ``check`` for plain Sudokus must agree with ``violations`` everywhere."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku import Geometry, VerificationError, check, solutions, violations
from satdoku.kinds.classic import sudoku
from satdoku.verify import _plain_sudoku_ok

SOLVED = "859612437723854169164379528986147352375268914241593786432981675617425893598736241"
PUZZLE = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."


def grid(text):
    return tuple(0 if ch == "." else int(ch) for ch in text)


def agree(puzzle, candidate):
    fast = _plain_sudoku_ok(puzzle, candidate)
    slow = not violations(puzzle, candidate)
    assert not fast or slow  # the fast path never accepts what the full check rejects
    if slow:
        check(puzzle, candidate)
    else:
        with pytest.raises(VerificationError):
            check(puzzle, candidate)


@pytest.fixture
def puzzle():
    return sudoku(Geometry(3, 3), grid(PUZZLE))


def test_the_solution_takes_the_fast_path(puzzle):
    assert _plain_sudoku_ok(puzzle, grid(SOLVED))


@pytest.mark.parametrize("cell", range(0, 81, 7))
@pytest.mark.parametrize("value", [-1, 0, 1, 5, 9, 10, 19])
def test_every_one_cell_change(puzzle, cell, value):
    changed = list(grid(SOLVED))
    changed[cell] = value
    agree(puzzle, tuple(changed))


@pytest.mark.parametrize(("a", "b"), list(itertools.combinations(range(0, 81, 9), 2)))
def test_swaps_of_two_cells(puzzle, a, b):
    changed = list(grid(SOLVED))
    changed[a], changed[b] = changed[b], changed[a]
    agree(puzzle, tuple(changed))


def test_values_shifted_by_n_plus_one_cannot_fool_the_keys(puzzle):
    # v + 10 in row 1 and v - 10 in row 2 would move keys between units' bands
    changed = list(grid(SOLVED))
    changed[0] += 10
    changed[9] -= 10
    agree(puzzle, tuple(changed))


def test_floats_and_other_lengths_go_the_slow_way(puzzle):
    assert not _plain_sudoku_ok(puzzle, tuple(float(v) for v in grid(SOLVED)))
    agree(puzzle, grid(SOLVED)[:80])


def test_relabelled_grid_breaks_givens(puzzle):
    relabelled = tuple({8: 5, 5: 8}.get(v, v) for v in grid(SOLVED))
    agree(puzzle, relabelled)
    agree(sudoku(Geometry(3, 3), [0] * 81), relabelled)


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (4, 4)])
def test_other_shapes(shape):
    from satdoku import solve

    geometry = Geometry(*shape)
    puzzle = sudoku(geometry, [0] * geometry.ncells)
    solution = solve(puzzle)
    assert _plain_sudoku_ok(puzzle, solution.grid)
    broken = list(solution.grid)
    broken[0], broken[1] = broken[1], broken[0]
    agree(puzzle, tuple(broken))


def test_bigger_grids_take_the_full_check():
    """No table of weights past 16x16 (it grows as N**5): the full check alone decides."""
    from satdoku import parse_puzzle
    from tests.conftest import DATA

    puzzle = parse_puzzle((DATA / "rkkautsar_25x25.txt").read_text())
    solution = next(solutions(puzzle, limit=1)).grid
    assert not _plain_sudoku_ok(puzzle, solution)
    agree(puzzle, solution)
    broken = list(solution)
    broken[0], broken[1] = broken[1], broken[0]
    agree(puzzle, tuple(broken))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 80), st.integers(-2, 12)), min_size=1, max_size=6))
def test_random_changes_agree_with_the_full_check(changes):
    puzzle = sudoku(Geometry(3, 3), grid(PUZZLE))
    changed = list(grid(SOLVED))
    for cell, value in changes:
        changed[cell] = value
    agree(puzzle, tuple(changed))


@settings(max_examples=100, deadline=None)
@given(st.permutations(range(9)), st.integers(0, 8))
def test_a_row_shuffled_in_place_keeps_rows_but_not_columns(order, row):
    """Every row still a permutation: only the column and box digits can catch it."""
    empty = sudoku(Geometry(3, 3), [0] * 81)
    changed = list(grid(SOLVED))
    changed[row * 9 : row * 9 + 9] = [changed[row * 9 + i] for i in order]
    agree(empty, tuple(changed))
    assert _plain_sudoku_ok(empty, tuple(changed)) == (list(order) == list(range(9)))
