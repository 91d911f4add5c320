"""Puzzles in a database table: read them as records, write one result row per puzzle.

``satdoku batch --db URL --table T --column C --key K`` reads the puzzles of ``T.C`` in the
order of the key column ``K`` (unique, no NULL: checked first), page by page (a bounded query
each, no cursor held open while results are written), skipping the keys already in the results
table; and writes the results (key, status, count, complete, solution, error) into
``T_results`` (or ``--into``), created if absent, one statement and one transaction per chunk.
A rerun after a crash or Ctrl-C finishes the job: nothing lost, nothing twice (the key, as the
database writes it as text, is the results table's primary key).

Everything that can refuse the job (a missing table or column, a key that is not unique, a
results table of another shape, a database that cannot be written) is found before a puzzle is
solved, and is one :class:`UsageError`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NoReturn

from satdoku.batch import BatchRecord
from satdoku.errors import ParseError, UsageError
from satdoku.formats import Record
from satdoku.sql.databases import Database, first_line, name, parse_url, rollback
from satdoku.sql.functions import read_value

RESULT_COLUMNS = ("key", "status", "count", "complete", "solution", "error")
_SHOWN_COLUMNS = ", ".join(RESULT_COLUMNS)


@dataclass(frozen=True)
class Source:
    """The puzzles of ``table.column`` keyed by ``key``, and where their results go."""

    database: Database
    table: str
    column: str
    key: str
    results: str

    @property
    def quoted(self) -> str:
        return name(self.table, "--table")

    def check(self, connection: Any) -> None:
        """One :class:`UsageError` naming a missing table or column, a NULL or repeated key,
        or a results table that is the puzzle table."""
        if self.database.same_table(self.table, self.results):
            raise UsageError(f"--into {self.results} is the puzzle table: name another table")
        types = {}
        for column, option in ((self.key, "--key"), (self.column, "--column")):
            probe = f"SELECT t.{name(column, option)} FROM {self.quoted} t WHERE 1 = 0"
            types[column] = self._type(connection, probe, f"cannot read {self.table}.{column}")
        key = f"t.{name(self.key, '--key')}"
        where, text = f"{self.table}.{self.key}", self.database.text
        nulls = self._run(connection, f"SELECT count(*) FROM {self.quoted} t WHERE {key} IS NULL")
        if nulls[0][0]:
            raise UsageError(
                f"{self.database.shown}: {where} is NULL in {nulls[0][0]} rows:"
                " --key needs a column with a unique value in every row"
            )
        # The same text twice (1 and '1' in SQLite) or one value written two ways (1 and 1.0);
        # where the key's type has one text per value (whole numbers, text), its values alone.
        texts = (
            [] if self.database.one_text_a_value(types[self.key]) else [f"CAST({key} AS {text})"]
        )
        for grouped in [*texts, key]:
            repeated = self._run(
                connection,
                f"SELECT min(CAST({key} AS {text})), count(*) FROM {self.quoted} t"
                f" GROUP BY {grouped} HAVING count(*) > 1 LIMIT 1",
            )
            if repeated:
                shown, times = repeated[0]
                raise UsageError(
                    f"{self.database.shown}: {where} is not unique: {shown!r} is the key of"
                    f" {times} rows: --key needs a column with a unique value in every row"
                )

    def create_results(self, connection: Any) -> None:
        """The results table, created if absent (the key as its primary key); one
        :class:`UsageError` when an existing one has other columns or no primary key, or the
        database cannot be written."""
        boolean = "INTEGER" if self.database.kind == "sqlite" else "BOOLEAN"
        into = name(self.results, "--into")
        self._run(
            connection,
            f"CREATE TABLE IF NOT EXISTS {into} ("
            '"key" TEXT PRIMARY KEY, "status" TEXT NOT NULL, "count" BIGINT, '
            f'"complete" {boolean}, "solution" TEXT, "error" TEXT)',
            f"cannot create {self.results}",
        )
        connection.commit()
        cursor = connection.cursor()
        try:
            cursor.execute(f"SELECT * FROM {into} WHERE 1 = 0")
            found = [str(d[0]) for d in cursor.description]
            cursor.fetchall()
        except self.database.errors as err:
            rollback(connection)
            raise UsageError(f"{self.database.shown}: cannot read {self.results}: "
                             f"{first_line(err)}") from None  # fmt: skip
        if sorted(found) != sorted(RESULT_COLUMNS):
            raise UsageError(
                f"{self.database.shown}: {self.results} has the columns {', '.join(found)},"
                f" not {_SHOWN_COLUMNS}: name another table with --into"
            )
        # Writing nothing with the very statement of every chunk: no primary key on "key",
        # or a database that cannot be written, fails here rather than after the solving.
        nothing = ", ".join(["NULL"] * len(RESULT_COLUMNS))
        self._run(
            connection,
            f"INSERT INTO {into} ({_quoted_columns()}) SELECT {nothing} WHERE 1 = 0"
            f' ON CONFLICT ("key") DO NOTHING',
            f"cannot write {self.results}",
        )
        rollback(connection)

    def pending(self, connection: Any, page: int) -> Iterator[Record]:
        """Every puzzle whose key has no result yet, in key order, ``page`` rows a query (each
        query joins one page of keys, not the whole table, to the results)."""
        key, column = name(self.key, "--key"), name(self.column, "--column")
        results, mark = name(self.results, "--into"), self.database.marker
        text = self.database.text
        query = (
            f'SELECT t.k, CAST(t.k AS {text}), t.v, r."key" IS NOT NULL FROM'
            f" (SELECT {key} AS k, {column} AS v FROM {self.quoted}{{after}}"
            f" ORDER BY {key} LIMIT {int(page)}) t"
            f' LEFT JOIN {results} r ON r."key" = CAST(t.k AS {text}) ORDER BY t.k'
        )
        last: Any = None
        number = 0
        while True:
            if last is None:
                rows = self._run(connection, query.format(after=""))
            else:
                after = query.format(after=f" WHERE {key} > {mark}")
                rows = self._run(connection, after, values=(last,))
            connection.commit()
            for _, shown, value, done in rows:
                if not done:
                    number += 1
                    yield _record(number, shown, value)
            if len(rows) < page:
                return
            last = rows[-1][0]

    def write(self, connection: Any, results: Iterable[BatchRecord]) -> int:
        """Insert ``results`` in one statement and one transaction; the rows written."""
        chunk = list(results)
        try:
            if chunk:
                _insert(connection, self.database, name(self.results, "--into"), chunk)
            connection.commit()
        except self.database.errors as err:
            rollback(connection)
            raise UsageError(f"{self.database.shown}: cannot write {self.results}: "
                             f"{first_line(err)}") from None  # fmt: skip
        except RuntimeError as err:
            _interrupted(connection, err)
        return len(chunk)

    def _type(self, connection: Any, statement: str, refused: str) -> Any:
        """The type of the first column of ``statement``, as the driver describes it; a
        driver's error becomes one :class:`UsageError` (``refused`` says what could not be
        done)."""
        cursor = connection.cursor()
        try:
            cursor.execute(statement)
            described = cursor.description
            cursor.fetchall()
        except self.database.errors as err:
            rollback(connection)
            raise UsageError(f"{self.database.shown}: {refused}: {first_line(err)}") from None
        return described[0][1]

    def _run(
        self, connection: Any, statement: str, refused: str = "", values: tuple[Any, ...] = ()
    ) -> list[tuple[Any, ...]]:
        """The rows of ``statement``; a driver's error becomes one :class:`UsageError`
        (``refused`` says what could not be done)."""
        cursor = connection.cursor()
        try:
            if values:
                cursor.execute(statement, values)
            else:
                cursor.execute(statement)
            return list(cursor.fetchall()) if cursor.description else []
        except self.database.errors as err:
            rollback(connection)
            what = refused or f"cannot read {self.table}"
            raise UsageError(f"{self.database.shown}: {what}: {first_line(err)}") from None
        except RuntimeError as err:
            _interrupted(connection, err)


def _interrupted(connection: Any, err: RuntimeError) -> NoReturn:
    """Ctrl-C as a :class:`KeyboardInterrupt`, where DuckDB stopped a statement for it and
    said so with a ``RuntimeError``; any other error as it came."""
    if not str(err).startswith("Query interrupted"):
        raise err
    rollback(connection)
    raise KeyboardInterrupt from None


def _quoted_columns() -> str:
    return ", ".join(f'"{c}"' for c in RESULT_COLUMNS)


_ARRAYS = {
    "duckdb": ("VARCHAR[]", "VARCHAR[]", "BIGINT[]", "BOOLEAN[]", "VARCHAR[]", "VARCHAR[]"),
    "postgresql": ("text[]", "text[]", "bigint[]", "boolean[]", "text[]", "text[]"),
}
"""The array type of each result column, for the one-statement insert of a chunk."""
_CHUNK = "satdoku-chunk"
"""DuckDB: the view a chunk's columns are registered as, a name no plain ``--into`` name can
be."""


def _insert(connection: Any, database: Database, into: str, results: list[BatchRecord]) -> None:
    """Insert ``results``, a key already there left as it is: SQLite row by row in one prepared
    statement; DuckDB from a NumPy array per column (:func:`_insert_arrays`); PostgreSQL and a
    DuckDB before 2.0 one statement over a list per column (a DuckDB ``executemany`` runs a
    statement per row, a hundred times slower)."""
    head = f"INSERT INTO {into} ({_quoted_columns()}) "
    tail = ' ON CONFLICT ("key") DO NOTHING'
    mark = database.marker
    if database.kind == "sqlite":
        values = ", ".join([mark] * len(RESULT_COLUMNS))
        rows = [(r.key, str(r.status), r.count, r.complete, r.solution, r.error) for r in results]
        connection.cursor().executemany(f"{head}VALUES ({values}){tail}", rows)
        return
    columns = _columns(results)
    if database.kind == "duckdb" and _insert_arrays(connection, database, head, tail, columns):
        return
    arrays = [f"{mark}::{array}" for array in _ARRAYS[database.kind]]
    if database.kind == "duckdb":
        select = "SELECT " + ", ".join(f"unnest({a})" for a in arrays)
    else:
        select = "SELECT * FROM unnest(" + ", ".join(arrays) + ")"
    connection.cursor().execute(head + select + tail, columns)


def _columns(results: list[BatchRecord]) -> list[list[Any]]:
    """The values of each result column, in the order of :data:`RESULT_COLUMNS`."""
    return [
        [r.key for r in results],
        [str(r.status) for r in results],
        [r.count for r in results],
        [r.complete for r in results],
        [r.solution for r in results],
        [r.error for r in results],
    ]


def _insert_arrays(
    connection: Any, database: Database, head: str, tail: str, columns: list[list[Any]]
) -> bool:
    """DuckDB: each column as a NumPy array (the count and the flag as numbers, which DuckDB
    takes as they are; text as Python objects), the arrays registered as one view that a
    single ``INSERT ... SELECT`` reads (whole arrays converted at once: fewer instructions than
    its appender, value by value, or a list bound per column). The keys of a chunk are read
    as having no result yet, and no other process writes a DuckDB file while it is open, so
    the insert is a plain one, which checks the primary key once; should a key be there all
    the same, the chunk is inserted again with ``ON CONFLICT DO NOTHING``. False, nothing
    done, where DuckDB (before 2.0) registers no dict of arrays."""
    import numpy

    kinds = (object, object, numpy.int64, numpy.bool_, object, object)
    arrays = {
        column: _array(numpy, values, kind)
        for column, values, kind in zip(RESULT_COLUMNS, columns, kinds, strict=True)
    }
    try:
        connection.register(_CHUNK, arrays)
    except database.errors:
        return False
    select = f'{head}SELECT * FROM "{_CHUNK}"'
    try:
        try:
            connection.execute(select)
        except database.errors:  # a key with a result already, or an error met again below
            rollback(connection)
            connection.execute(select + tail)
    finally:
        connection.unregister(_CHUNK)
    return True


def _array(numpy: Any, values: list[Any], kind: Any) -> Any:
    """``values`` as a NumPy array of ``kind``; of Python objects where a value is None or
    does not fit (a NULL, a count past 64 bits), which DuckDB converts one by one."""
    if kind is not object and None not in values:
        with contextlib.suppress(TypeError, ValueError, OverflowError):
            return numpy.array(values, dtype=kind)
    return numpy.array(values, dtype=object)


def _record(number: int, key: str, value: Any) -> Record:
    """The record of one row: its puzzle read as a table cell, keyed by the row's key."""
    record = read_value(value, number, key)
    if record is None:
        return Record(number, "", error=ParseError("expected a puzzle, found NULL"), key=key)
    return record


__all__ = ["RESULT_COLUMNS", "Database", "Source", "parse_url"]
