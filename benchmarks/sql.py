"""DuckDB's ``sudoku_solve`` and ``sudoku_status`` against ``satdoku batch``, on the same file.

The puzzles of the files given (any form satdoku reads; invalid ones left out) are repeated
to ``--rows`` rows and written to one CSV file ``id,question``. Then, for each query, both
sides read that file and write one CSV row per puzzle:

* DuckDB: ``COPY (SELECT id, sudoku_solve(question) FROM read_csv(FILE)) TO OUT`` in one
  in-memory connection with satdoku's functions registered (``satdoku.sql.register``): each
  call of the function gets a vector of puzzles and solves it with the batch engine;
* ``satdoku batch -f FILE --format csv --limit L -o OUT``, the whole command in a subprocess
  (``--limit 1`` for ``sudoku_solve``: the first solution; ``--limit 2`` for
  ``sudoku_status``: unique or multiple).

A second table compares the functions over a table in memory (``SELECT
count(sudoku_solve(question)) FROM sudoku``, the first ``--table-rows`` rows): sqlite3 with
the engines kept per connection (what ``satdoku.sql.register`` does), sqlite3 building them
for every row (one :func:`satdoku.batch.run_batch` per row), and DuckDB.

Both run in one process on one core's worth of Python (DuckDB's threads take turns on the
interpreter). The two outputs are compared row by row (same solution, or the same status).
Rows/s are wall-clock, from the start of the statement or command to its end; repeats
alternate which side goes first and the table gives medians.

Example:
    python benchmarks/sql.py ../shared/data/9x9/kaggle_1m_first9999.csv --rows 1000000
"""

from __future__ import annotations

import argparse
import csv
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import PackageNotFoundError, version
from itertools import cycle, islice
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import header

from satdoku.formats import read_records

QUERIES = {"sudoku_solve": 1, "sudoku_status": 2}
"""Each DuckDB function measured, and the ``--limit`` of ``satdoku batch`` doing the same."""

BATCH_STATUS = (
    "CASE WHEN status <> 'solved' THEN status WHEN count >= 2 THEN 'multiple'"
    " WHEN complete THEN 'unique' ELSE 'solved' END"
)
"""A ``satdoku batch`` CSV row's status as ``sudoku_status`` words it."""


def puzzles_of(paths: list[Path]) -> list[str]:
    """The text of every valid puzzle of the files, one line each."""
    texts: list[str] = []
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            texts.extend(r.text for r in read_records(handle) if r.puzzle is not None)
    if not texts or any("\n" in text for text in texts):
        raise SystemExit("error: the files must hold one-line puzzles")
    return texts


def write_table(texts: list[str], rows: int, path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["id", "question"])
        writer.writerows((i, text) for i, text in enumerate(islice(cycle(texts), rows), 1))


def quoted(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def run_duckdb(function: str, table: Path, out: Path, threads: int | None) -> float:
    """Seconds for DuckDB to answer every row of ``table`` into ``out``."""
    import duckdb

    import satdoku.sql

    connection = duckdb.connect()
    if threads is not None:
        connection.execute(f"SET threads = {threads}")
    satdoku.sql.register(connection)
    source = f"read_csv({quoted(table)}, header = true, columns = {{'id': 'BIGINT', 'question': 'VARCHAR'}})"
    started = time.perf_counter()
    connection.execute(
        f"COPY (SELECT id, {function}(question) AS answer FROM {source})"
        f" TO {quoted(out)} (HEADER, FORMAT csv)"
    )
    elapsed = time.perf_counter() - started
    connection.close()
    return elapsed


def run_batch(limit: int, table: Path, out: Path) -> float:
    """Seconds for the whole ``satdoku batch`` command over ``table``."""
    command = [sys.executable, "-m", "satdoku", "batch", "-f", str(table), "--format", "csv"]
    command += ["--limit", str(limit), "-o", str(out), "-q"]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):  # 1: some puzzle has no solution or several
        raise SystemExit(f"satdoku batch failed ({done.returncode}): {done.stderr.strip()}")
    return elapsed


def run_table(kind: str, texts: list[str], rows: int) -> float:
    """Seconds for ``sudoku_solve`` over a table of ``rows`` puzzles in memory: ``kind`` is
    ``sqlite``, ``sqlite-per-row`` (engines built for every row) or ``duckdb``."""
    import satdoku.sql
    from satdoku.sql.functions import solutions

    puzzles = list(islice(cycle(texts), rows))
    if kind == "duckdb":
        import duckdb
        import pyarrow

        connection: Any = duckdb.connect()
        source = pyarrow.table({"id": range(rows), "question": puzzles})
        connection.register("source", source)
        connection.execute("CREATE TABLE sudoku AS SELECT * FROM source")
    else:
        connection = sqlite3.connect(":memory:")
        connection.execute("CREATE TABLE sudoku (id INTEGER PRIMARY KEY, question TEXT)")
        connection.executemany("INSERT INTO sudoku VALUES (?, ?)", enumerate(puzzles))
    if kind == "sqlite-per-row":
        connection.create_function("sudoku_solve", 1, lambda value: solutions([value])[0])
    else:
        satdoku.sql.register(connection)
    started = time.perf_counter()
    solved = connection.execute("SELECT count(sudoku_solve(question)) FROM sudoku").fetchone()
    elapsed = time.perf_counter() - started
    connection.close()
    assert solved is not None and solved[0] <= rows
    return elapsed


def agreeing_rows(function: str, duck: Path, batch: Path) -> tuple[int, int]:
    """(rows, rows where both sides gave the same answer) of the two outputs, joined by id."""
    import duckdb

    theirs = "solution" if function == "sudoku_solve" else BATCH_STATUS
    connection = duckdb.connect()
    rows, same = connection.execute(
        f"SELECT count(*), count(*) FILTER (d.answer IS NOT DISTINCT FROM b.theirs)"
        f" FROM read_csv({quoted(duck)}, all_varchar = true) d"
        f" JOIN (SELECT id, {theirs} AS theirs FROM read_csv({quoted(batch)})) b"
        " ON d.id::BIGINT = b.id"
    ).fetchone()
    connection.close()
    return rows, same


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="example: python benchmarks/sql.py ../shared/data/9x9/kaggle_1m_first9999.csv",
    )
    parser.add_argument("files", nargs="+", type=Path, help="puzzle files (CSV, one per line)")
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows of the table")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each side")
    parser.add_argument("--threads", type=int, help="DuckDB threads (default: DuckDB's)")
    parser.add_argument(
        "--table-rows", type=int, default=100_000, help="rows of the in-memory table (0: skip)"
    )
    parser.add_argument("--functions", default=",".join(QUERIES), help="which to measure")
    args = parser.parse_args()
    functions = [f for f in args.functions.split(",") if f]
    texts = puzzles_of(args.files)

    print(header(sys.argv))
    print(f"duckdb {_version('duckdb')}, pyarrow {_version('pyarrow')}")
    print()
    if functions:
        print_files(texts, args, functions)
    if args.table_rows:
        print_tables(texts, args.table_rows, args.repeats)


def print_files(texts: list[str], args: argparse.Namespace, functions: list[str]) -> None:
    """The table of DuckDB against ``satdoku batch`` over one CSV file (see the docstring)."""
    names = ", ".join(p.name for p in args.files)
    print(f"{args.rows:,} rows: the {len(texts):,} puzzles of {names}, repeated")
    print()
    print("| query | rows | DuckDB rows/s | `satdoku batch` rows/s | ratio | answers equal |")
    print("|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        table = Path(folder) / "puzzles.csv"
        write_table(texts, args.rows, table)
        for function in functions:
            limit = QUERIES[function]
            duck_out, batch_out = Path(folder) / "duck.csv", Path(folder) / "batch.csv"
            duck: list[float] = []
            batch: list[float] = []
            for repeat in range(args.repeats):
                for side in ("duckdb", "batch") if repeat % 2 == 0 else ("batch", "duckdb"):
                    if side == "duckdb":
                        duck.append(run_duckdb(function, table, duck_out, args.threads))
                    else:
                        batch.append(run_batch(limit, table, batch_out))
            rows, same = agreeing_rows(function, duck_out, batch_out)
            duck_rate = args.rows / statistics.median(duck)
            batch_rate = args.rows / statistics.median(batch)
            print(
                f"| `{function}` (`--limit {limit}`) | {args.rows:,} | {duck_rate:,.0f} |"
                f" {batch_rate:,.0f} | {duck_rate / batch_rate:.2f}x | {same:,} of {rows:,} |"
            )


TABLE_KINDS = {
    "sqlite": "sqlite3, engines kept per connection (`register`)",
    "sqlite-per-row": "sqlite3, engines built for every row",
    "duckdb": "DuckDB, a vector per call (`register`)",
}


def print_tables(texts: list[str], rows: int, repeats: int) -> None:
    """The table of ``sudoku_solve`` over a table in memory, every kind (see the docstring)."""
    times: dict[str, list[float]] = {kind: [] for kind in TABLE_KINDS}
    for repeat in range(repeats):
        kinds = list(TABLE_KINDS) if repeat % 2 == 0 else list(TABLE_KINDS)[::-1]
        for kind in kinds:
            times[kind].append(run_table(kind, texts, rows))
    kept = rows / statistics.median(times["sqlite"])
    print()
    print(f"`SELECT count(sudoku_solve(question)) FROM sudoku`, {rows:,} rows in memory:")
    print()
    print("| database | rows/s | against sqlite3 with kept engines |")
    print("|---|---:|---:|")
    for kind, label in TABLE_KINDS.items():
        rate = rows / statistics.median(times[kind])
        print(f"| {label} | {rate:,.0f} | {rate / kept:.2f}x |")


def _version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "absent"


if __name__ == "__main__":
    main()
