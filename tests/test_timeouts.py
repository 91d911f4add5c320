"""--timeout is kept for the whole work on a puzzle (encoding included), by every backend and
every command that takes it: the answer is then ``unknown`` (exit 3), never a traceback."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from satdoku import count, solutions, uniqueness
from satdoku.compare import Configuration, compare
from satdoku.deadline import NEVER, Deadline, SolveTimeout
from satdoku.encodings import get_encoding
from satdoku.formats import parse_puzzle
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle
from satdoku.solver.bruteforce import brute_force_grids
from satdoku.solver.pysat_solver import PysatSolver
from tests.cli import satdoku
from tests.conftest import data_lines

BACKENDS = ["minisat22", "cadical195", "cpsat"]


def empty(box: int) -> Puzzle:
    """An empty grid of box x box boxes: its full encoding takes many seconds to build
    (64x64: about 33 million clauses)."""
    return sudoku(Geometry(box, box), [0] * box**4)


def test_deadline_basics() -> None:
    assert not NEVER.limited and not NEVER.expired() and NEVER.timeout() is None
    NEVER.check()
    passed = Deadline.after(0)
    assert passed.limited and passed.expired() and passed.remaining() == 0
    with pytest.raises(SolveTimeout, match="no answer within 0 s"):
        passed.check()
    assert Deadline.after(None) is NEVER
    assert 0 < Deadline.after(60).remaining() <= 60


def test_a_deadline_interrupts_encoding() -> None:
    started = time.process_time()  # the work done, however busy the machine is
    with pytest.raises(SolveTimeout):
        get_encoding("extended").encode(empty(8), Deadline.after(0.3))
    assert time.process_time() - started < 5  # the whole encoding takes tens of seconds


def test_a_deadline_interrupts_the_reduction_and_loading() -> None:
    puzzle = empty(7)
    for spec in ("extended+optimized", "extended+singles"):
        with pytest.raises(SolveTimeout):
            get_encoding(spec).candidates(puzzle, Deadline.after(0))
    formula = get_encoding("minimal").encode(parse_puzzle(data_lines("norvig_top95.txt")[0]))
    with PysatSolver("minisat22") as backend, pytest.raises(SolveTimeout):
        backend.load(formula, Deadline.after(0))


@pytest.mark.parametrize("backend", BACKENDS)
def test_time_limit_covers_encoding_with_every_backend(backend: str) -> None:
    started = time.process_time()  # the encoding runs here, before any solver starts
    with pytest.raises(SolveTimeout):
        list(solutions(empty(8), backend=backend, limit=1, timeout=0.5))
    assert time.process_time() - started < 5


@pytest.mark.parametrize("backend", BACKENDS)
def test_count_and_uniqueness_end_unknown_at_the_deadline(backend: str) -> None:
    counted = count(empty(8), limit=2, backend=backend, timeout=0.5)
    assert not counted.complete and counted.stopped == "timeout"
    assert uniqueness(empty(8), backend=backend, timeout=0.5).status == "unknown"


def test_brute_force_count_stops_at_the_deadline() -> None:
    grids = brute_force_grids(empty(3), Deadline.after(0.2))
    with pytest.raises(SolveTimeout):
        for _ in grids:
            pass
    counted = count(empty(3), backend="brute", timeout=0.2)
    assert not counted.complete and counted.stopped == "timeout" and counted.count > 0
    assert sum(1 for _ in brute_force_grids(empty(2), Deadline.after(60))) == 288


def test_closest_second_solution_is_kept_under_a_time_limit() -> None:
    line = "." * 4 + "1234" + "." * 73  # many solutions
    untimed = uniqueness(line)
    timed = uniqueness(line, timeout=60)
    assert timed.status == untimed.status == "multiple"
    assert len(timed.differences) == len(untimed.differences)


@pytest.fixture(scope="module")
def big_empty(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty 64x64 in the comma format."""
    path = tmp_path_factory.mktemp("big") / "empty64.txt"
    path.write_text(",".join(["0"] * 64 * 64) + "\n")
    return path


CLI_TIME_OUTS = {
    # command: (its own options, stdout, stderr)
    "solve": (
        ["--format", "line", "--quiet"],
        "unknown",
        "{path}: line 1: unknown: no answer within 0.5 s",
    ),
    "unique": (["--quiet"], "line 1: unknown", ""),
    "count": (["--quiet"], "line 1: 0+ (stopped by the timeout)", ""),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("command", list(CLI_TIME_OUTS))
def test_cli_time_out_is_exit_3_and_unknown(big_empty: Path, command: str, backend: str) -> None:
    options, out, err = CLI_TIME_OUTS[command]
    run = satdoku(command, "-f", str(big_empty), "--timeout", "0.5", "--backend", backend, *options)
    assert run.status == 3, run
    assert run.out.strip() == out
    assert run.err.strip() == err.format(path=big_empty)


def test_compare_keeps_a_time_limit_with_cadical(tmp_path: Path) -> None:
    lines = data_lines("norvig_top95.txt")[:2]
    cadical = Configuration("extended+optimized", "cadical153")
    solved = compare([parse_puzzle(x) for x in lines], [cadical], timeout=30)
    assert [t.status for t in solved.trials[cadical]] == ["solved", "solved"]
    timed_out = compare([empty(8)], [cadical], timeout=0.5)
    assert [t.status for t in timed_out.trials[cadical]] == ["unknown"]
    path = tmp_path / "two.txt"
    path.write_text("\n".join(lines) + "\n")
    csv_path = tmp_path / "out.csv"
    args = ["compare", str(path), "--backends", "cadical153", "--encodings", "extended+optimized"]
    run = satdoku(*args, "--timeout", "30", "--csv", str(csv_path))
    assert run.status == 0, run
    assert _csv_row(csv_path)["solved"] == "2"
    run = satdoku(*args, "--timeout", "0", "--csv", str(csv_path))
    assert run.status == 3, run
    assert "UNKNOWN extended+optimized@cadical153 puzzle 1: no answer within 0 s" in run.err
    assert "Traceback" not in run.err
    row = _csv_row(csv_path)
    assert row["solved"] == "0" and row["failures"] == "2"


def _csv_row(path: Path) -> dict[str, str]:
    header, row = path.read_text().splitlines()[:2]
    return dict(zip(header.split(","), row.split(","), strict=True))
