"""Encodings: clause and variable counts against the published formulas, the reduction by the
givens, every at-most-one method, the triad encoding, and unit propagation facts."""

from math import comb

import pytest

from satdoku import Geometry, Puzzle, parse_puzzle, solutions, solve
from satdoku.constraints import AllDifferent
from satdoku.encodings import ENCODINGS, get_encoding
from satdoku.encodings.cardinality import AMO_METHODS
from satdoku.errors import UsageError
from satdoku.kinds.classic import sudoku
from satdoku.solver.propagation import solved_by_propagation, unit_propagation
from tests.conftest import data_lines, shared_file

FORMULAS = {
    "minimal": lambda n: n * n + 3 * n * n * comb(n, 2),
    "efficient": lambda n: n * n + 4 * n * n * comb(n, 2),
    "extended": lambda n: 4 * n * n + 4 * n * n * comb(n, 2),
}


def empty(n):
    return sudoku(Geometry.for_size(n), [0] * n * n)


@pytest.mark.parametrize("n", [4, 9, 16, 25])
@pytest.mark.parametrize("name", sorted(FORMULAS))
def test_empty_grid_counts_match_the_formulas(name, n):
    formula = get_encoding(name).encode(empty(n))
    assert formula.nvars == n**3
    assert formula.nclauses == len(formula.clauses) == FORMULAS[name](n)


def test_empty_9x9_counts_are_the_published_ones():
    counts = [len(get_encoding(name).encode(empty(9)).clauses) for name in FORMULAS]
    assert counts == [8829, 11745, 11988]


@pytest.mark.parametrize("shape", [(2, 2), (3, 3), (2, 3), (3, 4)])
def test_augmented_adds_one_triad_variable_per_triad_and_value(shape):
    r, c = shape
    n = r * c
    formula = get_encoding("augmented").encode(sudoku(Geometry(r, c), [0] * n * n))
    # n*r row triads and n*c column triads; each: 1 + (cells) clauses per value
    triad = n * r * (1 + c) + n * c * (1 + r)
    # exactly one triad per row (r of them), column (c), box row triads (r), box column (c)
    exactly_one = 2 * n * (1 + comb(r, 2)) + 2 * n * (1 + comb(c, 2))
    assert formula.nvars == n**3 + n * (n * r + n * c)
    assert len(formula.clauses) == FORMULAS["extended"](n) + n * (triad + exactly_one)


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_optimized_keeps_the_answer_and_shrinks_the_formula(name):
    line = data_lines("norvig_top95.txt")[0]
    puzzle = parse_puzzle(line)
    plain, reduced = (get_encoding(s).encode(puzzle) for s in (name, f"{name}+optimized"))
    assert reduced.nvars < plain.nvars and reduced.nclauses < plain.nclauses
    assert reduced.nliterals < plain.nliterals
    assert solve(puzzle, encoding=f"{name}+optimized").line == solve(puzzle, encoding=name).line
    # a given cell keeps no variable; a blank keeps the values no peer's given rules out
    expected = sum(
        len({v for v in range(1, 10)} - {puzzle.givens[p] for p in puzzle.peers[c]})
        for c in puzzle.blanks
    )
    if name != "augmented":
        assert reduced.nvars == expected


def test_optimized_17_clue_extended_is_about_300_vars_and_2900_clauses():
    lines = shared_file("9x9/royle_17clue_49151.txt").read_text().splitlines()[:100]
    formulas = [get_encoding("extended+optimized").encode(parse_puzzle(x)) for x in lines]
    mean_vars = sum(f.nvars for f in formulas) / len(formulas)
    mean_clauses = sum(f.nclauses for f in formulas) / len(formulas)
    assert 280 < mean_vars < 330 and 2700 < mean_clauses < 3100, (mean_vars, mean_clauses)


SMALL = sudoku(Geometry(2, 2), [1, 2, 3, 4] + [0] * 12)  # 288 / 4! = 12 solutions


@pytest.mark.parametrize("amo", AMO_METHODS)
@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_every_at_most_one_method_applies_and_counts_right(name, amo):
    backend = "minicard" if amo == "native" else "minisat22"
    spec = f"{name}+{amo}"
    assert get_encoding(spec).spec == (name if amo == "pairwise" else spec)
    grids = {s.grid for s in solutions(SMALL, encoding=spec, backend=backend)}
    assert len(grids) == 12
    line = data_lines("norvig_hardest.txt")[1]
    for optimized in ("", "+optimized"):
        found = solve(line, encoding=spec + optimized, backend=backend)
        assert found is not None and found.line == solve(line).line


def test_native_needs_a_cardinality_solver():
    with pytest.raises(UsageError, match="native cardinality"):
        solve(data_lines("norvig_top95.txt")[0], encoding="extended+native")


def test_augmented_needs_rows_columns_and_boxes():
    sudoku = empty(4)
    rows_only = Puzzle(
        values=4,
        positions=sudoku.positions,
        constraints=tuple(AllDifferent(u) for u in Geometry(2, 2).rows),
        givens=sudoku.givens,
        nrows=4,
        ncols=4,
    )
    with pytest.raises(UsageError, match="augmented"):
        get_encoding("augmented").encode(rows_only)
    assert solve(rows_only, encoding="extended") is not None


@pytest.mark.parametrize(
    ("spec", "solved"),
    [
        ("minimal", 12),
        ("efficient", 12),
        ("extended", 40),
        ("minimal+optimized", 12),
        ("extended+optimized", 40),
        ("extended+native", 40),
        ("augmented", 44),
    ],
)
def test_unit_propagation_alone_solves_the_known_share_of_easy50(spec, solved):
    puzzles = [parse_puzzle(x) for x in data_lines("norvig_easy50.txt")]
    encoding = get_encoding(spec)
    assert sum(solved_by_propagation(encoding.encode(p)) for p in puzzles) == solved


@pytest.mark.parametrize(
    "backend", ["minisat22", "cadical153", "glucose4", "lingeling", "cadical103"]
)
def test_stats_report_propagation_only_whatever_the_backend(backend):
    # lingeling and cadical103 cannot propagate: a separate MiniSat decides for them
    lines = data_lines("norvig_easy50.txt")
    flags = [solve(x, encoding="extended", backend=backend).stats.propagation_only for x in lines]
    assert sum(flags) == 40


def test_propagation_reaches_the_solution_it_reports():
    for line in data_lines("norvig_easy50.txt")[:10]:
        puzzle = parse_puzzle(line)
        formula = get_encoding("extended").encode(puzzle)
        derived = unit_propagation(formula)
        assert derived is not None
        if solved_by_propagation(formula):
            model = sorted(set(derived), key=abs)
            assert len(model) == formula.nvars  # every cell variable is decided
            assert formula.decode(model) == solve(puzzle).grid


def test_propagation_detects_a_conflict():
    formula = get_encoding("extended").encode(parse_puzzle("55" + "." * 79))
    assert unit_propagation(formula) is None
    assert not solved_by_propagation(formula)


def test_values_out_of_reach_of_a_sum_lose_their_variables():
    from satdoku.constraints import AllDifferent, Sum
    from satdoku.encodings.reduce import given_candidates

    # one row of three cells: a run of two adding up to 3, then a run of one adding up to 9
    run = (0, 1)
    puzzle = Puzzle(
        values=9,
        positions=((0, 0), (0, 1), (0, 2)),
        constraints=(AllDifferent(run), Sum(run, 3), AllDifferent((2,)), Sum((2,), 9)),
        givens=(0, 0, 0),
        nrows=1,
        ncols=3,
    )
    assert given_candidates(puzzle) == [(1, 2), (1, 2), (9,)]
    repeats = Puzzle(
        values=9,
        positions=((0, 0), (0, 1)),
        constraints=(Sum(run, 3),),
        givens=(0, 0),
        nrows=1,
        ncols=2,
    )
    assert given_candidates(repeats) == [tuple(range(1, 10))] * 2  # values may repeat
