"""The edges of the doors: outputs that would overwrite their input, outputs that cannot be
written, time limits kept everywhere, numbers at their bounds, and names that a module lists."""

from __future__ import annotations

import inspect
import os
import sqlite3
import subprocess
import sys
import time

import pytest

import satdoku
from tests.cli import assert_one_error_line
from tests.cli import satdoku as run
from tests.conftest import DATA, data_lines

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_dir_lists_the_names_imported_on_first_use():
    names = dir(satdoku)
    assert {"explain", "hint", "rate", "Rating", "solve"} <= set(names)
    assert names == sorted(names)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, satdoku; dir(satdoku); print('satdoku.logic' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == "False\n"


@pytest.mark.parametrize("option", ["--csv", "--json", "--plot"])
def test_a_side_file_that_is_the_input_is_refused(tmp_path, option):
    path = tmp_path / "puzzles.txt"
    text = "\n".join(data_lines("norvig_easy50.txt")[:2]) + "\n"
    path.write_text(text)
    done = run(
        "compare",
        str(path),
        "--backends",
        "minisat22",
        "--encodings",
        "minimal",
        option,
        str(tmp_path / "." / "puzzles.txt"),
    )
    assert_one_error_line(done)
    assert "is the input file" in done.err
    assert path.read_text() == text


def to_a_full_disk(*args: str) -> subprocess.CompletedProcess[str]:
    """``satdoku ARGS > /dev/full``, with Python's usual buffering of a file."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    with open("/dev/full", "w") as full:
        return subprocess.run(
            [sys.executable, "-m", "satdoku", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            env=env,
            cwd=DATA.parent.parent,
        )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize(
    "args",
    [
        ("batch", "-f", "tests/data/norvig_easy50.txt"),
        ("batch", "-f", "tests/data/norvig_easy50.txt", "--format", "line", "--jobs", "2"),
        ("solve", "-f", "tests/data/norvig_easy50.txt", "--format", "line"),
        ("solve", "--all", PUZZLE),
        ("generate", "--seed", "1"),
    ],
)
def test_an_output_that_cannot_be_written_fails_the_run(args):
    done = to_a_full_disk(*args)
    assert (done.returncode, done.stderr.splitlines()[-1:]) == (
        2,
        ["error: No space left on device"],
    ), done.stderr
    assert "puzzles" not in done.stderr and "Exception" not in done.stderr


def cpu_seconds_of(*args: str) -> tuple[float, subprocess.CompletedProcess[str]]:
    """The run of ``satdoku ARGS`` and the processor time it took (not the wall clock: the
    machine may be busy)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "satdoku", *args], capture_output=True, text=True, timeout=600
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return used, done


def test_generating_keeps_its_timeout_on_a_huge_grid():
    """A 400x400 grid: the first solved grid is searched within the time limit too."""
    used, done = cpu_seconds_of("generate", "--box", "20x20", "--timeout", "2")
    assert done.returncode == 3, done.stderr
    assert "stopped by --timeout after 0 of 1 puzzles" in done.stderr
    assert used < 30


def test_generating_with_no_time_ends_at_once_with_exit_3():
    done = run("generate", "--timeout", "0", "--seed", "1")
    assert (done.status, done.out) == (3, "")
    assert "stopped by --timeout after 0 of 1 puzzles" in done.err


@pytest.mark.parametrize("band", ["nan-nan", "nan", "4-nan", "nan-6"])
def test_a_rating_band_of_nan_is_refused(band):
    assert_one_error_line(run("generate", "--rating", band, "--timeout", "60"))


def test_generate_draws_a_fresh_seed_and_shows_it():
    first, second = run("generate"), run("generate")
    assert first.status == second.status == 0
    assert first.out != second.out
    seed = first.err.split("(seed ")[1].split(")")[0]
    assert first.err == f"1 puzzle made (seed {seed})\n"
    assert run("generate", "--seed", seed, "-q").out == first.out
    assert run("generate", "--seed", "1").err == "1 puzzle made\n"


@pytest.mark.parametrize("kind", ["sqlite", "duckdb"])
def test_sql_functions_give_each_value_a_time_limit(kind):
    import satdoku.sql

    if kind == "duckdb":
        duckdb = pytest.importorskip("duckdb")
        pytest.importorskip("pyarrow")
        connection = duckdb.connect()
    else:
        connection = sqlite3.connect(":memory:")
    satdoku.sql.register(connection, timeout=0.5)
    used = time.perf_counter()
    row = connection.execute(
        "SELECT sudoku_count(?, 1000000000000), sudoku_count(?, 2), sudoku_status(?)",
        ["." * 256, PUZZLE, PUZZLE],
    ).fetchone()
    assert row == (None, 1, "unique")
    assert time.perf_counter() - used < 60
    connection.close()


def test_sql_functions_have_a_time_limit_unless_told_otherwise():
    import satdoku.sql
    from satdoku.errors import UsageError

    assert 0 < satdoku.sql.TIMEOUT < 60
    parameter = inspect.signature(satdoku.sql.register).parameters["timeout"]
    assert parameter.default == satdoku.sql.TIMEOUT
    with pytest.raises(UsageError, match="0 seconds or more"):
        satdoku.sql.register(sqlite3.connect(":memory:"), timeout=-1)


@pytest.mark.parametrize("option", ["--backend", "--method"])
def test_brute_force_takes_small_grids_only(option):
    done = run("count", option, "brute", "." * 256)
    assert_one_error_line(done)
    assert "up to 9 values" in done.err


def test_brute_force_keeps_its_timeout():
    used, done = cpu_seconds_of("count", "--backend", "brute", "--timeout", "1", PUZZLE)
    assert done.returncode == 3, done.stderr
    assert done.stdout == "0+ (stopped by the timeout)\n"
    assert used < 30


BIGGEST = str(2**63 - 1)
"""The largest number the options take."""


@pytest.mark.parametrize(
    "args",
    [
        ("count", "--limit", BIGGEST, PUZZLE),
        ("count", "--limit", BIGGEST, "--backend", "minisat22", PUZZLE),
        ("count", "--limit", BIGGEST, "--backend", "brute", "1" + "." * 15),
        ("explain", "--limit", BIGGEST, "--techniques", "singles", "--format", "json", PUZZLE),
        ("solve", "--all", "--limit", BIGGEST, "--format", "line", PUZZLE),
    ],
)
def test_the_largest_limit_is_taken(args):
    done = run(*args)
    assert done.status in (0, 1) and "Traceback" not in done.err, done.err
    assert done.out


@pytest.mark.parametrize("endpoint", ["count", "explain"])
def test_the_api_takes_the_largest_limit(endpoint):
    pytest.importorskip("pydantic")
    from satdoku.deadline import Deadline
    from satdoku.web import endpoints
    from satdoku.web.job import Job

    job = Job(endpoint=endpoint, puzzle=PUZZLE, limit=2**63 - 1, techniques="singles")
    answer = getattr(endpoints, f"answer_{endpoint}")(job, Deadline.after(60))
    counted = answer if endpoint == "count" else answer["solutions"]
    assert (counted["count"], counted["complete"]) == (1, True)


def test_serve_caps_its_workers_as_batch_caps_its_jobs():
    pytest.importorskip("uvicorn")
    from satdoku.batch import MAX_JOBS

    done = run("serve", "--workers", str(MAX_JOBS + 1))
    assert_one_error_line(done)
    assert f"0<=x<={MAX_JOBS}" in done.err


def test_serve_on_a_port_in_use_is_one_error_line():
    pytest.importorskip("uvicorn")
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run("serve", "--port", str(port), "--workers", "1", timeout=60)
    assert_one_error_line(done)
    assert f"cannot listen on 127.0.0.1 port {port}" in done.err


BAD_SOLVER_OPTIONS = [
    ("batch", "--encoding", "nonsense"),
    ("batch", "--backend", "nonsense"),
    ("batch", "--encoding", "alldiff"),
    ("solve", "--encoding", "nonsense"),
    ("solve", "--backend", "nonsense"),
    ("solve", "--all", "--encoding", "nonsense"),
    ("count", "--encoding", "nonsense"),
    ("count", "--backend", "cpsat", "--strategy", "blocking"),
    ("count", "--backend", "dpll", "--encoding", "extended"),
    ("unique", "--encoding", "nonsense"),
    ("unique", "--backend", "nonsense"),
    ("candidates", "--backend", "cpsat"),
    ("candidates", "--encoding", "nonsense"),
    ("dimacs", "--encoding", "nonsense"),
]
"""Option values no puzzle could be solved with."""


@pytest.mark.parametrize("args", BAD_SOLVER_OPTIONS, ids=" ".join)
def test_a_bad_solver_option_is_one_usage_error_before_any_puzzle(args, tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"not a puzzle\n{PUZZLE}\n{PUZZLE}\n")
    done = run(*args, "-f", str(path))
    assert_one_error_line(done)
    assert done.out == "" and "line" not in done.err


@pytest.mark.parametrize("args", BAD_SOLVER_OPTIONS, ids=" ".join)
def test_a_bad_solver_option_does_not_wait_for_stdin(args):
    process = subprocess.Popen(
        [sys.executable, "-m", "satdoku", *args, "-"],
        stdin=subprocess.PIPE,  # left open: a puzzle would never come
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        status = process.wait(timeout=60)
    finally:
        process.kill()
        out, err = process.communicate()
    assert (status, out) == (2, b"")
    assert err.decode().startswith("error: ") and len(err.splitlines()) == 1
