import pytest

from satdoku import Geometry, VerificationError, check, given_clashes, violations
from satdoku.kinds.classic import sudoku

SOLVED = "859612437723854169164379528986147352375268914241593786432981675617425893598736241"
PUZZLE = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."


def grid(text):
    return tuple(0 if ch == "." else int(ch) for ch in text)


@pytest.fixture
def puzzle():
    return sudoku(Geometry(3, 3), grid(PUZZLE))


def test_a_solution_passes(puzzle):
    assert violations(puzzle, grid(SOLVED)) == []
    check(puzzle, grid(SOLVED))


def test_swapping_two_cells_of_a_row_breaks_columns(puzzle):
    bad = list(grid(SOLVED))
    bad[2], bad[3] = bad[3], bad[2]  # both blanks in the puzzle: givens still hold
    found = violations(sudoku(Geometry(3, 3), [0] * 81), bad)
    assert any("column 3" in v for v in found)
    with pytest.raises(VerificationError):
        check(puzzle, bad)


def test_changed_given_is_caught(puzzle):
    # a valid grid that is not this puzzle's: relabel 8 <-> 5 everywhere
    relabelled = tuple({8: 5, 5: 8}.get(v, v) for v in grid(SOLVED))
    assert violations(sudoku(Geometry(3, 3), [0] * 81), relabelled) == []
    assert any("given" in v for v in violations(puzzle, relabelled))


@pytest.mark.parametrize(
    "mutate",
    [
        lambda g: g[:80],  # wrong length
        lambda g: (0, *g[1:]),  # a blank left
        lambda g: (10, *g[1:]),  # value out of range
        lambda g: (g[1], *g[1:]),  # repeated value in row 1
    ],
)
def test_broken_grids_are_rejected(puzzle, mutate):
    assert violations(puzzle, mutate(grid(SOLVED)))


def test_boxes_are_checked_independently_of_rows_and_columns():
    # a Latin square whose boxes repeat values: rows and columns fine, boxes not
    latin = tuple((r + c) % 9 + 1 for r in range(9) for c in range(9))
    found = violations(sudoku(Geometry(3, 3), [0] * 81), latin)
    assert found and all("box" in v for v in found)


def test_given_clashes_name_both_cells_once():
    givens = [0] * 81
    givens[0] = givens[4] = 5
    clashes = given_clashes(sudoku(Geometry(3, 3), givens))
    assert clashes == ["r1c1 and r1c5 are both 5 (row 1)"]
