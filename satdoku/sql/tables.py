"""Puzzles in a database table: read them as records, write one result row per puzzle.

``satdoku batch --db URL --table T --column C --key K`` reads the puzzles of ``T.C`` in the
order of the key column ``K`` (unique), page by page (a bounded query each, no cursor held
open while results are written), skipping the keys already in the results table; and writes
the results (key, status, count, complete, solution, error) into ``T_results`` (or
``--into``), created if absent, one transaction per chunk. A rerun after a crash or Ctrl-C
finishes the job: nothing lost, nothing twice (the key is the results table's primary key).

URLs: ``sqlite:///path.db``, ``duckdb:///path.duckdb``, ``postgresql://user@host:port/db``
(also ``postgresql:///db?host=/socket/dir``). Identifiers are plain names (letters, digits,
``_``, an optional ``schema.`` prefix), quoted in every statement.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from satdoku.batch import BatchRecord
from satdoku.errors import ParseError, UsageError
from satdoku.extras import require
from satdoku.formats import Record
from satdoku.sql.functions import read_value

SCHEMES = ("sqlite", "duckdb", "postgresql", "postgres")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?")
RESULT_COLUMNS = ("key", "status", "count", "complete", "solution", "error")


@dataclass(frozen=True)
class Database:
    """A database named by a URL: its ``kind``, what to connect to, and the URL as shown in
    messages (never with its password)."""

    kind: str
    target: str
    shown: str

    def connect(self) -> Any:
        """A DB-API connection."""
        try:
            if self.kind == "sqlite":
                import sqlite3

                return sqlite3.connect(self.target, timeout=30)
            if self.kind == "duckdb":
                duckdb = require("duckdb", "duckdb", "a duckdb:// database")
                return duckdb.connect(self.target)
            psycopg = require("psycopg", "postgresql", "a postgresql:// database")
            return psycopg.connect(self.target)
        except UsageError:
            raise
        except Exception as err:  # each driver has its own error classes
            raise UsageError(f"cannot open {self.shown}: {_first_line(err)}") from None

    @property
    def marker(self) -> str:
        """The parameter placeholder of the driver."""
        return "%s" if self.kind == "postgresql" else "?"


def parse_url(url: str) -> Database:
    """The database of ``url``; one :class:`UsageError` for anything else."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    shown = _without_password(url)
    if scheme not in SCHEMES:
        raise UsageError(
            f"--db {shown}: expected sqlite:///FILE, duckdb:///FILE or postgresql://HOST/DB"
        )
    if scheme in ("sqlite", "duckdb"):
        path = url.split("://", 1)[1]
        path = path[1:] if path.startswith("/") else path
        if not path:
            raise UsageError(f"--db {shown}: expected {scheme}:///FILE")
        return Database(scheme, path, shown)
    return Database("postgresql", url, shown)


def _without_password(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit((parts.scheme, f"{parts.username}:***@{host}", *parts[2:]))


def name(text: str, what: str) -> str:
    """``text`` as a quoted identifier; one :class:`UsageError` when it is no plain name."""
    if not _NAME.fullmatch(text):
        raise UsageError(f"{what} {text!r}: expected a name of letters, digits and _")
    return ".".join(f'"{part}"' for part in text.split("."))


@dataclass(frozen=True)
class Source:
    """The puzzles of ``table.column`` keyed by ``key``, and where their results go."""

    database: Database
    table: str
    column: str
    key: str
    results: str

    def check(self, connection: Any) -> None:
        """One :class:`UsageError` naming a missing table or column."""
        for column in (self.key, self.column):
            try:
                cursor = connection.cursor()
                cursor.execute(
                    f"SELECT t.{name(column, 'column')} FROM {self.quoted} t WHERE 1 = 0"
                )
                cursor.fetchall()
            except Exception as err:
                connection.rollback()
                message = _first_line(err)
                raise UsageError(
                    f"{self.database.shown}: cannot read {self.table}.{column}: {message}"
                ) from None

    @property
    def quoted(self) -> str:
        return name(self.table, "--table")

    def create_results(self, connection: Any) -> None:
        """The results table, created if absent (the key as its primary key)."""
        boolean = "INTEGER" if self.database.kind == "sqlite" else "BOOLEAN"
        connection.cursor().execute(
            f"CREATE TABLE IF NOT EXISTS {name(self.results, '--into')} ("
            '"key" TEXT PRIMARY KEY, "status" TEXT NOT NULL, "count" BIGINT, '
            f'"complete" {boolean}, "solution" TEXT, "error" TEXT)'
        )
        connection.commit()

    def pending(self, connection: Any, page: int) -> Iterator[Record]:
        """Every puzzle whose key has no result yet, in key order, ``page`` rows a query."""
        key, column = name(self.key, "--key"), name(self.column, "--column")
        results, mark = name(self.results, "--into"), self.database.marker
        text = "VARCHAR" if self.database.kind == "duckdb" else "TEXT"
        query = (
            f"SELECT t.{key}, t.{column} FROM {self.quoted} t LEFT JOIN {results} r"
            f' ON r."key" = CAST(t.{key} AS {text}) WHERE r."key" IS NULL{{after}}'
            f" ORDER BY t.{key} LIMIT {int(page)}"
        )
        last: Any = None
        number = 0
        while True:
            cursor = connection.cursor()
            if last is None:
                cursor.execute(query.format(after=""))
            else:
                cursor.execute(query.format(after=f" AND t.{key} > {mark}"), (last,))
            rows = cursor.fetchall()
            connection.commit()
            for row_key, value in rows:
                number += 1
                yield _record(number, row_key, value)
            if len(rows) < page:
                return
            last = rows[-1][0]

    def write(self, connection: Any, results: Iterable[BatchRecord]) -> int:
        """Insert ``results`` in one transaction; the rows written."""
        mark = self.database.marker
        statement = (
            f"INSERT INTO {name(self.results, '--into')} ("
            + ", ".join(f'"{c}"' for c in RESULT_COLUMNS)
            + f") VALUES ({', '.join([mark] * len(RESULT_COLUMNS))})"
            + ' ON CONFLICT ("key") DO NOTHING'
        )
        rows = [(r.key, str(r.status), r.count, r.complete, r.solution, r.error) for r in results]
        if rows:
            connection.cursor().executemany(statement, rows)
        connection.commit()
        return len(rows)


def _record(number: int, key: Any, value: Any) -> Record:
    """The record of one row: its puzzle read as a table cell, keyed by the row's key."""
    shown = str(key)
    record = read_value(value)
    if record is None:
        return Record(number, "", error=ParseError("expected a puzzle, found NULL"), key=shown)
    return Record(number, record.text, record.puzzle, record.error, key=shown)


def _first_line(err: BaseException) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0]
