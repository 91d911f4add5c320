import pytest

from satdoku import Geometry, check, parse_puzzle, solutions, solve
from satdoku.encodings import ENCODINGS, get_encoding
from satdoku.errors import UsageError
from satdoku.kinds.classic import sudoku
from satdoku.solver import PysatSolver, SolveTimeout
from tests.conftest import DATA, data_lines, shared_file


@pytest.mark.parametrize("name", ["norvig_top95.txt", "norvig_hardest.txt", "norvig_easy50.txt"])
def test_every_9x9_of_a_set_solves(name):
    for line in data_lines(name):
        solution = solve(line)
        assert solution is not None
        check(solution.puzzle, solution.grid)  # solve() checked already; check again here


@pytest.mark.parametrize(
    "name", ["rkkautsar_4x4.txt", "rkkautsar_16x16.txt", "rkkautsar_25x25.txt"]
)
def test_other_sizes_solve(name):
    puzzle = parse_puzzle((DATA / name).read_text())
    solution = solve(puzzle)
    assert solution is not None and solution.puzzle is puzzle
    assert all(v for v in solution.grid)


def test_janko_16x16_solutions_match_the_stored_ones():
    puzzles = shared_file("16x16/janko_16x16.txt").read_text().splitlines()[:10]
    answers = shared_file("16x16/janko_16x16.solutions.txt").read_text().splitlines()[:10]
    for puzzle, answer in zip(puzzles, answers, strict=True):
        assert solve(puzzle).line == answer


@pytest.mark.parametrize("encoding", [*ENCODINGS, *(f"{e}+optimized" for e in ENCODINGS)])
@pytest.mark.parametrize("backend", ["cadical153", "minisat22", "glucose4"])
def test_encodings_and_backends_agree(encoding, backend):
    line = data_lines("norvig_hardest.txt")[0]
    assert solve(line, encoding=encoding, backend=backend).line == solve(line).line


@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (3, 4), (2, 5)])
def test_empty_grids_of_every_box_shape(shape):
    geometry = Geometry(*shape)
    solution = solve(sudoku(geometry, [0] * geometry.ncells))
    assert solution is not None and solution.puzzle.geometry == geometry


def test_contradiction_means_no_solution():
    line = "55" + data_lines("norvig_hardest.txt")[0][2:]
    assert solve(line) is None
    assert solve(line, encoding="extended") is None


def test_unsatisfiable_without_clashing_givens():
    # amayaos line 9: no two givens clash, yet no grid completes it
    assert solve("0,2,0,0,0,0,0,4,2,0,0,0,0,0,0,3") is None


def test_solutions_are_distinct_and_valid():
    empty4 = sudoku(Geometry(2, 2), [0] * 16)
    grids = [s.grid for s in solutions(empty4, limit=50)]
    assert len(grids) == len(set(grids)) == 50


def test_stats_are_filled():
    solution = solve(data_lines("norvig_top95.txt")[0], encoding="extended")
    stats = solution.stats
    assert (stats.variables, stats.encoding, stats.backend) == (729, "extended", "minisat22")
    assert stats.clauses > 11988 and stats.literals > stats.clauses
    assert stats.solve_time > 0 and stats.encode_time > 0


def test_unknown_names_are_usage_errors():
    with pytest.raises(UsageError, match="unknown encoding"):
        solve(data_lines("norvig_top95.txt")[0], encoding="fancy")
    with pytest.raises(UsageError, match="unknown backend"):
        solve(data_lines("norvig_top95.txt")[0], backend="nosuch")


def test_no_time_left_gives_unknown():
    with pytest.raises(SolveTimeout):
        solve(data_lines("norvig_top95.txt")[0], timeout=0)


def pigeonhole(holes):
    """n+1 pigeons in n holes: unsatisfiable and hard for any CDCL solver."""
    var = {(p, h): p * holes + h + 1 for p in range(holes + 1) for h in range(holes)}
    clauses = [[var[p, h] for h in range(holes)] for p in range(holes + 1)]
    for h in range(holes):
        for p in range(holes + 1):
            clauses += [[-var[p, h], -var[q, h]] for q in range(p + 1, holes + 1)]
    return clauses


def test_backend_time_limit_interrupts_a_hard_formula():
    from satdoku.encodings import Formula, VarMap

    formula = Formula(VarMap(sudoku(Geometry(2, 2), [0] * 16), [()] * 16))
    formula.clauses = pigeonhole(12)
    with PysatSolver("minisat22") as backend:
        backend.load(formula)
        assert backend.solve(timeout=0.2) is None


def test_uninterruptible_backend_refuses_a_time_limit():
    """The backend itself cannot keep one; solutions() runs such solvers in a child process
    instead (tests/test_guard.py)."""
    puzzle = parse_puzzle(data_lines("norvig_top95.txt")[0])
    with PysatSolver("cadical153") as backend:
        backend.load(get_encoding("extended").encode(puzzle))
        with pytest.raises(UsageError, match="cannot be interrupted"):
            backend.solve(timeout=5)


@pytest.mark.parametrize("model", ["alldiff", "onehot"])
def test_cpsat_models_agree_with_sat(model):
    for line in data_lines("norvig_hardest.txt")[:3]:
        assert solve(line, backend="cpsat", encoding=model).line == solve(line).line
    assert solve("55" + data_lines("norvig_hardest.txt")[0][2:], backend="cpsat") is None


def test_empty_4x4_has_288_solutions_on_every_backend():
    empty = sudoku(Geometry(2, 2), [0] * 16)
    for backend, encoding in [("cpsat", "alldiff"), ("cpsat", "onehot"), ("minisat22", None)]:
        grids = {s.grid for s in solutions(empty, backend=backend, encoding=encoding)}
        assert len(grids) == 288


def test_the_default_runs_the_compiled_search_and_hands_a_hard_puzzle_on(monkeypatch):
    from satdoku.solver import dpll, planner

    if not dpll.available():
        pytest.skip("the C extension is not built")
    puzzle = data_lines("norvig_top95.txt")[0]
    assert solve(puzzle).stats.backend == "dpll"
    assert solve(puzzle).stats.encoding == "bitmask"  # a plain Sudoku, at most two wanted
    assert next(solutions(puzzle, limit=3)).stats.encoding == "exactcover"
    assert solve(puzzle, encoding="extended").stats.backend == "minisat22"
    empty = "." * 16
    monkeypatch.setattr(planner, "NODE_BUDGET", 10)  # 3 of the 4x4 grids, then no more nodes
    found = list(solutions(empty, limit=7))
    grids = [s.grid for s in found]
    assert len(set(grids)) == 7
    assert {s.stats.backend for s in found} == {"dpll", "minisat22"}
    monkeypatch.setattr(planner, "NODE_BUDGET", 1)  # one branch: not enough for this one
    assert solve("." * 256).stats.backend == "minisat22"
    hard = data_lines("norvig_top95.txt")[3]
    assert solve(hard).stats.backend == "dpll"  # on 9x9 the bitmask search runs to the end
    assert [s.grid for s in solutions(puzzle)] == [solve(puzzle, backend="cpsat").grid]


@pytest.mark.parametrize(
    "name", ["minisat22", "cadical153", "cadical195", "glucose4", "gluecard4", "glucose3"]
)
def test_loading_through_the_native_add_function_keeps_every_clause(name):
    """The solvers of ADD_CLAUSE take their clauses through python-sat's C function, the
    others through ``add_clause``: either way a hard puzzle's one solution comes back, and
    the pigeonhole formula stays unsatisfiable."""
    from satdoku.encodings import Formula, VarMap
    from satdoku.solver.pysat_solver import ADD_CLAUSE

    line = data_lines("norvig_hardest.txt")[0]
    puzzle = parse_puzzle(line)
    formula = get_encoding("extended").encode(puzzle)
    with PysatSolver(name) as backend:
        assert (type(backend_solver(name)).__name__ in ADD_CLAUSE) == (name != "glucose3")
        backend.load(formula)
        assert backend.solve()
        grid = formula.decode(backend.model())
        assert "".join(map(str, grid)) == solve(line).line
    unsat = Formula(VarMap(sudoku(Geometry(2, 2), [0] * 16), [()] * 16))
    unsat.clauses = pigeonhole(6)
    with PysatSolver(name) as backend:
        backend.load(unsat)
        assert backend.solve() is False


def backend_solver(name):
    """python-sat's own solver class behind ``name``."""
    from pysat.solvers import Solver

    with Solver(name=name) as solver:
        return solver.solver
