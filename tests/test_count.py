"""Counting: ground truth from tdoku, cross-checks between methods, strategies and encodings, and
against the brute-force counter on small grids."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satdoku import (
    Geometry,
    Puzzle,
    Sum,
    VerificationError,
    count,
    is_unique,
    parse_puzzle,
    solutions,
    uniqueness,
)
from satdoku.errors import UsageError
from satdoku.kinds.classic import sudoku
from satdoku.solver.bruteforce import brute_force_count
from satdoku.verify import batch_checker
from tests.conftest import data_lines, shared_file

TDOKU = [line.split(":") for line in data_lines("tdoku_test_puzzles.txt")]
MANY = "8.........95.......76.........692748...714235...538196...451......973.8....826.1.:973"
EMPTY4 = sudoku(Geometry(2, 2), [0] * 16)
SAT_WAYS = [(None, "branching"), (None, "blocking"), ("cpsat", None)]


@pytest.mark.parametrize("backend", [None, "cpsat"])
@pytest.mark.parametrize("fields", TDOKU, ids=[f"tdoku{i + 1}" for i in range(len(TDOKU))])
def test_tdoku_test_puzzle_counts(fields, backend):
    puzzle, expected = fields[0], int(fields[1])
    result = count(puzzle, backend=backend)
    assert (result.count, result.complete) == (expected, True)


@pytest.mark.parametrize("fields", [f for f in TDOKU if f[1] == "1"], ids=lambda f: f[0][:12])
def test_unique_tdoku_puzzles_give_the_stored_solution(fields):
    result = uniqueness(fields[0])
    assert result.status == "unique"
    assert result.solutions[0].line == fields[2]


def test_tdoku_counts_cover_none_unique_and_many():
    counts = {int(f[1]) for f in TDOKU}
    assert 0 in counts and 1 in counts and max(counts) == 847


def _serg_sample() -> list[tuple[str, int]]:
    lines = shared_file("special/tdoku_serg_benchmark_counts.txt").read_text().splitlines()
    return [(p, int(n)) for p, n in (line.split(":") for line in lines[::250])]  # 40 puzzles


@pytest.mark.parametrize("backend", [None, "cpsat"])
def test_serg_sample_counts(backend):
    sample = _serg_sample()
    assert len(sample) == 40
    for puzzle, expected in sample:
        assert count(puzzle, backend=backend).count == expected, puzzle


@pytest.mark.parametrize(("backend", "strategy"), [*SAT_WAYS, ("brute", None), ("dpll", None)])
def test_empty_4x4_has_288_solutions(backend, strategy):
    assert count(EMPTY4, backend=backend, strategy=strategy).count == 288


def test_amayaos_4x4_line_9_has_no_solution_and_the_others_one():
    lines = shared_file("4x4/amayaos_4x4.txt").read_text().splitlines()
    counts = [count(parse_puzzle(line)).count for line in lines]
    assert counts[8] == 0
    assert counts[:8] + counts[9:] == [1] * (len(lines) - 1)
    assert uniqueness(parse_puzzle(lines[8])).status == "no_solution"


@st.composite
def small_puzzles(draw: st.DrawFn) -> Puzzle:
    """A 4x4 or 6x6 (2x3) with givens kept from a random solution, sometimes with one given
    changed (often making it contradictory)."""
    geometry = draw(st.sampled_from([Geometry(2, 2), Geometry(2, 3)]))
    n = geometry.size
    digits = draw(st.permutations(range(1, n + 1)))
    br, bc = geometry.box_rows, geometry.box_cols
    grid = [digits[(bc * (r % br) + r // br + c) % n] for r in range(n) for c in range(n)]
    keep = draw(st.sets(st.integers(0, n * n - 1), min_size=n * n // 3, max_size=n * n))
    givens = [v if i in keep else 0 for i, v in enumerate(grid)]
    if draw(st.booleans()):
        cell = draw(st.sampled_from(sorted(keep)))
        givens[cell] = draw(st.integers(1, n))
    return sudoku(geometry, givens)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_small_grids_match_the_brute_force_counter(puzzle):
    expected = brute_force_count(puzzle)
    for backend, strategy in SAT_WAYS:
        assert count(puzzle, backend=backend, strategy=strategy).count == expected


AMO_ENCODINGS = [
    "extended",
    "extended+optimized",
    "extended+seqcounter",
    "extended+ladder+optimized",
    "efficient+seqcounter",
    "minimal",
    "minimal+ladder+optimized",
    "extended+bitwise",
]


@pytest.mark.parametrize("strategy", ["branching", "blocking"])
@pytest.mark.parametrize("encoding", AMO_ENCODINGS)
def test_auxiliary_variables_never_inflate_counts(encoding, strategy):
    puzzle, expected = MANY.split(":")
    assert count(puzzle, encoding=encoding, strategy=strategy).count == int(expected)
    assert count(EMPTY4, encoding=encoding, strategy=strategy).count == 288


@pytest.mark.parametrize("strategy", ["branching", "blocking"])
@pytest.mark.parametrize("encoding", ["extended+native", "minimal+native+optimized"])
def test_native_cardinality_counts(encoding, strategy):
    puzzle, expected = MANY.split(":")
    assert count(puzzle, encoding=encoding, backend="minicard", strategy=strategy).count == int(
        expected
    )


@pytest.mark.parametrize("backend", ["minisat22", "glucose4", "cadical153"])
def test_branching_on_other_solvers(backend):
    puzzle, expected = MANY.split(":")
    assert count(puzzle, backend=backend).count == int(expected)


def test_strategies_stream_the_same_distinct_valid_grids():
    puzzle = MANY.split(":")[0]
    branching = [s.grid for s in solutions(puzzle, strategy="branching")]
    blocking = {s.grid for s in solutions(puzzle, strategy="blocking")}
    assert len(branching) == len(set(branching)) == 973
    assert set(branching) == blocking


@pytest.mark.parametrize(("backend", "strategy"), SAT_WAYS)
@pytest.mark.parametrize(
    ("limit", "expected"), [(0, 0), (1, 1), (972, 972), (973, 973), (5000, 973)]
)
def test_limits(backend, strategy, limit, expected):
    result = count(MANY.split(":")[0], limit, backend=backend, strategy=strategy)
    assert result.count == expected
    assert result.complete == (limit >= 973)
    assert result.stopped == (None if limit >= 973 else "limit")
    assert result.to_dict()["count"] == expected


def test_a_time_out_gives_an_incomplete_count():
    result = count(".." + "." * 79, timeout=0.0)
    assert not result.complete and result.stopped == "timeout"
    assert result.to_dict()["complete"] is False


def test_uniqueness_names_the_cells_where_two_solutions_differ():
    result = uniqueness(MANY.split(":")[0])
    assert result.status == "multiple" and not result.unique
    first, second = (s.grid for s in result.solutions)
    differ = [result.puzzle.cell_name(i) for i in range(81) if first[i] != second[i]]
    assert list(result.differences) == differ and len(differ) >= 4
    assert not is_unique(MANY.split(":")[0])
    assert is_unique(TDOKU[0][0])


def test_uniqueness_with_cpsat():
    assert uniqueness(TDOKU[0][0], backend="cpsat").status == "unique"
    assert uniqueness(MANY.split(":")[0], backend="cpsat").status == "multiple"


def test_unknown_backend_and_strategy_are_usage_errors():
    with pytest.raises(UsageError, match="unknown backend 'guess'"):
        count(EMPTY4, backend="guess")
    with pytest.raises(UsageError):
        count(EMPTY4, strategy="guess")
    with pytest.raises(UsageError):
        count(EMPTY4, limit=-1)


def test_batch_checker_rejects_what_check_rejects():
    puzzle = parse_puzzle(TDOKU[0][0])
    verify = batch_checker(puzzle)
    good = [int(c) for c in TDOKU[0][2]]
    verify([good, good])
    verify([])
    swapped = good.copy()
    swapped[0], swapped[1] = swapped[1], swapped[0]
    for bad in (swapped, [*good[:80], 0], good[:80], [*good[:80], 10], [*good, 1]):
        with pytest.raises(VerificationError):
            verify([good, bad, good])
    same_units = [v % 9 + 1 for v in good]  # relabelled: a valid grid that breaks the givens
    with pytest.raises(VerificationError):
        verify([same_units])


def test_batch_checker_checks_sums():
    geometry = Geometry(2, 2)
    base = sudoku(geometry, [0] * 16)
    grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    for total, fine in ((3, True), (4, False)):
        puzzle = replace(base, constraints=(*base.constraints, Sum((0, 1), total)))
        if fine:
            batch_checker(puzzle)([grid])
        else:
            with pytest.raises(VerificationError):
                batch_checker(puzzle)([grid])


def test_a_count_names_the_backend_that_counted():
    result = count(MANY.split(":")[0], backend="cpsat")
    assert (result.backend, result.count) == ("cpsat", 973)
    from satdoku.solver.dpll import available

    assert count(EMPTY4).backend == ("dpll" if available() else "minisat22")
    assert count(EMPTY4, strategy="branching").backend == "minisat22"


@pytest.mark.parametrize(
    ("backend", "options", "message"),
    [
        ("cpsat", {"strategy": "branching"}, "cpsat backend has no strategy"),
        ("cpsat", {"encoding": "extended"}, "takes the encodings alldiff, onehot"),
        ("dpll", {"encoding": "extended"}, "takes the encodings exactcover, bitmask"),
        ("brute", {"encoding": "alldiff"}, "takes no encoding"),
        ("minisat22", {"encoding": "extended+native"}, "native cardinality needs"),
    ],
)
def test_an_option_the_backend_does_not_take_is_refused(backend, options, message):
    with pytest.raises(UsageError, match=message):
        count(EMPTY4, backend=backend, **options)


def test_brute_force_refuses_grids_above_9x9():
    with pytest.raises(UsageError, match="brute backend takes grids of up to 9 values"):
        count(sudoku(Geometry(4, 4), [0] * 16 * 16), backend="brute")


def test_closest_second_solution_differs_in_fewest_cells():
    puzzle = MANY.split(":")[0]
    first_found = uniqueness(puzzle, closest=False)
    closest = uniqueness(puzzle)
    assert closest.solutions[0].grid == first_found.solutions[0].grid
    assert closest.solutions[1].grid != closest.solutions[0].grid
    assert len(closest.differences) == 4 < len(first_found.differences)
    for other in solutions(puzzle, strategy="branching", limit=300):
        if other.grid != closest.solutions[0].grid:
            changed = sum(
                a != b for a, b in zip(other.grid, closest.solutions[0].grid, strict=True)
            )
            assert changed >= 4


def test_counts_across_verification_batches(monkeypatch):
    from satdoku.solver import counting

    monkeypatch.setattr(counting, "BATCH", 7)  # 973 = 139 full batches of 7
    puzzle, expected = MANY.split(":")
    for backend in (None, "cpsat"):
        assert count(puzzle, backend=backend).count == int(expected)
    assert count(puzzle, 100).count == 100


def test_a_count_above_one_batch_agrees_between_methods():
    puzzle = "8.........9........67.........628497...954213...713586......765....3.942....7.138"
    assert count(puzzle).count == count(puzzle, backend="cpsat").count == 7171


def test_cpsat_streams_its_solutions_and_stops_when_closed():
    """The empty 9x9 has about 6.7e21 solutions: the first few must arrive while the search
    runs, and closing the generator must stop it (a collecting implementation never returns)."""
    import itertools
    import threading

    from satdoku.kinds.classic import sudoku
    from satdoku.solver.cpsat_backend import cpsat_solutions
    from satdoku.verify import check

    puzzle = sudoku(Geometry(3, 3), [0] * 81)
    got: list[object] = []

    def take() -> None:
        found = cpsat_solutions(puzzle)
        got.extend(itertools.islice(found, 5))
        found.close()
        got.append("closed")

    worker = threading.Thread(target=take, daemon=True)
    worker.start()
    worker.join(timeout=60)
    assert not worker.is_alive(), "cpsat_solutions did not stream"
    assert got[-1] == "closed" and len(got) == 6
    grids = [item[0] for item in got[:5]]  # type: ignore[index]
    assert len(set(grids)) == 5
    for grid in grids:
        check(puzzle, grid)
