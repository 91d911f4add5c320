"""The dpll backend: its exact-cover matrix against the extended encoding, its counts against
the CDCL engine, python-sat's one-shot path and a brute-force counter, and its limits."""

from __future__ import annotations

import pytest

from satdoku import Geometry, Puzzle, check, count, parse_puzzle, solutions
from satdoku.deadline import Deadline, SolveTimeout
from satdoku.encodings import get_encoding
from satdoku.encodings.exactcover import ExactCover
from satdoku.errors import UsageError
from satdoku.formats.kinds import get_kind
from satdoku.kinds.classic import sudoku
from satdoku.solver.bruteforce import brute_force_count
from satdoku.solver.dpll import DpllEngine, DpllSearch, available
from satdoku.solver.engine import Engine
from tests.conftest import DATA, data_lines, shared_file

pytestmark = pytest.mark.skipif(not available(), reason="the C extension is not built")


def empty(rows: int, cols: int) -> Puzzle:
    geometry = Geometry(rows, cols)
    return sudoku(geometry, [0] * geometry.ncells)


def variant(kind: str) -> Puzzle:
    with open(DATA / "variants" / f"{kind}.txt") as handle:
        [record] = list(get_kind(kind).read(handle, None, "auto"))
    assert record.puzzle is not None
    return record.puzzle


@pytest.mark.parametrize(
    "puzzle", [empty(2, 2), empty(2, 3), empty(3, 3), variant("x").with_givens([0] * 81)]
)
def test_the_columns_are_the_extended_encodings_at_least_one_clauses(puzzle):
    """Row r is variable r + 1 of the extended encoding (of the rules without givens); each
    column is one of its clauses that say "at least one", each pair in a column one of its
    "at most one" clauses."""
    formula = get_encoding("extended").encode(puzzle)
    positive = {frozenset(c) for c in formula.clauses if all(lit > 0 for lit in c)}
    binary = {frozenset(c) for c in formula.clauses if len(c) == 2 and max(c) < 0}
    columns = [frozenset(r + 1 for r in rows) for rows in ExactCover.of(puzzle).columns]
    assert set(columns) == positive
    pairs = {frozenset((-a, -b)) for col in columns for a in col for b in col if a < b}
    assert pairs == binary


def test_sums_and_short_units_are_refused():
    with pytest.raises(UsageError, match="dpll backend"):
        ExactCover.of(variant("killer"))
    with pytest.raises(UsageError, match="dpll backend"):
        count(variant("killer"), backend="dpll")


def test_known_counts_and_answers_of_the_tdoku_test_puzzles():
    """0, 1 and up to 847 solutions, counted in full, as tdoku's test file says."""
    with DpllEngine(Geometry(3, 3)) as engine:
        for line in data_lines("tdoku_test_puzzles.txt"):
            text, expected, *answer = line.split(":")
            result = engine.count(parse_puzzle(text), limit=None)
            assert (result.count, result.complete) == (int(expected), True), text
            assert len(set(result.grids)) == result.count
            if answer:
                assert result.grids[0] == tuple(map(int, answer[0]))


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_same_as_the_cdcl_engine(limit):
    """Both know at limit 1 that a puzzle unit propagation decides has one solution."""
    cdcl_engine = Engine(Geometry(3, 3), propagate_first=True)
    with DpllEngine(Geometry(3, 3)) as dpll, cdcl_engine as cdcl:
        for line in data_lines("tdoku_test_puzzles.txt"):
            puzzle = parse_puzzle(line.split(":")[0])
            ours, theirs = dpll.count(puzzle, limit), cdcl.count(puzzle, limit)
            assert (ours.count, ours.complete, ours.status) == (
                theirs.count,
                theirs.complete,
                theirs.status,
            )
            if ours.complete:
                assert set(ours.grids) == set(theirs.grids)


@pytest.mark.parametrize(
    ("name", "step"),
    [
        ("9x9/tdoku_17_clue_49158.txt", 491),
        ("9x9/tdoku_forum_hardest_1905_11plus.txt", 975),
        ("9x9/tdoku_magictour_top1465.txt", 29),
    ],
)
def test_unique_with_the_one_shot_solution_on_the_shared_sets(name, step):
    lines = shared_file(name).read_text().splitlines()[::step]
    with DpllEngine(Geometry(3, 3)) as engine:
        for line in lines:
            puzzle = parse_puzzle(line)
            result = engine.count(puzzle, 2)
            assert result.unique, line
            assert result.grids[0] == next(solutions(puzzle, limit=1)).grid


def test_serg_sample_counts():
    lines = shared_file("special/tdoku_serg_benchmark_counts.txt").read_text().splitlines()
    with DpllEngine(Geometry(3, 3)) as engine:
        for line in lines[::53]:
            text, expected = line.split(":")[:2]
            assert engine.count(parse_puzzle(text), None).count == int(expected), text


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 2)])
def test_brute_force_agrees_on_small_grids(rows, cols):
    """Puzzles made from one solution by keeping every k-th given: from many solutions to one
    (k = 2 .. 7 keeps at least a seventh of the cells: at most a few thousand solutions)."""
    full = next(solutions(empty(rows, cols), limit=1)).grid
    with DpllEngine(Geometry(rows, cols)) as engine:
        for k in (2, 3, 4, 5, 7):
            givens = [v if i % k == 0 else 0 for i, v in enumerate(full)]
            puzzle = sudoku(Geometry(rows, cols), givens)
            assert engine.count(puzzle, None).count == brute_force_count(puzzle)


def test_the_empty_4x4_has_288_solutions():
    with DpllEngine(Geometry(2, 2)) as engine:
        assert engine.count(empty(2, 2), None).count == brute_force_count(empty(2, 2)) == 288


def test_4x4_with_an_unsolvable_line():
    lines = shared_file("4x4/amayaos_4x4.txt").read_text().splitlines()
    with DpllEngine(Geometry(2, 2)) as engine:
        for number, line in enumerate(lines, 1):
            result = engine.count(parse_puzzle(line), None)
            assert result.status == ("no_solution" if number == 9 else "solved")
            assert result.count == brute_force_count(parse_puzzle(line))


def test_16x16_the_same_as_the_cdcl_engine():
    with DpllEngine(Geometry(4, 4)) as dpll, Engine(Geometry(4, 4)) as cdcl:
        for line in data_lines("gecode_16x16.txt")[:6]:
            puzzle = parse_puzzle(line)
            ours, theirs = dpll.count(puzzle, 2), cdcl.count(puzzle, 2)
            assert (ours.count, ours.complete) == (theirs.count, theirs.complete)


def test_contradictory_givens_mean_no_solution():
    line = "55" + data_lines("norvig_hardest.txt")[0][2:]
    with DpllEngine(Geometry(3, 3)) as engine:
        result = engine.count(parse_puzzle(line))
    assert (result.status, result.count, result.complete) == ("no_solution", 0, True)


def test_past_the_node_budget_the_cdcl_engine_answers():
    lines = data_lines("norvig_top95.txt")
    with DpllEngine(Geometry(3, 3), budget=2) as engine:
        assert all(engine.count(parse_puzzle(line)).unique for line in lines)
        assert engine.handed_over > 0


def test_a_search_can_be_left_half_done():
    """A new search starts from nothing, whatever the last one left behind."""
    puzzle = parse_puzzle(data_lines("tdoku_test_puzzles.txt")[-1].split(":")[0])
    search = DpllSearch(puzzle)
    first = list(search.stream(puzzle))
    abandoned = search.stream(empty(3, 3).with_givens(puzzle.givens))
    next(abandoned)
    assert list(search.stream(puzzle)) == first
    grids, complete = search.search(puzzle, None)
    assert (grids, complete) == (first, True)
    assert search.search(puzzle, 0) == ([], False)


def test_a_node_budget_leaves_the_count_incomplete():
    search = DpllSearch(empty(3, 3))
    grids, complete = search.search(empty(3, 3), None, budget=500)
    assert not complete and search.nodes == 500
    for grid in grids:
        check(empty(3, 3), grid)


def test_the_deadline_stops_an_endless_enumeration():
    search = DpllSearch(empty(3, 3))
    # long enough for some grids even when a busy machine holds the search back for a while
    found, complete = search.search(empty(3, 3), None, deadline=Deadline.after(0.5))
    assert found and not complete and search.timed_out
    for grid in found:
        check(empty(3, 3), grid)
    with pytest.raises(SolveTimeout):
        list(search.stream(empty(3, 3), Deadline.after(0.05)))
    result = count(empty(3, 3), backend="dpll", timeout=0.05)
    assert (result.complete, result.stopped) == (False, "timeout")


@pytest.mark.parametrize("kind", ["x", "windoku", "jigsaw"])
def test_variants_count_as_with_python_sat(kind):
    puzzle = variant(kind)
    ours = [s.grid for s in solutions(puzzle, backend="dpll", limit=10)]
    assert len(ours) == len({s.grid for s in solutions(puzzle, limit=10)})
    assert count(puzzle, backend="dpll").count == count(puzzle).count


def test_the_api_takes_dpll_as_a_backend():
    puzzle = parse_puzzle(data_lines("norvig_hardest.txt")[0])
    [solution] = solutions(puzzle, backend="dpll")
    assert solution.stats.backend == "dpll" and solution.stats.decisions > 0
    assert count(puzzle, backend="dpll").count == 1
    with pytest.raises(UsageError, match="takes the encodings exactcover, bitmask"):
        next(solutions(puzzle, backend="dpll", encoding="extended"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((1, 1, [0, 1], [0], [0], []), "expected 1 items"),  # row_label too short
        ((1, 1, [0, 1], [5], [0], [1]), "out of range"),  # column 5 of 1
        ((1, 1, [0, 1], [0], [0], [0]), "out of range"),  # labels start at 1
        ((1, 1, [0, 0], [], [0], [1]), "at least one column"),
        ((1, 1, [0, 2], [0], [0], [1]), "out of range"),  # past the end of row_cols
    ],
)
def test_a_malformed_matrix_is_refused(args, message):
    from satdoku.solver._dpll import Cover

    with pytest.raises(ValueError, match=message):
        Cover(*args)


def test_givens_out_of_range_are_refused():
    from satdoku.solver._dpll import Cover

    cover = Cover(1, 1, [0, 1], [0], [0], [1])
    for givens, message in (([3], "no candidate 3 in slot 0"), ([1, 1], "expected 1 labels")):
        with pytest.raises(ValueError, match=message):
            cover.start(givens)
    cover.start([1])
    assert cover.next() == (1,) and cover.next() is None and cover.exhausted


def test_compare_runs_dpll_on_its_matrix_only():
    from satdoku.compare.configuration import Configuration, configurations

    chosen = configurations(["extended", "exactcover"], ["minisat22", "dpll"])
    assert [c.label for c in chosen] == ["extended@minisat22", "exactcover@dpll"]
    assert configurations(["exactcover"])[0].backend == "dpll"
    with pytest.raises(UsageError, match="dpll backend takes none of the encodings given"):
        configurations(["extended"], ["minisat22", "dpll"])
    with pytest.raises(UsageError, match="dpll backend takes the encodings exactcover, bitmask"):
        Configuration("extended", "dpll").check()
    with pytest.raises(UsageError, match="exactcover@minisat22: unknown"):
        Configuration("exactcover", "minisat22").check()


def test_big_grids_are_refused_with_one_line():
    with pytest.raises(UsageError, match="up to 36 values"):
        DpllSearch(empty(7, 7))
