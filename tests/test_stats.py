"""Solver statistics: sizes match the formula, counters are the solver's own and untouched by
the propagation check, CP-SAT reports its model."""

import pytest
from pysat.solvers import Solver

from satdoku import parse_puzzle, solve
from satdoku.encodings import get_encoding
from satdoku.solver import PysatSolver
from tests.conftest import data_lines

TOP = data_lines("norvig_top95.txt")[:3]


@pytest.mark.parametrize("spec", ["minimal", "extended+optimized", "efficient+ladder"])
def test_sizes_are_the_formulas(spec):
    puzzle = parse_puzzle(TOP[0])
    formula = get_encoding(spec).encode(puzzle)
    stats = solve(puzzle, encoding=spec).stats
    assert (stats.variables, stats.clauses, stats.literals) == (
        formula.nvars,
        formula.nclauses,
        formula.nliterals,
    )
    assert stats.encode_time > 0 and stats.solve_time > 0
    assert stats.conflicts > 0 and stats.decisions > 0 and stats.propagations > 0
    assert stats.propagation_only is False


@pytest.mark.parametrize("name", ["minisat22", "glucose4", "cadical153"])
def test_counters_equal_a_plain_solver_run(name):
    """The propagation check runs on the backend's own solver; the search must not notice."""
    for line in TOP:
        formula = get_encoding("extended").encode(parse_puzzle(line))
        with PysatSolver(name) as backend:
            backend.load(formula)
            assert backend.solve()
            ours = backend.stats()
        with Solver(name=name, bootstrap_with=[c for c in formula.clauses if len(c) != 1]) as raw:
            for clause in formula.clauses:
                if len(clause) == 1:
                    raw.add_clause(clause)
            assert raw.solve()
            assert ours == raw.accum_stats()


def test_kissat_has_no_counters_but_still_solves():
    stats = solve(TOP[0], encoding="extended", backend="kissat404").stats
    assert stats.conflicts == stats.decisions == 0 and stats.propagation_only is False


@pytest.mark.parametrize(
    ("model", "variables", "constraints"), [("alldiff", 81, 27), ("onehot", 729, 324)]
)
def test_cpsat_reports_its_model(model, variables, constraints):
    puzzle = parse_puzzle(TOP[0])
    stats = solve(puzzle, backend="cpsat", encoding=model).stats
    extra = 0 if model == "alldiff" else puzzle.nclues  # one constraint per given
    assert (stats.variables, stats.clauses) == (variables, constraints + extra)
    assert stats.encoding == model and stats.backend == "cpsat"
    assert stats.propagation_only is None and stats.solve_time > 0
