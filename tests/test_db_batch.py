"""``satdoku batch --db``: puzzles from a table of SQLite, DuckDB and PostgreSQL, one result row
each; a rerun after a kill answers the rest, nothing twice."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest

from satdoku import count, parse_puzzle, solve
from satdoku.batch import BatchRecord
from satdoku.errors import UsageError
from satdoku.sql.tables import Source, parse_url
from satdoku.status import Status
from tests.cli import _env, assert_one_error_line, satdoku
from tests.conftest import DATA
from tests.postgres import postgres_url  # noqa: F401  (a fixture)

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
TWO = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
TOP95 = [line.strip() for line in (DATA / "norvig_top95.txt").read_text().splitlines()]
ROWS: list[tuple[int, Any]] = [
    (1, EASY.replace("0", " ")),
    (2, TWO),
    (3, None),
    (4, "garbage"),
    (5, EASY[:-1] + "5"),
]


def fill(connect: Callable[[], Any], rows: list[tuple[int, Any]], marker: str = "?") -> None:
    db = connect()
    cursor = db.cursor()
    cursor.execute("CREATE TABLE sudoku (id INTEGER PRIMARY KEY, question TEXT)")
    cursor.executemany(f"INSERT INTO sudoku VALUES ({marker}, {marker})", rows)
    db.commit()
    db.close()


def results(connect: Callable[[], Any]) -> dict[str, tuple[Any, ...]]:
    db = connect()
    cursor = db.cursor()
    cursor.execute('SELECT "key", status, "count", solution, error FROM sudoku_results')
    rows = {str(r[0]): tuple(r[1:]) for r in cursor.fetchall()}
    db.close()
    return rows


@pytest.fixture(params=["sqlite", "duckdb", "postgresql"])
def database(request, tmp_path) -> tuple[str, Callable[[], Any], str]:
    """(URL, a connect function, the parameter marker) of an empty database."""
    if request.param == "sqlite":
        path = tmp_path / "t.db"
        return f"sqlite:///{path}", lambda: sqlite3.connect(path), "?"
    if request.param == "duckdb":
        duckdb = pytest.importorskip("duckdb")
        path = tmp_path / "t.duckdb"
        return f"duckdb:///{path}", lambda: duckdb.connect(str(path)), "?"
    psycopg = pytest.importorskip("psycopg")
    url = request.getfixturevalue("postgres_url")
    db = psycopg.connect(url, autocommit=True)
    db.execute("DROP TABLE IF EXISTS sudoku, sudoku_results")
    db.close()
    return url, lambda: psycopg.connect(url), "%s"


def test_a_table_gets_one_result_row_per_puzzle(database):
    url, connect, marker = database
    fill(connect, ROWS, marker)
    args = ["batch", "--db", url, "--table", "sudoku", "--column", "question", "--key", "id"]
    run = satdoku(*args, "-q")
    assert run.status == 2 and run.err == "", run.err
    found = results(connect)
    assert set(found) == {"1", "2", "3", "4", "5"}
    assert found["1"][:3] == ("solved", 1, solve(EASY).line)
    assert found["2"][:2] == ("solved", 2)
    assert count(TWO, limit=2).count == 2
    assert [found[k][0] for k in "345"] == ["invalid", "invalid", "no_solution"]
    assert "NULL" in found["3"][3]
    again = satdoku(*args, "-q")
    assert again.status == 0 and results(connect) == found


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
def test_a_rerun_after_a_kill_answers_every_puzzle_once(database):
    """(Not DuckDB: its file is locked by the process writing it, so nothing can watch it.)"""
    url, connect, marker = database
    puzzles = TOP95 * 4
    fill(connect, list(enumerate(puzzles, 1)), marker)
    args = [sys.executable, "-m", "satdoku", "batch", "--db", url]
    args += ["--table", "sudoku", "--column", "question", "--key", "id", "-q"]
    args += ["--chunk", "5", "--backend", "minisat22"]
    process = subprocess.Popen(args, env=_env(), stderr=subprocess.DEVNULL)
    written = 0
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline and written < 20:
        time.sleep(0.05)
        with contextlib.suppress(Exception):  # not created yet, or busy
            written = len(results(connect))
    assert process.poll() is None, "the run ended before it could be killed"
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert 0 < len(results(connect)) < len(puzzles)
    assert subprocess.run(args, env=_env(), timeout=120).returncode == 0
    found = results(connect)
    assert sorted(map(int, found)) == list(range(1, len(puzzles) + 1))
    for key, (status, _, solution, _) in found.items():
        assert status == "solved"
        assert solution == solve(parse_puzzle(puzzles[int(key) - 1])).line


@pytest.mark.parametrize(
    ("table", "column", "words"),
    [
        ("nosuch", "question", "cannot read nosuch.id"),
        ("sudoku", "nosuch", "cannot read sudoku.nosuch"),
        ("sudoku; DROP TABLE sudoku", "question", "expected a name"),
    ],
)
def test_a_missing_or_odd_name_is_one_error_line(tmp_path, table, column, words):
    path = tmp_path / "t.db"
    fill(lambda: sqlite3.connect(path), ROWS)
    run = satdoku("batch", "--db", f"sqlite:///{path}", "--table", table, "--column", column,
                  "--key", "id")  # fmt: skip
    assert_one_error_line(run)
    assert words in run.err
    assert len(sqlite3.connect(path).execute("SELECT * FROM sudoku").fetchall()) == len(ROWS)


def test_a_password_is_never_shown():
    url = "postgresql://me:s3cret@localhost:1/db"
    assert "s3cret" not in parse_url(url).shown
    run = satdoku("batch", "--db", url, "--table", "t", "--column", "c", "--key", "k")
    assert_one_error_line(run)
    assert "s3cret" not in run.err


@pytest.mark.parametrize("url", ["mysql://x/y", "sqlite://", "nonsense"])
def test_a_url_satdoku_cannot_read_is_a_usage_error(url):
    with pytest.raises(UsageError):
        parse_url(url)


def test_a_chunk_written_twice_keeps_the_first_row_of_each_key(database):
    """Every column of a chunk arrives as written, a column of NULLs and a big count too; a key
    written again keeps its first row."""
    url, connect, marker = database
    fill(connect, ROWS, marker)
    source = Source(parse_url(url), "sudoku", "question", "id", "sudoku_results")
    first = [
        BatchRecord(1, Status.SOLVED, 2**40, True, "1" * 81, key="1"),
        BatchRecord(2, Status.INVALID, error="expected a puzzle", key="2"),
    ]
    again = [BatchRecord(1, Status.UNKNOWN, key="1"), BatchRecord(3, Status.UNKNOWN, key="3")]
    db = connect()
    try:
        source.create_results(db)
        assert source.write(db, first) == 2
        assert source.write(db, again) == 2
    finally:
        db.close()
    assert results(connect) == {
        "1": ("solved", 2**40, "1" * 81, None),
        "2": ("invalid", 0, None, "expected a puzzle"),
        "3": ("unknown", 0, None, None),
    }
