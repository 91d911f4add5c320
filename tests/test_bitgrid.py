"""The bitmask search: its counts agree with plain backtracking, with the exact-cover search
and with the tdoku counts; every grid it hands back is verified, a corrupted one is caught;
a budget or a time limit stops a puzzle without touching the others; a batch gives the same
records through it as through the other engines."""

from __future__ import annotations

import random

import numpy as np
import pytest

from satdoku import count, parse_puzzle, solutions, solve, uniqueness
from satdoku.batch import BatchOptions, run_batch
from satdoku.formats import read_records
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.solver import bitgrid
from satdoku.solver.bitgrid import Ending, search_many
from satdoku.solver.dpll import DpllSearch
from satdoku.verify import check, plain_failures, violations
from tests.conftest import DATA, data_lines
from tests.test_batch import assert_same_records
from tests.test_dpll_count import random_givens
from tests.test_kinds import read_one

pytestmark = pytest.mark.skipif(not bitgrid.available(), reason="the C extension is not built")


@pytest.mark.parametrize(
    "box,clues", [("2x2", 0), ("2x2", 3), ("2x3", 10), ("3x2", 12), ("1x4", 2), ("4x1", 3)]
)
def test_counts_agree_with_backtracking(box, clues):
    geometry = Geometry.parse(box)
    rng = random.Random(f"{box}{clues}")
    puzzles = [random_givens(geometry, rng, clues) for _ in range(12)]
    answers = search_many(geometry, [p.givens for p in puzzles], limit=None, budget=0)
    for puzzle, answer in zip(puzzles, answers, strict=True):
        assert answer.complete and answer.ending is Ending.EXHAUSTED
        assert answer.count == count(puzzle, backend="brute").count
        for grid in answer.grids:
            check(puzzle, tuple(grid))


def test_9x9_counts_agree_with_backtracking():
    """Solved grids with 30 to 40 cells blanked: many solutions, few enough to backtrack."""
    rng = random.Random(9)
    rows = [line.split(":") for line in data_lines("tdoku_test_puzzles.txt")]
    solved = [[int(c) for c in row[2]] for row in rows if len(row) > 2]
    puzzles = []
    for grid in solved[:6]:
        givens = list(grid)
        for cell in rng.sample(range(81), rng.randint(30, 40)):
            givens[cell] = 0
        puzzles.append(sudoku(Geometry(3, 3), givens))
    answers = search_many(Geometry(3, 3), [p.givens for p in puzzles], limit=None)
    counts = [a.count for a in answers]
    assert counts == [count(p, backend="brute").count for p in puzzles]
    assert max(counts) > 1


def test_tdoku_counts_and_solutions():
    rows = [line.split(":") for line in data_lines("tdoku_test_puzzles.txt")]
    answers = search_many(Geometry(3, 3), [parse_puzzle(r[0]).givens for r in rows], None)
    for row, answer in zip(rows, answers, strict=True):
        assert answer.complete and answer.count == int(row[1])
        if len(row) > 2:
            assert bytes(answer.grids[0]) == bytes(int(c) for c in row[2])


@pytest.mark.parametrize("box,clues", [("3x3", 24), ("3x4", 70), ("4x4", 150)])
def test_counts_agree_with_the_exact_cover_search(box, clues):
    geometry = Geometry.parse(box)
    rng = random.Random(box)
    empty = sudoku(geometry, [0] * geometry.ncells)
    search = DpllSearch(empty)
    puzzles = [random_givens(geometry, rng, clues) for _ in range(8)]
    answers = search_many(geometry, [p.givens for p in puzzles], limit=20)
    for puzzle, answer in zip(puzzles, answers, strict=True):
        found, complete = search.count(puzzle, 20)
        assert (answer.count, answer.complete) == (found, complete)
        assert len(answer.grids) == min(found, 2)
        if found > 1:
            assert answer.grids[0] != answer.grids[1]


def test_a_limit_stops_each_puzzle_at_its_limit():
    geometry = Geometry(2, 2)
    answers = search_many(geometry, [[0] * 16, [1, 2, 3, 4] + [0] * 12], limit=5)
    assert [(a.count, a.ending) for a in answers] == [(5, Ending.LIMIT)] * 2
    assert [a.count for a in search_many(geometry, [[0] * 16], limit=None)] == [288]
    assert all(a.ending is Ending.LIMIT for a in search_many(geometry, [[0] * 16], limit=0))


def test_clashing_givens_have_no_solution():
    answer = search_many(Geometry(3, 3), [[5, 5] + [0] * 79])[0]
    assert (answer.count, answer.complete, answer.grids) == (0, True, ())


def test_a_budget_or_a_time_limit_stops_one_puzzle_only():
    geometry = Geometry(4, 4)
    easy = parse_puzzle((DATA / "gecode_16x16.txt").read_text().splitlines()[0]).givens
    spent, solved = search_many(geometry, [[0] * 256, easy], limit=None, budget=50)
    assert spent.ending is Ending.SPENT and not spent.complete
    assert solved.count == 1 and solved.complete
    # long enough for some solutions of the empty grid even when a busy machine holds the
    # search back for a while; the easy one has a time limit of its own
    late, solved = search_many(geometry, [[0] * 256, easy], limit=None, budget=0, timeout=0.5)
    assert late.ending is Ending.TIMED_OUT and late.count > 0 and not late.complete
    assert solved.count == 1 and solved.complete


@pytest.mark.parametrize("givens", [[10] + [0] * 80, [0] * 80])
def test_givens_out_of_range_or_of_the_wrong_length_are_refused(givens):
    from satdoku.solver._bitgrid import solve_many

    with pytest.raises(ValueError):
        solve_many(3, 3, bytes(givens))


def test_the_chunk_check_catches_every_kind_of_wrong_grid():
    puzzle = parse_puzzle(data_lines("norvig_top95.txt")[0])
    grid = search_many(Geometry(3, 3), [puzzle.givens])[0].grids[0]
    swapped = bytearray(grid)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    outside = bytearray(grid)
    outside[5] = 10
    changed = bytearray(puzzle.givens)
    first = next(i for i, g in enumerate(changed) if g)
    changed[first] = changed[first] % 9 + 1
    givens = bytes(puzzle.givens)
    grids = [grid, bytes(swapped), bytes(outside), grid, grid]
    puzzles = [givens, givens, givens, bytes(changed), givens]
    failures = plain_failures(Geometry(3, 3), rows_of(puzzles), rows_of(grids))
    assert sorted(failures) == [1, 2, 3]
    assert all(why.startswith("solution failed verification") for why in failures.values())
    assert "given" in failures[3]
    with pytest.raises(ValueError, match="81 cells"):
        plain_failures(Geometry(3, 3), rows_of(puzzles), rows_of([g[:80] for g in grids]))


@pytest.mark.parametrize("box", [(3, 3), (2, 3), (4, 4)])
def test_the_chunk_check_agrees_with_the_cell_by_cell_check_on_mutated_grids(box):
    geometry = Geometry(*box)
    n = geometry.size
    blank = sudoku(geometry, [0] * n * n)
    solved = bytes(search_many(geometry, [blank.givens])[0].grids[0])
    rng = random.Random(7)
    grids = []
    for _ in range(300):
        grid = bytearray(solved)
        for _ in range(rng.choice([1, 2, 2, 3])):
            grid[rng.randrange(n * n)] = rng.randrange(n + 3)
        grids.append(bytes(grid))
    failures = plain_failures(geometry, rows_of([bytes(n * n)] * len(grids)), rows_of(grids))
    expected = {i for i, g in enumerate(grids) if violations(blank, tuple(g))}
    assert set(failures) == expected and 0 < len(expected) < len(grids)


@pytest.mark.parametrize("copies", [1, bitgrid.CHECKED_AT_ONCE])  # one by one; with numpy
def test_a_corrupted_answer_of_the_search_is_caught_for_its_own_puzzle(monkeypatch, copies):
    rows = [line.split(":") for line in data_lines("tdoku_test_puzzles.txt")]
    several = next(parse_puzzle(row[0]) for row in rows if int(row[1]) > 2)
    unique = parse_puzzle(data_lines("norvig_top95.txt")[0])
    search = bitgrid._search

    def corrupted(geometry, packed, *args):
        counts, endings, found = search(geometry, packed, *args)
        slots = bytearray(found)
        slots[4 * 81 + 81 : 6 * 81] = slots[4 * 81 : 5 * 81]  # puzzle 2: the same grid twice
        slots[0], slots[1] = slots[1], slots[0]  # puzzle 0: a swapped pair
        return counts, endings, bytes(slots)

    monkeypatch.setattr(bitgrid, "_search", corrupted)
    puzzles = [unique, unique, several, unique] * copies
    answers = search_many(Geometry(3, 3), [p.givens for p in puzzles])
    assert [a.error is not None for a in answers] == [True, False, True] + [False] * (
        len(puzzles) - 3
    )
    assert "one grid" in str(answers[2].error) and not answers[2].grids
    assert [len(a.grids) for a in answers[:4]] == [0, 1, 0, 1]
    check(unique, tuple(answers[3].grids[0]))


def rows_of(grids):
    return np.frombuffer(b"".join(grids), dtype=np.uint8).reshape(len(grids), -1)


def test_a_batch_gives_the_same_records_as_the_exact_cover_engine():
    lines = (DATA / "norvig_top95.txt").read_text().splitlines()[:30]
    lines += [line.split(":")[0] for line in data_lines("tdoku_test_puzzles.txt")]
    lines += (DATA / "rkkautsar_4x4.txt").read_text().splitlines()[:5]
    lines += (DATA / "gecode_16x16.txt").read_text().splitlines()[:2]
    lines += ["not a puzzle", "55" + lines[0][2:]]
    records = list(read_records(lines))
    for limit in (2, None):
        ours = list(run_batch(records, BatchOptions(limit=limit)))
        theirs = list(run_batch(records, BatchOptions(limit=limit, backend="dpll")))
        assert len(ours) == len(records)
        assert_same_records(ours, theirs)


def test_a_puzzle_past_the_budget_goes_on_in_the_other_engines(monkeypatch):
    monkeypatch.setattr(bitgrid, "NODE_BUDGET", 1)
    lines = (DATA / "norvig_top95.txt").read_text().splitlines()[:5]
    records = list(read_records(lines))
    assert all(r.unique for r in run_batch(records))


def test_one_puzzle_with_two_solutions_wanted_goes_through_it():
    rows = [line.split(":") for line in data_lines("tdoku_test_puzzles.txt")]
    several = next(row[0] for row in rows if int(row[1]) > 2)
    found = list(solutions(several, limit=2))
    assert len({s.grid for s in found}) == 2
    assert {s.stats.encoding for s in found} == {"bitmask"}
    none = next(row[0] for row in rows if row[1] == "0")
    assert list(solutions(none, limit=2)) == []
    answer = uniqueness(several)
    assert answer.status == "multiple" and len(answer.solutions) == 2 and answer.differences


def test_a_batch_keeps_its_time_limit_per_puzzle():
    import os

    def processor_seconds() -> float:  # not the wall clock: the machine may be busy
        used = os.times()
        return used.user + used.system + used.children_user + used.children_system

    records = list(read_records(["." * 256, data_lines("norvig_top95.txt")[0]]))
    started = processor_seconds()
    empty, top = run_batch(records, BatchOptions(limit=None, timeout=0.2))
    assert processor_seconds() - started < 5  # counting the empty 16x16 would never end
    assert empty.count > 0 and not empty.complete and empty.status == "solved"
    assert top.unique


def test_it_is_the_bitmask_encoding_of_the_dpll_backend():
    from satdoku.errors import UsageError

    rows = [line.split(":") for line in data_lines("tdoku_test_puzzles.txt")]
    several = next(row for row in rows if int(row[1]) > 2)
    named = {"backend": "dpll", "encoding": "bitmask"}
    assert solve(several[0], **named).stats.encoding == "bitmask"
    assert count(several[0], **named).count == int(several[1])
    assert count(several[0], **named, limit=2).count == 2
    x_sudoku = read_one("x", str(DATA / "variants" / "x.txt"))
    with pytest.raises(UsageError, match="plain Sudokus"):
        solve(x_sudoku, **named)
    with pytest.raises(UsageError, match="plain Sudokus"):
        count(x_sudoku, **named)
    with pytest.raises(UsageError, match="at most two"):
        list(solutions(several[0], limit=3, **named))
    records = list(read_records([several[0], data_lines("norvig_top95.txt")[0]]))
    ours = [(r.status, r.count) for r in run_batch(records, BatchOptions(**named))]
    assert ours == [(r.status, r.count) for r in run_batch(records)]
