"""SQL functions on sqlite3 and DuckDB: answers cross-checked against satdoku's own functions,
every solution verified, and bad values (NULL, empty, huge, not text) never stopping a
statement. DuckDB tests skip when duckdb (or pyarrow) is not installed."""

from __future__ import annotations

import csv
import doctest
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satdoku
import satdoku.sql
from satdoku.errors import UsageError
from satdoku.formats import parse_line
from satdoku.sql import functions
from satdoku.verify import check
from tests.conftest import ROOT, data_lines, shared_file
from tests.test_hostile import INPUTS

DATABASES = ("sqlite", "duckdb")
EASY = data_lines("norvig_easy50.txt")
TOP95 = data_lines("norvig_top95.txt")
NO_SOLUTION = "11" + "." * 79
"""Two 1s in row 1: givens that clash."""
GRID_ROWS = "\n".join(EASY[0][r * 9 : r * 9 + 9] for r in range(9))
"""A puzzle written as a grid, one row per line."""


def spaced(puzzle: str) -> str:
    """``puzzle`` with every blank written as a space."""
    return puzzle.replace(".", " ").replace("0", " ")


def two_solutions() -> str:
    """A solved grid less the four cells of a rectangle on two rows of one band, two columns
    of two boxes, holding values a b / b a: both ways round solve it, nothing else does."""
    grid = satdoku.solve(EASY[1]).line
    for r1 in range(9):
        for r2 in range(r1 + 1, r1 // 3 * 3 + 3):
            for c1 in range(9):
                for c2 in range(c1 // 3 * 3 + 3, 9):
                    a, b = grid[r1 * 9 + c1], grid[r1 * 9 + c2]
                    if grid[r2 * 9 + c1] == b and grid[r2 * 9 + c2] == a:
                        cells = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2}
                        return "".join(" " if i in cells else v for i, v in enumerate(grid))
    raise AssertionError("no rectangle in the grid")


MULTIPLE = two_solutions()


def connect(kind: str) -> Any:
    """A fresh in-memory database of ``kind`` with satdoku's functions registered."""
    if kind == "duckdb":
        duckdb = pytest.importorskip("duckdb")
        pytest.importorskip("pyarrow")
        connection = duckdb.connect()
    else:
        connection = sqlite3.connect(":memory:")
    satdoku.sql.register(connection)
    return connection


@pytest.fixture(params=DATABASES)
def db(request: pytest.FixtureRequest) -> Iterator[Any]:
    connection = connect(request.param)
    yield connection
    connection.close()


def value(db: Any, sql: str, *params: object) -> Any:
    return db.execute(sql, list(params)).fetchone()[0]


def sudoku_table(db: Any, questions: list[str]) -> None:
    """The table of the classic SQL Sudoku: ``sudoku(id, question)``."""
    db.execute("CREATE TABLE sudoku (id INTEGER PRIMARY KEY, question VARCHAR)")
    db.executemany("INSERT INTO sudoku VALUES (?, ?)", [[i, q] for i, q in enumerate(questions, 1)])


def test_a_table_of_puzzles_with_space_blanks_is_solved(db: Any) -> None:
    questions = [spaced(p) for p in (EASY[0], TOP95[0], TOP95[1], EASY[2], TOP95[2])]
    # the first and last cells are blank too: spaces at both ends of a value are blanks
    assert questions[0][0] == questions[0][-1] == questions[2][-1] == " "
    sudoku_table(db, questions)
    rows = db.execute("SELECT id, sudoku_solve(question) FROM sudoku ORDER BY id").fetchall()
    assert [row[0] for row in rows] == [1, 2, 3, 4, 5]
    for (_, answer), question in zip(rows, questions, strict=True):
        puzzle = parse_line(question)
        check(puzzle, parse_line(answer).givens)  # independent verification
        assert satdoku.count(puzzle).count == 1
        assert answer == satdoku.solve(puzzle).line


def test_status_marks_a_two_solution_puzzle_multiple(db: Any) -> None:
    assert satdoku.count(MULTIPLE).count == 2
    sudoku_table(db, [spaced(EASY[0]), MULTIPLE, NO_SOLUTION, "not a puzzle"])
    rows = db.execute("SELECT id, sudoku_status(question) FROM sudoku ORDER BY id").fetchall()
    assert [status for _, status in rows] == ["unique", "multiple", "no_solution", "invalid"]
    answer = value(db, "SELECT sudoku_solve(question) FROM sudoku WHERE id = 2")
    check(parse_line(MULTIPLE), parse_line(answer).givens)  # one of the two
    assert value(db, "SELECT sudoku_solve(question) FROM sudoku WHERE id = 3") is None


@pytest.mark.parametrize(
    "puzzle", [EASY[3], MULTIPLE, NO_SOLUTION, "." * 16, "1234" + "." * 12, TOP95[5]]
)
@pytest.mark.parametrize("limit", [0, 1, 2, 7, 1000])
def test_counts_agree_with_satdoku_count(db: Any, puzzle: str, limit: int) -> None:
    expected = satdoku.count(puzzle, limit).count
    assert value(db, "SELECT sudoku_count(?, ?)", puzzle, limit) == expected


def test_statuses_agree_with_satdoku_count(db: Any) -> None:
    puzzles = [*TOP95[:10], MULTIPLE, NO_SOLUTION, "." * 16, "1234" + "." * 12]
    for puzzle in puzzles:
        expected = satdoku.count(puzzle, 2).status.value
        assert value(db, "SELECT sudoku_status(?)", puzzle) == expected


@pytest.mark.parametrize("puzzle", [*EASY[:3], *TOP95[:3], MULTIPLE, NO_SOLUTION])
def test_rate_agrees_with_satdoku_rate(db: Any, puzzle: str) -> None:
    assert value(db, "SELECT sudoku_rate(?)", puzzle) == satdoku.rate(puzzle).score


def test_rate_is_null_when_the_logic_needs_search(db: Any) -> None:
    assert satdoku.rate(MULTIPLE).score is None
    assert value(db, "SELECT sudoku_rate(?)", MULTIPLE) is None


def test_a_grid_over_several_lines_is_a_puzzle(db: Any) -> None:
    assert value(db, "SELECT sudoku_solve(?)", GRID_ROWS) == satdoku.solve(EASY[0]).line


def test_sixteen_by_sixteen(db: Any) -> None:
    puzzle = data_lines("gecode_16x16.txt")[0]
    answer = value(db, "SELECT sudoku_solve(?)", puzzle)
    check(parse_line(puzzle), parse_line(answer).givens)


BAD_VALUES: dict[str, object] = {
    "empty": "",
    "10 MB": "1" * 10_000_000,
    "integer": 42,
    "real": 4.5,
    "blob": b"\x00\x01",
    "blob of a puzzle's text": EASY[0].encode(),
    "a word": "sudoku",
    "80 characters": EASY[0][:80],
}


@pytest.mark.parametrize("name", BAD_VALUES)
def test_a_bad_value_is_invalid_and_the_connection_goes_on(db: Any, name: str) -> None:
    bad = BAD_VALUES[name]
    row = db.execute(
        "SELECT sudoku_solve(?), sudoku_status(?), sudoku_count(?, 2), sudoku_rate(?),"
        " sudoku_error(?)",
        [bad] * 5,
    ).fetchone()
    assert row[:4] == (None, "invalid", None, None)
    assert row[4]  # why
    assert value(db, "SELECT sudoku_status(?)", EASY[0]) == "unique"


def test_null_gives_null(db: Any) -> None:
    row = db.execute(
        "SELECT sudoku_solve(NULL), sudoku_status(NULL), sudoku_count(NULL, 2),"
        " sudoku_rate(NULL), sudoku_error(NULL), sudoku_count(?, NULL)",
        [EASY[0]],
    ).fetchone()
    assert row == (None,) * 6


def test_a_negative_limit_gives_null(db: Any) -> None:
    assert value(db, "SELECT sudoku_count(?, -1)", EASY[0]) is None


def test_bad_rows_do_not_stop_a_statement(db: Any) -> None:
    sudoku_table(db, [EASY[0], "", "x" * 3_000_000, NO_SOLUTION, EASY[1]])
    db.execute("INSERT INTO sudoku VALUES (6, NULL)")
    rows = db.execute(
        "SELECT sudoku_status(question), sudoku_solve(question) IS NULL,"
        " sudoku_error(question) FROM sudoku ORDER BY id"
    ).fetchall()
    assert [r[0] for r in rows] == ["unique", "invalid", "invalid", "no_solution", "unique", None]
    assert [r[1] for r in rows] == [False, True, True, True, False, True]
    assert rows[2][2].startswith("a value of 3,000,000 characters is longer than any puzzle")
    assert [r[2] is None for r in rows] == [True, False, False, True, True, True]


def test_an_error_names_the_line_and_column_in_the_value(db: Any) -> None:
    bad = EASY[0][:40] + "x" + EASY[0][41:]
    assert value(db, "SELECT sudoku_error(?)", bad).startswith("line 1, column 41: ")


def test_eighty_one_spaces_are_an_empty_grid(db: Any) -> None:
    assert value(db, "SELECT sudoku_status(?)", " " * 81) == "multiple"


def test_sqlite_text_that_is_not_utf8_is_an_sql_error_and_the_connection_goes_on() -> None:
    # Python's sqlite3 cannot decode the argument, so the function is never called
    db = connect("sqlite")
    with pytest.raises(sqlite3.OperationalError):
        db.execute("SELECT sudoku_status(CAST(x'ff41' AS TEXT))").fetchone()
    assert value(db, "SELECT sudoku_status(CAST(x'ff41' AS BLOB))") == "invalid"
    assert value(db, "SELECT sudoku_status(?)", EASY[0]) == "unique"


@pytest.mark.parametrize("name", INPUTS)
def test_hostile_text_is_invalid_or_a_puzzle(name: str) -> None:
    text = INPUTS[name].decode("utf-8", errors="replace")
    (status,) = functions.statuses([text])
    assert status in {"invalid", "unique", "multiple", "no_solution"}
    (error,) = functions.errors([text])
    assert (status == "invalid") == (error is not None)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("123456789. \n,|0-xA"), max_size=200))
def test_any_text_gives_a_status_and_verified_solutions(text: str) -> None:
    (status,) = functions.statuses([text])
    (solution,) = functions.solutions([text])
    assert status in {"invalid", "unique", "multiple", "no_solution"}
    if solution is not None:
        puzzle = functions.read_value(text)
        assert puzzle is not None and puzzle.puzzle is not None
        check(puzzle.puzzle, parse_line(solution).givens)
    assert (solution is None) == (status in {"invalid", "no_solution"})


def test_values_are_read_as_table_cells_are() -> None:
    for line in [*EASY[:20], *TOP95[:20], " " * 81, " " * 80 + "1", "1" + " " * 80]:
        record = functions.read_value(spaced(line))
        assert record is not None and record.puzzle == parse_line(spaced(line))


def test_sqlite_engines_are_kept_between_rows_per_limit() -> None:
    engines = functions.RowEngines()
    records = [functions.read_value(p) for p in [*EASY[:3], None]]
    first = engines(records, 2)
    assert [r.count if r else None for r in first] == [1, 1, 1, None]
    for limit in range(10):
        engines(records[:1], limit)
    assert len(engines._engines) == functions.RowEngines.KEPT
    assert engines(records, 2) == first


def test_register_refuses_what_is_not_a_connection() -> None:
    with pytest.raises(UsageError, match="sqlite3 or a DuckDB connection, not str"):
        satdoku.sql.register("sqlite:///t.db")


def test_register_twice_is_harmless(db: Any) -> None:
    satdoku.sql.register(db)
    assert value(db, "SELECT sudoku_status(?)", EASY[0]) == "unique"


def test_the_package_docstring_example() -> None:
    assert doctest.testmod(satdoku.sql).failed == 0


def test_the_sqlite_example_of_the_docs_prints_what_they_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = (ROOT / "docs" / "sql.md").read_text()
    code, shown = re.search(r"```python\n(.*?)```\n\n```\n(.*?)```", doc, re.DOTALL).groups()
    monkeypatch.chdir(tmp_path)  # it writes sudoku.db
    exec(compile(code, "docs/sql.md", "exec"), {"__name__": "__doc__"})
    assert capsys.readouterr().out == shown


def test_importing_the_package_loads_neither_duckdb_nor_the_solvers() -> None:
    code = (
        "import sys, satdoku.sql\n"
        "loaded = [m for m in ('duckdb', 'pyarrow', 'satdoku.batch') if m in sys.modules]\n"
        "print(loaded)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.stdout.strip() == "[]", done.stderr


# DuckDB only


@pytest.fixture
def duck() -> Iterator[Any]:
    connection = connect("duckdb")
    yield connection
    connection.close()


def test_duckdb_solves_a_vector_per_call(duck: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    run_batch = functions.run_batch

    def counted(records: list[Any], *args: Any, **kwargs: Any) -> Any:
        sizes.append(len(records))
        return run_batch(records, *args, **kwargs)

    monkeypatch.setattr(functions, "run_batch", counted)
    duck.execute("SET threads = 1")
    sudoku_table(duck, [spaced(p) for p in EASY] * 100)  # 5,000 rows
    solved = value(duck, "SELECT count(sudoku_solve(question)) FROM sudoku")
    assert solved == 5000
    assert sum(sizes) == 5000 and len(sizes) <= 5 and max(sizes) >= 1024


def test_duckdb_answers_every_row_of_a_large_table_in_order(duck: Any) -> None:
    distinct = [*EASY, *TOP95, MULTIPLE, NO_SOLUTION]
    expected = {p: satdoku.count(p, 2).status.value for p in distinct} | {"bad": "invalid"}
    puzzles = [*distinct, "bad"] * 30
    sudoku_table(duck, puzzles)
    rows = duck.execute(
        "SELECT id, sudoku_solve(question), sudoku_status(question) FROM sudoku ORDER BY id"
    ).fetchall()
    for (_, answer, status), puzzle in zip(rows, puzzles, strict=True):
        assert status == expected[puzzle]
        if answer is not None:
            check(parse_line(puzzle), parse_line(answer).givens)
        assert (answer is None) == (status in ("invalid", "no_solution"))
    assert [r[2] for r in rows].count("invalid") == 30


def test_duckdb_columns_that_are_not_text_are_invalid(duck: Any) -> None:
    duck.execute("CREATE TABLE t (n INTEGER, b BLOB, l INTEGER[])")
    duck.execute("INSERT INTO t VALUES (42, '\\x00'::BLOB, [1, 2]), (NULL, NULL, NULL)")
    rows = duck.execute(
        "SELECT sudoku_status(n), sudoku_status(b), sudoku_status(l), sudoku_solve(n),"
        " sudoku_count(b, 2), sudoku_error(n) FROM t"
    ).fetchall()
    assert rows[0][:5] == ("invalid", "invalid", "invalid", None, None)
    assert rows[0][5] == "expected a puzzle as text, found INTEGER"
    assert rows[1] == (None,) * 6


def test_duckdb_reads_a_csv_file(duck: Any, tmp_path: Path) -> None:
    kaggle = shared_file("9x9/kaggle_1m_first9999.csv")
    head = kaggle.read_text().splitlines()[:301]
    path = tmp_path / "kaggle.csv"
    path.write_text("\n".join(head) + "\n")
    rows = duck.execute(
        "SELECT quizzes, solutions, sudoku_solve(quizzes) FROM read_csv(?, all_varchar = true)",
        [str(path)],
    ).fetchall()
    assert len(rows) == 300
    assert all(answer == stored for _, stored, answer in rows)
    assert list(csv.reader(head))[1][1] == rows[0][1]


def test_duckdb_without_pyarrow_is_one_clear_error() -> None:
    pytest.importorskip("duckdb")
    code = (
        "import sys\n"
        "sys.modules['pyarrow'] = None\n"
        "import duckdb, satdoku.sql\n"
        "satdoku.sql.register(duckdb.connect())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode != 0
    assert "UsageError: satdoku.sql on DuckDB needs pyarrow:" in done.stderr
    assert "pip install 'satdoku[duckdb]'" in done.stderr
