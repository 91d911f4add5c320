"""Big grids and the reductions: the fast candidate sets agree with their definition, the
singles pre-pass keeps every solution, and a time limit ends in a clean unknown."""

from __future__ import annotations

import json

import pytest

from satdoku.encodings import DEFAULT_ENCODING, get_encoding
from satdoku.encodings.reduce import given_candidates, singles_candidates
from satdoku.errors import UsageError
from satdoku.formats import parse_line
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle
from satdoku.solver import SolveTimeout, count, solutions
from satdoku.solver.defaults import (
    BIG_BACKEND,
    BIG_ENCODING,
    DEFAULT_BACKEND,
    HUGE_ENCODING,
    default_backend,
    default_encoding,
    default_strategy,
)
from satdoku.solver.pysat_solver import parse_backend
from satdoku.verify import check
from tests.cli import assert_one_error_line, satdoku
from tests.conftest import data_lines, shared_file

COUNTED = [line.split(":") for line in data_lines("tdoku_test_puzzles.txt")]


def peers_definition(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """Kwon & Jain's reduction written the slow, obvious way."""
    out: list[tuple[int, ...]] = []
    for cell, peers in enumerate(puzzle.peers):
        taken = {puzzle.givens[p] for p in peers}
        out.append(
            ()
            if puzzle.givens[cell]
            else tuple(v for v in range(1, puzzle.values + 1) if v not in taken)
        )
    return out


@pytest.mark.parametrize("entry", COUNTED[:20], ids=lambda e: e[0][:12])
def test_given_candidates_match_definition(entry: list[str]) -> None:
    puzzle = parse_line(entry[0])
    assert given_candidates(puzzle) == peers_definition(puzzle)


@pytest.mark.parametrize("entry", [e for e in COUNTED if int(e[1]) <= 130], ids=lambda e: e[1])
def test_singles_keep_every_solution(entry: list[str]) -> None:
    puzzle, expected = parse_line(entry[0]), int(entry[1])
    found = list(solutions(puzzle, encoding="extended+singles", limit=expected + 1))
    assert len(found) == expected
    singles = singles_candidates(puzzle)
    for solution in found:
        assert all(bool(puzzle.givens[c]) or v in singles[c] for c, v in enumerate(solution.grid))


def test_singles_spec_round_trips() -> None:
    assert get_encoding("extended+singles").spec == "extended+singles"
    assert get_encoding("extended+singles").optimized


@pytest.mark.parametrize("box", ["2x5", "5x2", "3x4", "1x7"])
def test_every_box_shape_solves_empty(box: str) -> None:
    geometry = Geometry.parse(box)
    puzzle = sudoku(geometry, [0] * geometry.ncells)
    assert next(solutions(puzzle, encoding="extended+singles")).grid


@pytest.mark.parametrize("name", ["rkkautsar_81x81_1.txt", "rkkautsar_100x100_1.txt"])
def test_81x81_and_100x100_are_unique(name: str) -> None:
    puzzle = parse_line(shared_file(f"larger/{name}").read_text().strip())
    assert len(list(solutions(puzzle, encoding="extended+singles", limit=2, timeout=120))) == 1


def test_64x64_has_two_solutions() -> None:
    puzzle = parse_line(shared_file("larger/rkkautsar_64x64_2.txt").read_text().strip())
    found = list(solutions(puzzle, encoding="extended+singles", limit=2, timeout=60))
    assert len(found) == 2 and found[0].grid != found[1].grid


def test_hard_big_grid_times_out_cleanly() -> None:
    puzzle = parse_line(shared_file("larger/rkkautsar_64x64_1.txt").read_text().strip())
    with pytest.raises(SolveTimeout):
        list(solutions(puzzle, encoding="extended+singles", limit=2, timeout=1.5))


def test_cli_timeout_is_unknown() -> None:
    path = shared_file("larger/rkkautsar_64x64_1.txt")
    run = satdoku("solve", "-f", str(path), "--timeout", "1", "--format", "json")
    assert run.status == 3 and "Traceback" not in run.err
    assert json.loads(run.out)["status"] == "unknown"


def test_big_grids_get_cadical_and_singles_by_default() -> None:
    nine = parse_line(COUNTED[0][0])
    assert default_backend(nine, None) == DEFAULT_BACKEND == "minisat22"
    assert default_encoding(nine) == DEFAULT_ENCODING
    big = sudoku(Geometry(5, 5), [0] * 625)
    assert default_backend(big, None) == BIG_BACKEND
    assert default_backend(big, None, "branching") == DEFAULT_BACKEND
    assert default_backend(big, "glucose4") == "glucose4"
    assert default_encoding(big) == BIG_ENCODING
    assert default_encoding(sudoku(Geometry(7, 7), [0] * 49**2)) == BIG_ENCODING
    assert default_encoding(sudoku(Geometry(8, 8), [0] * 64**2)) == HUGE_ENCODING


def test_default_solve_of_a_64x64_uses_the_compact_at_most_one() -> None:
    puzzle = parse_line(shared_file("larger/rkkautsar_64x64_2.txt").read_text().strip())
    found = list(solutions(puzzle, limit=2, timeout=120))
    assert len(found) == 2 and found[0].grid != found[1].grid
    for answer in found:
        check(puzzle, answer.grid)
    assert (found[0].stats.backend, found[0].stats.encoding) == (BIG_BACKEND, HUGE_ENCODING)
    pairwise = get_encoding(BIG_ENCODING).encode(puzzle)
    compact = get_encoding(HUGE_ENCODING).encode(puzzle)
    assert compact.nclauses < pairwise.nclauses


def test_default_solve_of_a_25x25_uses_the_big_choice_and_is_unique() -> None:
    lines = shared_file("25x25/gecode_25x25.txt").read_text().splitlines()
    puzzle = parse_line(lines[16])
    found = list(solutions(puzzle, limit=2))
    assert len(found) == 1
    check(puzzle, found[0].grid)
    stats = found[0].stats
    assert (stats.backend, stats.encoding) == (BIG_BACKEND, BIG_ENCODING)
    same = list(solutions(puzzle, backend="minisat22", encoding="extended+optimized", limit=2))
    assert [s.grid for s in same] == [found[0].grid]


def test_cadical_option_sets_parse_and_solve() -> None:
    assert parse_backend("cadical195+stable") == ("cadical195", {"stabilizeonly": 1})
    assert parse_backend("minisat22") == ("minisat22", {})
    for bad in ("minisat22+stable", "cadical195+fast", "nosuchsolver"):
        with pytest.raises(UsageError):
            parse_backend(bad)
    line, count = next(e[:2] for e in COUNTED if 2 <= int(e[1]) <= 20)
    puzzle, expected = parse_line(line), int(count)
    for backend in ("cadical195+stable", "cadical195+unsat"):
        found = list(solutions(puzzle, backend=backend, limit=expected + 1))
        assert len(found) == expected


def test_cli_rejects_an_unknown_solver_option() -> None:
    run = satdoku("solve", COUNTED[0][0], "--backend", "cadical195+fast")
    assert_one_error_line(run)


def test_counting_a_big_grid_defaults_to_blocking_clauses() -> None:
    big = sudoku(Geometry(5, 5), [0] * 625)
    assert default_strategy(big, None) == "blocking"
    assert default_strategy(big, "branching") == "branching"
    assert default_strategy(parse_line(COUNTED[0][0]), None) == "branching"
    lines = shared_file("25x25/gecode_25x25.txt").read_text().splitlines()
    counted = count(parse_line(lines[16]), 2, timeout=60)
    assert (counted.count, counted.complete) == (1, True)
