"""The bitmask search on Sudokus whose cells are limited to some values (pencil marks, even
and odd cells), and its 9x9 search split over threads: the same counts as backtracking and
as SAT, the same answer as one thread, a time limit and Ctrl-C heard while threads search."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from array import array
from dataclasses import replace

import pytest

from satdoku import count, solve, uniqueness
from satdoku.constraints.thermometer import Thermometer
from satdoku.constraints.values import Values
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle
from satdoku.solver import bitgrid
from satdoku.solver.compiled import BACKEND, BITMASK
from satdoku.solver.defaults import RULES_BACKEND
from satdoku.solver.planner import Question, plan
from satdoku.status import Status
from tests.conftest import data_lines
from tests.test_dpll_count import random_givens

pytestmark = pytest.mark.skipif(not bitgrid.available(), reason="the C extension is not built")

NINE = Geometry(3, 3)


def limited(puzzle: Puzzle, rng: random.Random, cells: int, keep: int) -> Puzzle:
    """``puzzle`` with ``cells`` random blank cells limited to ``keep`` random values each."""
    blanks = [c for c, v in enumerate(puzzle.givens) if v == 0]
    values = range(1, puzzle.values + 1)
    limits = [
        Values(cell, tuple(sorted(rng.sample(values, keep))))
        for cell in rng.sample(blanks, min(cells, len(blanks)))
    ]
    return replace(puzzle, constraints=(*puzzle.constraints, *limits), kind="variant")


def solved_grids(n: int) -> list[list[int]]:
    rows = [line.split(":") for line in data_lines("tdoku_test_puzzles.txt")]
    return [[int(c) for c in row[2]] for row in rows if len(row) > 2][:n]


def pencil_marked(grid: list[int], rng: random.Random, blanks: int) -> Puzzle:
    """A solved grid with ``blanks`` cells blanked, each limited to its value and a few
    others."""
    givens = list(grid)
    limits = []
    for cell in rng.sample(range(81), blanks):
        others = rng.sample([v for v in range(1, 10) if v != grid[cell]], rng.randint(3, 8))
        limits.append(Values(cell, tuple(sorted([grid[cell], *others]))))
        givens[cell] = 0
    puzzle = sudoku(NINE, givens)
    return replace(puzzle, constraints=(*puzzle.constraints, *limits), kind="variant")


@pytest.mark.parametrize("box,clues", [("2x2", 0), ("2x2", 2), ("2x3", 6), ("3x2", 8)])
def test_limited_cells_count_as_backtracking_and_sat_do(box, clues):
    geometry = Geometry.parse(box)
    rng = random.Random(f"limited {box} {clues}")
    for _ in range(8):
        puzzle = limited(random_givens(geometry, rng, clues), rng, geometry.size, 2)
        assert bitgrid.takes(puzzle)
        assert plan(puzzle, Question.COUNT, None).encoding == BITMASK
        found = count(puzzle)
        assert found.backend == BACKEND
        assert found.count == count(puzzle, backend="brute").count
        assert found.count == count(puzzle, backend="minisat22").count


def test_9x9_pencil_marks_count_as_sat_does_and_solve_to_a_checked_grid():
    rng = random.Random("pencil marks")
    counts = []
    for grid in solved_grids(6):
        puzzle = pencil_marked(grid, rng, 70)
        assert bitgrid.limits(puzzle) is not None
        found = count(puzzle, 50)
        assert found.backend == BACKEND
        assert found.count == count(puzzle, 50, backend="cpsat").count
        counts.append(found.count)
        if found.count == 1:
            assert list(solve(puzzle).grid) == grid
    assert max(counts) > 1 and min(counts) >= 1


def test_two_limits_on_one_cell_leave_the_values_of_both():
    puzzle = sudoku(Geometry(2, 2), [0] * 16)
    both = replace(puzzle, constraints=(*puzzle.constraints, Values(0, (1, 2)), Values(0, (2, 3))))
    masks = bitgrid.limits(both)
    assert masks is not None and masks[0] == 0b10 and masks[1] == 0b1111
    assert count(both).count == count(both, backend="brute").count == 72


def test_a_cell_limited_to_no_value_it_can_take_has_no_solution():
    puzzle = sudoku(NINE, [0] * 81)
    none = replace(puzzle, constraints=(*puzzle.constraints, Values(40, (10,))))
    assert uniqueness(none).status is Status.NO_SOLUTION
    assert count(none).count == 0


def test_a_given_outside_its_limit_has_no_solution():
    puzzle = sudoku(NINE, [5] + [0] * 80)
    clash = replace(puzzle, constraints=(*puzzle.constraints, Values(0, (1, 2))))
    assert count(clash).count == 0


def test_9x9_plans_run_to_the_end_and_other_shapes_hand_over_past_the_budget():
    rng = random.Random("plans")
    nine = pencil_marked(solved_grids(1)[0], rng, 50)
    nine_plan = plan(nine, Question.SOLUTIONS, 2)
    assert (nine_plan.encoding, nine_plan.fallback, nine_plan.budget) == (BITMASK, None, 0)
    small = limited(sudoku(Geometry(2, 3), [0] * 36), rng, 4, 3)
    small_plan = plan(small, Question.SOLUTIONS, 2)
    assert (small_plan.encoding, small_plan.fallback) == (BITMASK, RULES_BACKEND)
    assert plan(small, Question.SOLUTIONS, 5).backend.name != BACKEND  # it keeps two grids


def test_a_limit_beside_another_rule_is_not_for_the_bitmask_search():
    puzzle = sudoku(NINE, [0] * 81)
    rules = (*puzzle.constraints, Values(0, (1, 2)), Thermometer((0, 1, 2)))
    assert not bitgrid.takes(replace(puzzle, constraints=rules, kind="variant"))


def raw(givens: bytes, masks: array | None = None, **options):
    assert bitgrid.solve_many is not None
    allowed = None if masks is None else masks.tobytes()
    return bitgrid.solve_many(3, 3, givens, allowed=allowed, **options)


def few_givens(rng: random.Random, blanks: int) -> bytes:
    puzzles = []
    for grid in solved_grids(4):
        givens = list(grid)
        for cell in rng.sample(range(81), blanks):
            givens[cell] = 0
        puzzles.append(bytes(givens))
    return b"".join(puzzles)


@pytest.mark.parametrize("limit", [0, 1, 2, 3, 40])
def test_a_split_search_gives_what_one_thread_gives(limit):
    """Split from its first node, the search gives the same counts, endings and first two
    grids as on one thread, with and without limited cells."""
    rng = random.Random(f"split {limit}")
    givens = few_givens(rng, 52)
    one = raw(givens, limit=limit)
    assert raw(givens, limit=limit, threads=2, split_after=1) == one
    assert raw(givens, limit=limit, threads=3, split_after=5) == one
    assert max(raw(givens)[0]) > 40  # every limit stops a search
    masks = array("I", [0x1FF]) * (81 * 4)
    for cell in rng.sample(range(81 * 4), 60):
        masks[cell] &= ~(1 << rng.randrange(9))
    limited_one = raw(givens, masks, limit=limit)
    assert raw(givens, masks, limit=limit, threads=2, split_after=1) == limited_one
    assert limited_one[0] != one[0]


def test_a_split_search_of_a_puzzle_without_solution_finds_none():
    clash = bytes([1, 1] + [0] * 79)
    assert raw(clash, threads=2, split_after=1)[:2] == ([0], b"\x01")
    masks = array("I", [0x1FF]) * 81
    masks[80] = 0b11
    masks[79] = 0b11
    masks[78] = 0b11  # three cells of a row for two values
    assert raw(bytes(81), masks, limit=2, threads=2, split_after=1)[:2] == ([0], b"\x01")


def test_a_split_search_keeps_its_time_limit():
    started = time.perf_counter()
    counts, endings, _ = raw(bytes(81), limit=0, seconds=0.3, threads=2, split_after=100)
    assert endings == bytes([bitgrid.Ending.TIMED_OUT])
    assert counts[0] > 2
    assert time.perf_counter() - started < 5


CTRL_C = """
import sys
from satdoku.solver.bitgrid import solve_many
print("searching", flush=True)
try:
    solve_many(3, 3, bytes(81), limit=0, threads=2, split_after=100)
except KeyboardInterrupt:
    sys.exit(130)
sys.exit(1)
"""


def test_ctrl_c_stops_a_split_search():
    child = subprocess.Popen([sys.executable, "-c", CTRL_C], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "searching\n"
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        assert child.wait(timeout=20) == 130
    finally:
        child.kill()
        child.wait()


def test_the_split_options_are_checked():
    with pytest.raises(ValueError, match="1 to 64 threads"):
        raw(bytes(81), threads=0)
    with pytest.raises(ValueError, match="split after 1 node"):
        raw(bytes(81), threads=2, split_after=0)
    with pytest.raises(ValueError, match="4 bytes a cell"):
        raw(bytes(81), array("I", [0x1FF]) * 80)


@pytest.mark.skipif(sys.platform == "win32", reason="a 9x9 search is not split on Windows")
def test_the_search_is_built_to_split():
    from satdoku.solver import _bitgrid

    assert _bitgrid.SPLITS is True
