"""``satdoku batch --db`` on SQLite, DuckDB and PostgreSQL, side by side.

The puzzles of the files given (any form satdoku reads; invalid ones left out) are repeated
to ``--rows`` rows and loaded into a new table ``sudoku(id INTEGER PRIMARY KEY, quizzes TEXT)``
of each database (a new database file for every run). Then, for each database:

* the command: ``satdoku batch --db URL --table sudoku --column quizzes --key id -q`` in a
  subprocess, wall-clock from its start to its end (start-up, reading, solving, writing) and
  its CPU seconds (user + system, its threads included);
  every row of the results table is then checked (one per puzzle, each ``solved``);
* the writes alone: the same results written by :meth:`satdoku.sql.tables.Source.write`, a
  chunk of ``--chunk`` rows at a time, into an empty results table, in this process, on a
  connection opened as the command opens one.

Repeats rotate which database goes first; the table gives medians and the ratio of each
database's command rows/s to SQLite's from the same run. PostgreSQL is a throwaway server
started for the run on a Unix socket (``--postgresql auto``, left out with a note where
PostgreSQL or psycopg is missing), a server of yours (``--postgresql URL``; its tables
``sudoku`` and ``sudoku_results`` are dropped) or none (``--postgresql none``). The commands
run from cached bytecode, as an installed satdoku does (the package is compiled first). With
``--instructions``, each command runs once more under valgrind, whose count of instructions
(the database's own threads included) repeats whatever else the machine is doing.

Example:
    python benchmarks/sql_tables.py ../shared/data/9x9/kaggle_1m_first9999.csv --repeats 3
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from importlib.metadata import PackageNotFoundError, version
from itertools import cycle, islice
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import header
from postgresql_server import postgresql_server
from startup import instructions

import satdoku
from satdoku.batch import BatchRecord, run_batch
from satdoku.formats import Record, read_records
from satdoku.sql.functions import read_value
from satdoku.sql.tables import Source, parse_url


def puzzles_of(paths: list[Path], rows: int | None) -> list[str]:
    """The text of every valid puzzle of the files, repeated (or cut) to ``rows``."""
    texts: list[str] = []
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            texts.extend(r.text for r in read_records(handle) if r.puzzle is not None)
    if not texts:
        raise SystemExit("error: the files hold no puzzle")
    return list(islice(cycle(texts), rows or len(texts)))


def connector(kind: str, where: Path, postgresql: str | None) -> tuple[str, Callable[[], Any]]:
    """The URL of a new, empty database of ``kind`` and a function connecting to it."""
    if kind == "sqlite":
        path = where / "t.db"
        sqlite3.connect(path).close()
        return f"sqlite:///{path}", lambda: sqlite3.connect(path)
    if kind == "duckdb":
        import duckdb

        path = where / "t.duckdb"
        duckdb.connect(str(path)).close()
        return f"duckdb:///{path}", lambda: duckdb.connect(str(path))
    import psycopg

    assert postgresql is not None
    with psycopg.connect(postgresql, autocommit=True) as db:
        db.execute("DROP TABLE IF EXISTS sudoku, sudoku_results")
    return postgresql, lambda: psycopg.connect(postgresql)


def load(kind: str, connect: Callable[[], Any], texts: list[str]) -> None:
    db = connect()
    cursor = db.cursor()
    cursor.execute("CREATE TABLE sudoku (id INTEGER PRIMARY KEY, quizzes TEXT)")
    marker = "%s" if kind == "postgresql" else "?"
    if kind == "duckdb":  # one statement: DuckDB's executemany runs one per row
        cursor.execute(
            "INSERT INTO sudoku SELECT unnest(?::INTEGER[]), unnest(?::VARCHAR[])",
            [list(range(1, len(texts) + 1)), texts],
        )
    else:
        cursor.executemany(f"INSERT INTO sudoku VALUES ({marker}, {marker})",
                           list(enumerate(texts, 1)))  # fmt: skip
    db.commit()
    db.close()


def run_command(
    url: str, connect: Callable[[], Any], rows: int, chunk: int, count: bool = False
) -> tuple[float, float]:
    """Wall-clock and CPU seconds of the whole ``batch --db`` command (with ``count``: its
    instructions, counted by valgrind, as both); checks its results table."""
    command = [sys.executable, "-m", "satdoku", "batch", "--db", url, "--table", "sudoku",
               "--column", "quizzes", "--key", "id", "-q", "--chunk", str(chunk)]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    if count:
        counted = float(instructions(command, env))
        measured = (counted, counted)
    else:
        subprocess.run(command, check=True, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        measured = (wall, cpu)
    db = connect()
    cursor = db.cursor()
    cursor.execute('SELECT count(*), count(DISTINCT "key"), sum(CASE WHEN status = \'solved\''
                   " THEN 1 ELSE 0 END) FROM sudoku_results")  # fmt: skip
    found = tuple(cursor.fetchone())
    db.close()
    if found != (rows, rows, rows):
        raise SystemExit(f"error: {url}: expected {rows} solved rows, found {found}")
    return measured


def run_writes(url: str, results: list[BatchRecord], chunk: int) -> float:
    """Seconds of writing ``results`` a chunk at a time into a new results table, through a
    connection opened as the command opens it (its settings too)."""
    source = Source(parse_url(url), "sudoku", "quizzes", "id", "sudoku_writes")
    db = source.database.connect()
    try:
        source.create_results(db)
        start = time.perf_counter()
        for first in range(0, len(results), chunk):
            source.write(db, results[first : first + chunk])
        return time.perf_counter() - start
    finally:
        db.close()


def solved(texts: list[str], chunk: int) -> list[BatchRecord]:
    """The results of the puzzles, keyed as the table keys them (1, 2, ...)."""
    records = []
    for number, text in enumerate(texts, 1):
        read = read_value(text)
        assert read is not None
        records.append(Record(number, read.text, read.puzzle, read.error, key=str(number)))
    return list(run_batch(records, chunk=chunk))


def ver(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "absent"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path, help="puzzle files (CSV, one per line)")
    parser.add_argument("--rows", type=int, help="rows of the table (default: the puzzles)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each database")
    parser.add_argument("--chunk", type=int, default=8192, help="rows a write (batch --chunk)")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count each command's instructions once with valgrind",
    )
    parser.add_argument(
        "--postgresql",
        metavar="URL",
        default="auto",
        help="a PostgreSQL database's URL, 'auto' (a server started for the run) or 'none'",
    )
    args = parser.parse_args()
    with ExitStack() as stack:
        postgresql = None if args.postgresql == "none" else args.postgresql
        if postgresql == "auto":
            postgresql = stack.enter_context(postgresql_server())
        run(args, postgresql)


def run(args: argparse.Namespace, postgresql: str | None) -> None:
    compileall.compile_dir(Path(satdoku.__file__).parent, quiet=1)
    texts = puzzles_of(args.files, args.rows)
    kinds = ["sqlite", "duckdb"] + (["postgresql"] if postgresql else [])
    results = solved(texts, args.chunk)
    command: dict[str, list[float]] = {kind: [] for kind in kinds}
    cpu: dict[str, list[float]] = {kind: [] for kind in kinds}
    writes: dict[str, list[float]] = {kind: [] for kind in kinds}
    for repeat in range(args.repeats):
        for kind in kinds[repeat % len(kinds) :] + kinds[: repeat % len(kinds)]:
            with tempfile.TemporaryDirectory() as where:
                url, connect = connector(kind, Path(where), postgresql)
                load(kind, connect, texts)
                wall, used = run_command(url, connect, len(texts), args.chunk)
                command[kind].append(wall)
                cpu[kind].append(used)
                writes[kind].append(run_writes(url, results, args.chunk))
    counts = {}
    for kind in kinds if args.instructions else []:
        with tempfile.TemporaryDirectory() as where:
            url, connect = connector(kind, Path(where), postgresql)
            load(kind, connect, texts)
            counts[kind] = run_command(url, connect, len(texts), args.chunk, count=True)[0]
    print(header(sys.argv))
    print(f"duckdb {ver('duckdb')}, psycopg {ver('psycopg')}, SQLite {sqlite3.sqlite_version};"
          f" {len(texts):,} rows, chunk {args.chunk}, median of {args.repeats}")  # fmt: skip
    print()
    print("| database | `batch --db` s | rows/s | vs SQLite | CPU s | vs SQLite |"
          " writes alone s | writes rows/s | instructions | vs SQLite |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    base = len(texts) / statistics.median(command["sqlite"])
    base_cpu = statistics.median(cpu["sqlite"])
    for kind in kinds:
        seconds, written = statistics.median(command[kind]), statistics.median(writes[kind])
        used = statistics.median(cpu[kind])
        rate = len(texts) / seconds
        counted = ""
        if kind in counts:
            counted = f"{counts[kind] / 1e6:,.0f} M | {counts['sqlite'] / counts[kind]:.2f}"
        print(f"| {kind} | {seconds:.2f} | {rate:,.0f} | {rate / base:.2f} | {used:.2f} |"
              f" {base_cpu / used:.2f} | {written:.3f} | {len(texts) / written:,.0f} |"
              f" {counted or ' |'} |")  # fmt: skip


if __name__ == "__main__":
    main()
