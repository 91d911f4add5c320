"""``satdoku batch --db`` on tables it must refuse: keys that are not unique, a results table of
another shape, a database that is missing or cannot be written. Each is one ``error:`` line,
exit 2, and nothing written; and ``--jobs`` reads a table as ``--jobs 1`` does."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from satdoku.errors import UsageError
from satdoku.sql.tables import Source, parse_url
from tests import test_db_batch
from tests.cli import assert_one_error_line, satdoku
from tests.postgres import postgres_url  # noqa: F401  (a fixture)
from tests.test_db_batch import EASY, ROWS, TOP95, fill

database = test_db_batch.database
"""An empty SQLite, DuckDB and PostgreSQL database in turn (a fixture)."""

ARGS = ["--table", "sudoku", "--column", "question", "--key", "id"]
TAKEN = [("1", "solved", 1, 1, None, None)]
"""One result row already in a results table."""


def table_rows(connect: Callable[[], Any], table: str) -> int | None:
    """The rows of ``table``, or None when there is no such table."""
    db = connect()
    try:
        cursor = db.cursor()
        cursor.execute(f"SELECT count(*) FROM {table}")
        return int(cursor.fetchone()[0])
    except Exception:  # each driver has its own "no such table"
        return None
    finally:
        db.close()


def run_sql(connect: Callable[[], Any], *statements: str) -> None:
    db = connect()
    cursor = db.cursor()
    for statement in statements:
        cursor.execute(statement)
    db.commit()
    db.close()


def unkeyed(connect: Callable[[], Any], rows: list[tuple[Any, Any]], marker: str) -> None:
    """A puzzle table whose ``id`` has no constraint at all."""
    db = connect()
    cursor = db.cursor()
    cursor.execute("CREATE TABLE sudoku (id INTEGER, question TEXT)")
    cursor.executemany(f"INSERT INTO sudoku VALUES ({marker}, {marker})", rows)
    db.commit()
    db.close()


def test_a_key_that_is_not_unique_is_refused(database):
    url, connect, marker = database
    unkeyed(connect, [(i // 2, TOP95[i % len(TOP95)]) for i in range(3000)], marker)
    run = satdoku("batch", "--db", url, *ARGS, "-q")
    assert_one_error_line(run)
    assert "not unique" in run.err and "sudoku.id" in run.err
    assert table_rows(connect, "sudoku_results") is None


def test_a_null_key_is_refused(database):
    url, connect, marker = database
    unkeyed(connect, [(1, EASY), (None, EASY), (2, EASY)], marker)
    run = satdoku("batch", "--db", url, *ARGS, "-q")
    assert_one_error_line(run)
    assert "NULL" in run.err and "sudoku.id" in run.err
    assert table_rows(connect, "sudoku_results") is None


def test_sqlite_keys_1_and_text_1_are_one_key(tmp_path):
    path = tmp_path / "t.db"
    connect = lambda: sqlite3.connect(path)  # noqa: E731
    run_sql(connect, "CREATE TABLE sudoku (id, question)",
            f"INSERT INTO sudoku VALUES (1, '{EASY}'), ('1', '{TOP95[0]}')")  # fmt: skip
    run = satdoku("batch", "--db", f"sqlite:///{path}", *ARGS, "-q")
    assert_one_error_line(run)
    assert "'1'" in run.err and "not unique" in run.err
    assert table_rows(connect, "sudoku_results") is None


@pytest.mark.parametrize(
    ("table", "column", "words"),
    [("nosuch", "question", "cannot read nosuch.id"), ("sudoku", "nosuch", "sudoku.nosuch")],
)
def test_duckdb_names_a_missing_table_or_column(tmp_path, table, column, words):
    duckdb = pytest.importorskip("duckdb")
    path = tmp_path / "t.duckdb"
    fill(lambda: duckdb.connect(str(path)), ROWS)
    run = satdoku("batch", "--db", f"duckdb:///{path}", "--table", table, "--column", column,
                  "--key", "id")  # fmt: skip
    assert_one_error_line(run)
    assert words in run.err
    assert table_rows(lambda: duckdb.connect(str(path)), "sudoku_results") is None


@pytest.mark.parametrize("into", ["answers", "satdoku_chunk"])
def test_duckdb_writes_every_chunk_into_a_results_table_of_any_name(tmp_path, into):
    """A results table of any plain name on DuckDB (one like the name of a table satdoku
    makes for itself too) gets a row per puzzle, chunk after chunk."""
    duckdb = pytest.importorskip("duckdb")
    path = tmp_path / "t.duckdb"
    fill(lambda: duckdb.connect(str(path)), ROWS)
    run = satdoku("batch", "--db", f"duckdb:///{path}", *ARGS, "--into", into, "--chunk", "2")
    assert run.status == 2 and "error" not in run.err, run.err
    db = duckdb.connect(str(path))
    rows = db.execute(f'SELECT "key", status FROM main.{into} ORDER BY "key"').fetchall()
    db.close()
    assert [key for key, _ in rows] == ["1", "2", "3", "4", "5"]
    assert [status for _, status in rows][:2] == ["solved", "solved"]


@pytest.mark.parametrize("scheme", ["sqlite", "duckdb"])
def test_a_missing_database_file_is_never_created(tmp_path, scheme):
    path = tmp_path / "nosuch.db"
    run = satdoku("batch", "--db", f"{scheme}:///{path}", *ARGS)
    assert_one_error_line(run)
    assert "no such file" in run.err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "results",
    [
        '"key" TEXT PRIMARY KEY, "answer" TEXT',
        '"key" TEXT, "status" TEXT, "count" BIGINT, "complete" INTEGER, "solution" TEXT,'
        ' "error" TEXT',
    ],
    ids=["other columns", "no primary key"],
)
def test_a_results_table_of_another_shape_is_refused(database, results):
    url, connect, marker = database
    fill(connect, ROWS, marker)
    run_sql(connect, f"CREATE TABLE sudoku_results ({results})")
    run = satdoku("batch", "--db", url, *ARGS, "-q")
    assert_one_error_line(run)
    assert "sudoku_results" in run.err
    assert table_rows(connect, "sudoku_results") == 0


@pytest.mark.parametrize("into", ["sudoku", "SUDOKU"])
def test_into_the_puzzle_table_is_refused(tmp_path, into):
    path = tmp_path / "t.db"
    fill(lambda: sqlite3.connect(path), ROWS)
    run = satdoku("batch", "--db", f"sqlite:///{path}", *ARGS, "--into", into)
    assert_one_error_line(run)
    assert "puzzle table" in run.err
    assert sqlite3.connect(path).execute("SELECT * FROM sudoku").fetchall() == ROWS


def readonly_sqlite(path: Path) -> Any:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def readonly_duckdb(path: Path) -> Any:
    return pytest.importorskip("duckdb").connect(str(path), read_only=True)


@pytest.mark.parametrize(("scheme", "opener"), [("sqlite", readonly_sqlite),
                                                ("duckdb", readonly_duckdb)])  # fmt: skip
@pytest.mark.parametrize("exists", [False, True], ids=["new results", "results there"])
def test_a_read_only_connection_is_refused_before_solving(tmp_path, scheme, opener, exists):
    path = tmp_path / "t.db"
    if scheme == "sqlite":
        connect: Callable[[], Any] = lambda: sqlite3.connect(path)  # noqa: E731
    else:
        duckdb = pytest.importorskip("duckdb")
        connect = lambda: duckdb.connect(str(path))  # noqa: E731
    fill(connect, ROWS)
    if exists:
        run_sql(connect, 'CREATE TABLE sudoku_results ("key" TEXT PRIMARY KEY, "status" TEXT,'
                ' "count" BIGINT, "complete" BOOLEAN, "solution" TEXT, "error" TEXT)')  # fmt: skip
    source = Source(parse_url(f"{scheme}:///{path}"), "sudoku", "question", "id", "sudoku_results")
    connection = opener(path)
    try:
        source.check(connection)
        with pytest.raises(UsageError, match="sudoku_results"):
            source.create_results(connection)
    finally:
        connection.close()
    assert table_rows(connect, "sudoku_results") == (0 if exists else None)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes a file whatever its mode")
def test_a_read_only_sqlite_file_is_one_error_line(tmp_path):
    path = tmp_path / "t.db"
    fill(lambda: sqlite3.connect(path), ROWS)
    path.chmod(0o444)
    run = satdoku("batch", "--db", f"sqlite:///{path}", *ARGS, "-q")
    assert_one_error_line(run)
    assert table_rows(lambda: sqlite3.connect(path), "sudoku_results") is None


def test_a_read_only_postgresql_database_is_one_error_line(postgres_url):  # noqa: F811
    psycopg = pytest.importorskip("psycopg")
    db = psycopg.connect(postgres_url, autocommit=True)
    db.execute("DROP TABLE IF EXISTS sudoku, sudoku_results")
    db.close()
    fill(lambda: psycopg.connect(postgres_url), ROWS, "%s")
    readonly = postgres_url + "&options=-c%20default_transaction_read_only%3Don"
    run = satdoku("batch", "--db", readonly, *ARGS, "-q")
    assert_one_error_line(run)
    assert "read-only" in run.err
    assert table_rows(lambda: psycopg.connect(postgres_url), "sudoku_results") is None


def test_jobs_read_a_table_as_one_job_does(database):
    url, connect, marker = database
    puzzles = TOP95[:40]
    fill(connect, list(enumerate(puzzles, 1)), marker)
    run = satdoku("batch", "--db", url, *ARGS, "-q", "--jobs", "2", "--chunk", "8")
    assert run.status == 0 and run.err == "", run.err
    db = connect()
    cursor = db.cursor()
    cursor.execute('SELECT "key", "status" FROM sudoku_results')
    found = dict(cursor.fetchall())
    db.close()
    assert found == {str(i): "solved" for i in range(1, len(puzzles) + 1)}
