import pytest

from satdoku import Geometry, check, parse_puzzle, solutions
from satdoku.errors import UsageError
from satdoku.kinds.classic import sudoku
from satdoku.solver.engine import Engine
from tests.conftest import DATA, data_lines, shared_file


def one_shot(puzzle, limit):
    return [s.grid for s in solutions(puzzle, limit=limit)]


def assert_same_as_one_shot(engine, puzzle, limit):
    result = engine.count(puzzle, limit)
    expected = one_shot(puzzle, limit)
    assert result.count == len(expected)
    if limit is None or len(expected) < limit:
        assert result.complete
    if result.complete:  # also when propagation proved a single solution at limit 1
        assert set(result.grids) == set(expected)
    for grid in result.grids:
        check(puzzle, grid)
    return result


def test_known_counts_of_the_tdoku_test_puzzles():
    """0, 1 and up to 847 solutions, counted in full, as tdoku's test file says."""
    with Engine(Geometry(3, 3)) as engine:
        for line in data_lines("tdoku_test_puzzles.txt"):
            text, count, *answer = line.split(":")
            result = engine.count(parse_puzzle(text), limit=None)
            assert (result.count, result.complete) == (int(count), True), text
            if answer:
                assert result.grids[0] == tuple(map(int, answer[0]))


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_same_as_one_shot_on_the_tdoku_test_puzzles(limit):
    with Engine(Geometry(3, 3)) as engine:
        for line in data_lines("tdoku_test_puzzles.txt"):
            assert_same_as_one_shot(engine, parse_puzzle(line.split(":")[0]), limit)


@pytest.mark.parametrize(
    ("name", "step"),
    [
        ("9x9/tdoku_17_clue_49158.txt", 983),
        ("9x9/tdoku_forum_hardest_1905_11plus.txt", 1951),
        ("9x9/tdoku_magictour_top1465.txt", 59),
    ],
)
def test_same_as_one_shot_on_samples_of_the_shared_sets(name, step):
    lines = shared_file(name).read_text().splitlines()[::step]
    with Engine(Geometry(3, 3)) as engine:
        for line in lines:
            assert assert_same_as_one_shot(engine, parse_puzzle(line), 2).unique


def test_serg_benchmark_sample_has_its_counts():
    lines = shared_file("special/tdoku_serg_benchmark_counts.txt").read_text().splitlines()
    with Engine(Geometry(3, 3)) as engine:
        for line in lines[::97]:
            text, count = line.split(":")[:2]
            puzzle = parse_puzzle(text)
            result = assert_same_as_one_shot(engine, puzzle, 2)
            assert (result.count, result.complete) == (2, False)
            if int(count) <= 200:
                assert engine.count(puzzle, None).count == int(count)


@pytest.mark.parametrize(
    "backend",
    ["minicard", "minisat22", "glucose4", "cadical153", "cadical195", "cadical195+stable"],
)
@pytest.mark.parametrize("propagate_first", [True, False])
def test_backends_and_the_propagation_shortcut_agree(backend, propagate_first):
    with Engine(Geometry(3, 3), backend=backend, propagate_first=propagate_first) as engine:
        for line in data_lines("tdoku_test_puzzles.txt"):
            text, count = line.split(":")[:2]
            result = engine.count(parse_puzzle(text), limit=3)
            assert result.count == min(int(count), 3)


@pytest.mark.parametrize(
    "encoding", ["minimal", "efficient", "extended+optimized", "extended+seqcounter"]
)
def test_other_encodings_give_the_same_counts(encoding):
    with Engine(Geometry(3, 3), encoding=encoding) as engine:
        for line in data_lines("tdoku_test_puzzles.txt")[:20]:
            text, count = line.split(":")[:2]
            assert engine.count(parse_puzzle(text), limit=None).count == int(count)


def test_rebuilding_the_solver_keeps_the_answers():
    lines = data_lines("norvig_top95.txt")
    with Engine(Geometry(3, 3), rebuild_after=3) as engine:
        for line in lines:
            assert engine.count(parse_puzzle(line)).unique
        assert engine.rebuilds > 0


def test_4x4_with_an_unsolvable_line():
    lines = shared_file("4x4/amayaos_4x4.txt").read_text().splitlines()
    with Engine(Geometry(2, 2)) as engine:
        for number, line in enumerate(lines, 1):
            puzzle = parse_puzzle(line)
            result = assert_same_as_one_shot(engine, puzzle, None)
            assert result.status == ("no_solution" if number == 9 else "solved")


def test_16x16_and_the_empty_4x4_grid():
    with Engine(Geometry(4, 4)) as engine:
        for line in data_lines("gecode_16x16.txt")[:4]:
            assert_same_as_one_shot(engine, parse_puzzle(line), 2)
    with Engine(Geometry(2, 2)) as engine:
        assert engine.count(sudoku(Geometry(2, 2), [0] * 16), None).count == 288


def test_contradictory_givens_mean_no_solution():
    line = "55" + data_lines("norvig_hardest.txt")[0][2:]
    with Engine(Geometry(3, 3)) as engine:
        result = engine.count(parse_puzzle(line))
        assert (result.status, result.count, result.complete) == ("no_solution", 0, True)


def test_a_tiny_conflict_budget_leaves_hard_puzzles_unknown():
    lines = data_lines("norvig_top95.txt")
    with Engine(Geometry(3, 3), backend="minisat22", conflicts=1) as engine:
        statuses = {engine.count(parse_puzzle(line)).status for line in lines}
    assert "unknown" in statuses


def test_a_puzzle_of_another_geometry_is_refused():
    puzzle = parse_puzzle((DATA / "rkkautsar_4x4.txt").read_text())
    with Engine(Geometry(3, 3)) as engine, pytest.raises(UsageError):
        engine.count(puzzle)


def test_backend_specs_are_checked_as_everywhere_else():
    with pytest.raises(UsageError, match="unknown option 'stable' for minicard"):
        Engine(Geometry(3, 3), backend="minicard+stable")
