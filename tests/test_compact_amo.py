"""The bimander and compact at-most-one encodings, and a formula that gives up its clauses
once a solver holds them: every assignment of a few literals against the rule itself,
solution counts against brute force, and a solve whose formula was released."""

from __future__ import annotations

from itertools import product

import pytest
from pysat.solvers import Solver

from satdoku import parse_puzzle
from satdoku.encodings import get_encoding
from satdoku.encodings.cardinality import COMPACT_PAIRWISE, at_most_one
from satdoku.encodings.formula import Formula, VarMap
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle
from satdoku.solver import solutions
from satdoku.solver.bruteforce import brute_force_count
from satdoku.solver.propagation import solved_by_propagation
from satdoku.solver.pysat_solver import PysatSolver
from tests.conftest import data_lines


def bare_formula(n: int) -> Formula:
    """A formula with ``n`` free variables 1..n and no clauses."""
    puzzle = sudoku(Geometry(1, 2), [1, 2, 2, 1])
    formula = Formula(VarMap(puzzle, [()] * 4))
    formula.nvars = n
    return formula


@pytest.mark.parametrize("method", ["bimander", "compact", "pairwise"])
@pytest.mark.parametrize("n", range(0, 10))
def test_at_most_one_allows_exactly_the_assignments_with_one_true_at_most(method, n):
    formula = bare_formula(n)
    lits = list(range(1, n + 1))
    at_most_one(formula, lits, method)
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        for signs in product((False, True), repeat=n):
            assumptions = [v if on else -v for v, on in zip(lits, signs, strict=True)]
            assert solver.solve(assumptions=assumptions) == (sum(signs) <= 1), signs


@pytest.mark.parametrize("n", [3, 5, 16, 33, 225])
def test_bimander_propagates_a_true_literal_to_every_other_false(n):
    formula = bare_formula(n)
    at_most_one(formula, list(range(1, n + 1)), "bimander")
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        for chosen in (1, n // 2 + 1, n):
            ok, implied = solver.propagate(assumptions=[chosen])
            assert ok
            assert {-v for v in range(1, n + 1) if v != chosen} <= set(implied)


def test_bimander_is_smaller_than_pairwise_on_long_units_and_compact_keeps_short_ones():
    long_, short = 225, COMPACT_PAIRWISE
    sizes = {}
    for method in ("pairwise", "bimander", "compact"):
        for n in (long_, short):
            formula = bare_formula(n)
            at_most_one(formula, list(range(1, n + 1)), method)
            sizes[method, n] = (len(formula.clauses), formula.nvars - n)
    assert sizes["pairwise", long_] == (225 * 224 // 2, 0)
    assert sizes["bimander", long_] == (112 + 225 * 7, 7)  # 113 pairs: 7 bits
    assert sizes["compact", long_] == sizes["bimander", long_]
    assert sizes["compact", short] == sizes["pairwise", short]


def plain(rows: int, cols: int, givens: list[int]) -> Puzzle:
    return sudoku(Geometry(rows, cols), givens)


SOLVED_6X6 = [1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4]
SOLVED_6X6 += [5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2]

PUZZLES = {
    "4x4 empty": plain(2, 2, [0] * 16),
    "4x4 one row": plain(2, 2, [1, 2, 3, 4] + [0] * 12),
    "6x6 checkerboard": plain(
        2, 3, [v if (k // 6 + k % 6) % 2 else 0 for k, v in enumerate(SOLVED_6X6)]
    ),
    "6x6 three rows": plain(2, 3, SOLVED_6X6[:18] + [0] * 18),
    "6x6 none": plain(2, 3, [1, 1] + [0] * 34),  # two equal givens in a row
}


@pytest.mark.parametrize("amo", ["bimander", "compact"])
@pytest.mark.parametrize("encoding", ["minimal", "efficient", "extended", "augmented"])
@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_solution_counts_match_brute_force(name, encoding, amo):
    puzzle = PUZZLES[name]
    expected = brute_force_count(puzzle, 1000)
    assert expected < 1000
    for reduction in ("", "+optimized", "+singles"):
        spec = f"{encoding}+{amo}{reduction}"
        found = {
            s.grid
            for s in solutions(puzzle, encoding=spec, backend="minisat22", limit=expected + 1)
        }
        assert len(found) == expected, spec


@pytest.mark.parametrize("backend", ["minisat22", "cadical195", "lingeling"])
def test_a_released_formula_keeps_its_counts_and_the_solver_its_clauses(backend):
    puzzle = PUZZLES["4x4 one row"]
    formula = get_encoding("extended+compact+optimized").encode(puzzle)
    nclauses, nliterals = formula.nclauses, formula.nliterals
    with PysatSolver(backend) as solver:
        solver.load(formula, release=True)
        kept = backend == "lingeling"  # its unit propagation reads the clauses
        assert bool(formula.clauses) == kept and (formula.released is None) == kept
        assert (formula.nclauses, formula.nliterals) == (nclauses, nliterals)
        grids = set()
        while solver.solve():
            grid = formula.decode(solver.model())
            grids.add(grid)
            solver.add_clause([-formula.varmap.var(c, grid[c]) for c in puzzle.blanks])
    assert len(grids) == brute_force_count(puzzle) == 12


def test_a_blocking_solve_reports_the_counts_of_the_clauses_it_released():
    puzzle = PUZZLES["6x6 three rows"]
    spec = "extended+optimized"
    formula = get_encoding(spec).encode(puzzle)
    found = next(solutions(puzzle, encoding=spec, backend="minisat22", strategy="blocking"))
    assert (found.stats.clauses, found.stats.literals) == (formula.nclauses, formula.nliterals)


@pytest.mark.parametrize("spec", ["extended+bimander", "extended+compact+optimized"])
def test_unit_propagation_alone_solves_as_many_of_easy50_as_pairwise(spec):
    puzzles = [parse_puzzle(x) for x in data_lines("norvig_easy50.txt")]
    encoding = get_encoding(spec)
    assert sum(solved_by_propagation(encoding.encode(p)) for p in puzzles) == 40
