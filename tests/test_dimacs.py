"""DIMACS export and decoding external solvers' models, through the library and the CLI."""

import pytest
from pysat.formula import CNF, CNFPlus
from pysat.solvers import Solver

from satdoku import parse_puzzle, solve
from satdoku.encodings import get_encoding
from satdoku.encodings.dimacs import dimacs_lines, parse_model
from satdoku.errors import ParseError, UsageError, VerificationError
from satdoku.solver.external import solution_from_model
from tests.cli import assert_one_error_line, satdoku
from tests.conftest import data_lines

EMPTY = "." * 81
HARD = data_lines("norvig_hardest.txt")[0]


@pytest.mark.parametrize(
    ("encoding", "header"),
    [
        ("minimal", "p cnf 729 8829"),
        ("efficient", "p cnf 729 11745"),
        ("extended", "p cnf 729 11988"),
    ],
)
def test_cli_writes_the_published_headers_for_an_empty_grid(encoding, header):
    run = satdoku("dimacs", "--encoding", encoding, EMPTY)
    assert run.status == 0, run.err
    lines = run.out.splitlines()
    assert [x for x in lines if x.startswith("p ")] == [header]
    nclauses = int(header.split()[-1])
    assert len([x for x in lines if x and not x.startswith(("c", "p"))]) == nclauses


def write(tmp_path, spec, line=HARD):
    puzzle = parse_puzzle(line)
    path = tmp_path / "puzzle.cnf"
    path.write_text("\n".join(dimacs_lines(get_encoding(spec).encode(puzzle))) + "\n")
    return puzzle, path


def competition_output(model):
    rows = [" ".join(map(str, model[i : i + 12])) for i in range(0, len(model), 12)]
    return "c some solver\ns SATISFIABLE\n" + "".join(f"v {r}\n" for r in rows) + "v 0\n"


@pytest.mark.parametrize(
    "spec", ["minimal", "efficient", "extended+optimized", "augmented", "efficient+ladder"]
)
def test_round_trip_through_an_external_solver(tmp_path, spec):
    puzzle, path = write(tmp_path, spec)
    cnf = CNF(from_file=str(path))
    with Solver(name="glucose4", bootstrap_with=cnf.clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    expected = solve(puzzle).grid
    for text in (
        competition_output(model),
        " ".join(map(str, model)) + " 0\n",  # a plain literal list
        "SAT\n" + " ".join(map(str, model)) + " 0\n",  # MiniSat's result file
        competition_output([lit for lit in model if lit > 0]),  # only the true literals
    ):
        solution = solution_from_model(puzzle, text, spec)
        assert solution is not None and solution.grid == expected
        assert solution.stats.backend == "external"


def test_comments_map_every_cell_variable_to_row_column_value(tmp_path):
    puzzle, path = write(tmp_path, "extended+optimized")
    varmap = get_encoding("extended+optimized").encode(puzzle).varmap
    mapped = {}
    for line in path.read_text().splitlines():
        if line.startswith("c var ") and line.split()[2].isdigit():
            var, row, col, value = map(int, line.split()[2:])
            mapped[var] = (row, col, value)
    assert len(mapped) == varmap.nvars
    for var, (row, col, value) in mapped.items():
        cell, val = varmap.cell_value(var)
        assert puzzle.positions[cell] == (row - 1, col - 1) and val == value


def test_unsatisfiable_answers_and_broken_models():
    puzzle = parse_puzzle(HARD)
    assert solution_from_model(puzzle, "s UNSATISFIABLE\n", "extended") is None
    assert solution_from_model(puzzle, "UNSAT\n", "extended") is None
    with pytest.raises(UsageError, match="no answer"):
        solution_from_model(puzzle, "s UNKNOWN\n", "extended")
    with pytest.raises(UsageError, match="another encoding"):
        solution_from_model(puzzle, "v 1 -2 99999 0\n", "extended")
    with pytest.raises(VerificationError, match="does not solve"):
        solution_from_model(puzzle, "v 1 2 3 0\n", "extended")
    with pytest.raises(ParseError) as err:
        parse_model("s SATISFIABLE\nv 1 -2 x3 0\n")
    assert (err.value.line, err.value.column) == (2, 8)


def test_native_cardinality_is_refused_unless_cnf_plus(tmp_path):
    assert_one_error_line(satdoku("dimacs", "--encoding", "extended+native", HARD))
    out = tmp_path / "p.cnfp"
    run = satdoku("dimacs", "--encoding", "extended+native", "--cnf-plus", HARD, "-o", str(out))
    assert run.status == 0, run.err
    formula = CNFPlus(from_file=str(out))
    assert formula.atmosts
    with Solver(name="minicard", bootstrap_with=formula.clauses) as solver:
        for lits, bound in formula.atmosts:
            solver.add_atmost(lits, bound)
        assert solver.solve()
        text = competition_output(solver.get_model())
    assert solution_from_model(parse_puzzle(HARD), text, "extended+native").line == solve(HARD).line


def test_cli_round_trip_with_solve_model(tmp_path):
    cnf, answer = tmp_path / "p.cnf", tmp_path / "answer.txt"
    assert satdoku("dimacs", HARD, "--encoding", "augmented", "-o", str(cnf)).status == 0
    with Solver(name="minisat22", bootstrap_with=CNF(from_file=str(cnf)).clauses) as solver:
        assert solver.solve()
        answer.write_text(competition_output(solver.get_model()))
    run = satdoku(
        "solve", "--model", str(answer), "--encoding", "augmented", HARD, "--format", "line"
    )
    assert run.status == 0 and run.out.strip() == solve(HARD).line, run.err
    # the default encoding numbers variables differently: refused, not misread
    assert_one_error_line(satdoku("solve", "--model", str(answer), HARD))
    unsat = satdoku("solve", "--model", "-", HARD, stdin="s UNSATISFIABLE\n")
    assert unsat.status == 1 and "UNSATISFIABLE" in unsat.err


def test_cli_dimacs_refuses_several_puzzles(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(HARD + "\n" + HARD + "\n")
    assert_one_error_line(satdoku("dimacs", "-f", str(path)))
    assert_one_error_line(satdoku("solve", "--model", "-", "-f", str(path), stdin="v 1 0\n"))
