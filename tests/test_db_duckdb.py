"""``satdoku batch --db duckdb:///FILE``: a run killed part way leaves whole chunks, and a
rerun answers the rest, every key once; a chunk meeting a key already answered
keeps the first row; a key DuckDB compares by a collation is checked as DuckDB compares it."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from satdoku import parse_puzzle, solve
from satdoku.batch import BatchRecord
from satdoku.sql.tables import Source, parse_url
from satdoku.status import Status
from tests.cli import _env, assert_one_error_line, satdoku
from tests.test_db_batch import EASY, ROWS, TOP95, fill

duckdb = pytest.importorskip("duckdb")

PUZZLES = TOP95 * 4
ARGS = ["--table", "sudoku", "--column", "question", "--key", "id"]


def connect(path: Path) -> Any:
    return duckdb.connect(str(path))


def answered(path: Path) -> dict[str, tuple[str, str | None]]:
    db = connect(path)
    try:
        rows = db.execute('SELECT "key", status, solution FROM sudoku_results').fetchall()
    finally:
        db.close()
    keys = [key for key, _, _ in rows]
    assert len(keys) == len(set(keys)), "a key answered twice"
    return {key: (status, solution) for key, status, solution in rows}


def start_and_stop(path: Path, stop: signal.Signals) -> subprocess.Popen[bytes]:
    """A run over :data:`PUZZLES`, five a chunk, sent ``stop`` once its write-ahead log shows
    that chunks were written (the file itself is locked by the run)."""
    fill(lambda: connect(path), list(enumerate(PUZZLES, 1)))
    args = [sys.executable, "-m", "satdoku", "batch", "--db", f"duckdb:///{path}", *ARGS, "-q"]
    args += ["--chunk", "5", "--backend", "minisat22"]
    process = subprocess.Popen(args, env=_env(), stderr=subprocess.PIPE)
    log = Path(f"{path}.wal")
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        if log.exists() and log.stat().st_size > 16_384:
            break
        time.sleep(0.02)
    assert process.poll() is None, "the run ended before it could be stopped"
    process.send_signal(stop)
    process.communicate(timeout=60)
    return process


def assert_a_rerun_answers_the_rest(path: Path, before: int) -> None:
    assert 0 < before < len(PUZZLES)
    rerun = satdoku("batch", "--db", f"duckdb:///{path}", *ARGS, "-q", "--backend", "minisat22")
    assert rerun.status == 0 and rerun.err == "", rerun.err
    found = answered(path)
    assert sorted(map(int, found)) == list(range(1, len(PUZZLES) + 1))
    for key, (status, solution) in found.items():
        assert status == "solved"
        assert solution == solve(parse_puzzle(PUZZLES[int(key) - 1])).line


def test_a_killed_run_is_finished_by_a_rerun_losing_and_repeating_nothing(tmp_path):
    """Killed between chunks or inside one: what its log holds is whole chunks, which the next
    opening of the file takes in; the rerun answers every other key once."""
    path = tmp_path / "t.duckdb"
    start_and_stop(path, signal.SIGKILL)
    assert_a_rerun_answers_the_rest(path, len(answered(path)))


@pytest.mark.parametrize("scheme", ["sqlite", "duckdb"])
def test_the_commands_connection_keeps_the_first_row_of_a_key_written_again(tmp_path, scheme):
    """Through the connection the command opens (with its settings): a chunk holding a key
    already answered leaves that row as it was and writes the others, NULLs as NULLs."""
    path = tmp_path / "t.db"
    if scheme == "sqlite":
        import sqlite3

        fill(lambda: sqlite3.connect(path), ROWS)
    else:
        fill(lambda: connect(path), ROWS)
    database = parse_url(f"{scheme}:///{path}")
    source = Source(database, "sudoku", "question", "id", "sudoku_results")
    first = [BatchRecord(1, Status.SOLVED, 1, True, solve(EASY).line, key="1")]
    again = [
        BatchRecord(1, Status.UNKNOWN, key="1"),
        BatchRecord(2, Status.INVALID, error="expected a puzzle", key="2"),
        BatchRecord(3, Status.NO_SOLUTION, 0, True, key="3"),
    ]
    db = database.connect()
    try:
        source.create_results(db)
        assert source.write(db, first) == 1
        assert source.write(db, again) == 3
        cursor = db.cursor()
        cursor.execute('SELECT "key", status, "count", complete, solution, error'
                       ' FROM sudoku_results ORDER BY "key"')  # fmt: skip
        rows = [tuple(row) for row in cursor.fetchall()]
    finally:
        db.close()
    assert rows == [
        ("1", "solved", 1, True, solve(EASY).line, None),
        ("2", "invalid", 0, False, None, "expected a puzzle"),
        ("3", "no_solution", 0, True, None, None),
    ]


def test_a_key_equal_under_its_collation_is_not_unique(tmp_path):
    """'a' and 'A' are two texts, but one key where the column compares without case."""
    path = tmp_path / "t.duckdb"
    db = connect(path)
    db.execute("CREATE TABLE sudoku (id VARCHAR COLLATE NOCASE, question VARCHAR)")
    db.execute("INSERT INTO sudoku VALUES ('a', ?), ('A', ?)", [EASY, EASY])
    db.close()
    run = satdoku("batch", "--db", f"duckdb:///{path}", *ARGS, "-q")
    assert_one_error_line(run)
    assert "not unique" in run.err


class Stopped:
    """A DB-API connection whose every statement fails with ``error``."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def cursor(self) -> Stopped:
        return self

    def execute(self, *_: Any) -> None:
        raise self.error

    register = execute

    def rollback(self) -> None:
        pass


@pytest.mark.parametrize("step", ["read", "write"])
def test_a_statement_duckdb_stopped_for_ctrl_c_is_an_interrupt(tmp_path, step):
    """DuckDB stops a statement on Ctrl-C and says so with a RuntimeError: the command takes
    it as Ctrl-C (writes what it answered, exit 130), any other RuntimeError as it came."""
    source = Source(parse_url(f"duckdb:///{tmp_path}/t.duckdb"), "sudoku", "question", "id", "r")
    for error, expected in [
        (RuntimeError("Query interrupted"), KeyboardInterrupt),
        (RuntimeError("something else"), RuntimeError),
    ]:
        connection = Stopped(error)
        with pytest.raises(expected):
            if step == "read":
                list(source.pending(connection, 10))
            else:
                source.write(connection, [BatchRecord(1, Status.SOLVED, key="1")])
