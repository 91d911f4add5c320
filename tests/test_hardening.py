"""Options at their bounds and odd streams: one ``error:`` line and exit 2 (or the documented
answer), never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from satdoku import solve
from satdoku.deadline import NEVER, Deadline
from satdoku.formats.kinds import get_kind
from tests.cli import _env, assert_one_error_line, satdoku

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
KILLER = "aabb\ncdb.\ncd..\n....\na=3 b={} c=5 d=5"


@pytest.mark.parametrize(
    "args",
    [
        ["count", EASY, "--limit", str(2**63)],
        ["batch", "-", "--chunk", "1" + "0" * 23],
        ["batch", "-", "--conflicts", "1" + "0" * 23],
        ["solve", EASY, "--first", "1e23"],
        ["compare", "-", "--repeat", "1000000000000"],
        ["solve", EASY, "--encoding", ""],
        ["count", EASY, "--backend", ""],
        ["batch", "-", "--encoding", ""],
        ["dimacs", EASY, "--encoding", ""],
        ["compare", "-", "--encodings", ""],
        ["solve", "--kind", "killer", KILLER.format("1" + "0" * 5000)],
        ["solve", "--kind", "killer", KILLER.format("8") + " a=4"],
    ],
    ids=lambda args: " ".join(a[:12] for a in args),
)
def test_out_of_range_options_and_values_are_one_error_line(args):
    assert_one_error_line(satdoku(*args, stdin=EASY + "\n"))


def test_a_time_limit_too_far_away_is_no_limit():
    assert Deadline.after(1e308) is NEVER
    run = satdoku("solve", EASY, "--timeout", "1e308", "--backend", "minisat22", "--format", "line")
    assert (run.status, run.err) == (0, "")
    assert run.out.strip() == solve(EASY).line


@pytest.mark.parametrize("backend", ["cpsat", "minisat22"])
def test_a_sum_out_of_reach_has_no_solution_on_every_backend(backend):
    puzzle = get_kind("killer").parse(KILLER.format("999999"), None, "auto")
    assert solve(puzzle, backend=backend) is None


def test_a_model_that_is_binary_is_one_error_line(tmp_path):
    path = tmp_path / "answer.txt"
    path.write_bytes(bytes(range(256)) * 8)
    assert_one_error_line(satdoku("solve", EASY, "--model", str(path)))


def test_a_listing_that_runs_out_of_time_ends_with_an_unknown_record():
    run = satdoku("solve", "." * 81, "--limit", "10000000", "--timeout", "0.5", "--format", "line")
    lines = run.out.splitlines()
    assert run.status == 3 and lines[-1] == "unknown" and len(lines) > 1


def test_a_closed_stdout_is_one_error_line():
    command = f"{sys.executable} -m satdoku solve {EASY} >&-"
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env=_env(), timeout=60
    )
    assert (done.returncode, done.stderr) == (2, "error: stdout is closed: write to -o FILE\n")
