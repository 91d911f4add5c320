"""Databases named by URLs: ``sqlite:///FILE``, ``duckdb:///FILE``, ``postgresql://HOST/DB``.

A file database must exist (opening one never creates it); identifiers are plain names
(letters, digits, ``_``, an optional ``schema.`` prefix), quoted in every statement.
"""

from __future__ import annotations

import contextlib
import importlib
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from satdoku.errors import UsageError
from satdoku.extras import require

SCHEMES = ("sqlite", "duckdb", "postgresql", "postgres")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?")
DEFAULT_SCHEMA = {"sqlite": "main", "duckdb": "main", "postgresql": "public"}
"""The schema a table name without ``schema.`` lives in."""


@dataclass(frozen=True)
class Database:
    """A database named by a URL: its ``kind``, what to connect to, and the URL as shown in
    messages (never with its password)."""

    kind: str
    target: str
    shown: str

    def connect(self) -> Any:
        """A DB-API connection; one :class:`UsageError` when the database cannot be opened
        (a file database that does not exist is never created)."""
        if self.kind != "postgresql" and not Path(self.target).is_file():
            raise UsageError(f"cannot open {self.shown}: no such file")
        try:
            if self.kind == "sqlite":
                import sqlite3

                # mode=rw: never create the file; any thread: --jobs reads from a pool's thread.
                uri = f"file:{quote(str(Path(self.target).resolve()))}?mode=rw"
                return sqlite3.connect(uri, uri=True, timeout=30, check_same_thread=False)
            if self.kind == "duckdb":
                engine = duckdb_engine()
                connection = engine.connect(self.target)
                for setting in _DUCKDB_SETTINGS:
                    with contextlib.suppress(engine.Error):  # a DuckDB without the setting
                        connection.execute(f"SET {setting}")
                return connection
            psycopg = require("psycopg", "postgresql", "a postgresql:// database")
            return psycopg.connect(self.target)
        except UsageError:
            raise
        except Exception as err:  # each driver has its own error classes
            raise UsageError(f"cannot open {self.shown}: {first_line(err)}") from None

    @property
    def errors(self) -> tuple[type[BaseException], ...]:
        """The driver's base error class (DB-API ``Error``), as an ``except`` clause takes it."""
        if self.kind == "sqlite":
            import sqlite3

            return (sqlite3.Error,)
        if self.kind == "duckdb":
            return (duckdb_engine().Error,)
        import psycopg

        return (psycopg.Error,)

    @property
    def marker(self) -> str:
        """The parameter placeholder of the driver."""
        return "%s" if self.kind == "postgresql" else "?"

    @property
    def text(self) -> str:
        """The SQL type of text, as ``CAST`` names it."""
        return "VARCHAR" if self.kind == "duckdb" else "TEXT"

    def one_text_a_value(self, type_code: Any) -> bool:
        """Whether two values of a column of this type (as the driver's description gives it)
        that differ always have texts that differ: whole numbers and text in DuckDB and
        PostgreSQL; never in SQLite, where a column holds values of any type (1 and '1')."""
        if self.kind == "duckdb":
            return str(type_code) in _DUCKDB_ONE_TEXT
        if self.kind == "postgresql":
            return type_code in _POSTGRESQL_ONE_TEXT
        return False

    def same_table(self, first: str, second: str) -> bool:
        """Whether two plain names name one table (SQLite and DuckDB ignore case)."""

        def parts(text: str) -> tuple[str, str]:
            schema, _, table = text.rpartition(".")
            pair = (schema or DEFAULT_SCHEMA[self.kind], table)
            return pair if self.kind == "postgresql" else (pair[0].lower(), pair[1].lower())

        return parts(first) == parts(second)


_DUCKDB_SETTINGS = ("index_scan_max_count = 0", "pandas_analyze_sample = 0", "threads = 1")
"""DuckDB's settings for ``batch --db``. A page of puzzles is read by a scan: through the key's
index, DuckDB fetches the rows one by one, ten times slower (a DuckDB before 1.1 has no such
setting). The text columns of a chunk of results are strings or NULLs: DuckDB reads them as
text without sampling a thousand values of each first. Its work here is a page, a chunk or one
check at a time, which a second thread only splits up: one thread does it in fewer
instructions, and leaves the other cores to the solving."""
_DUCKDB_ONE_TEXT = frozenset(
    {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "VARCHAR"}
    | {"UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "UHUGEINT"}
)
"""DuckDB's types whose values each have one text (as its description names them)."""
_POSTGRESQL_ONE_TEXT = frozenset((20, 21, 23, 25, 1043))
"""PostgreSQL's types whose values each have one text: the OIDs of bigint, smallint, integer,
text and varchar (not char(n), whose text drops its trailing spaces)."""


def duckdb_engine() -> ModuleType:
    """DuckDB's compiled module, which the ``duckdb`` package re-exports (``_duckdb``, as in
    DuckDB 2.0): its connections, statements and errors are the package's own, without the
    import of the package's Python layer and its look-up of its own version, which cost more
    than the module (docs/benchmarks.md). The package itself where there is no such module;
    one :class:`UsageError` when DuckDB is missing."""
    try:
        return importlib.import_module("_duckdb")
    except ImportError:
        return require("duckdb", "duckdb", "a duckdb:// database")


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


def rollback(connection: Any) -> None:
    """End the open transaction, if any (DuckDB refuses a rollback outside one)."""
    with contextlib.suppress(Exception):  # no transaction to end, or the connection is gone
        connection.rollback()


def first_line(err: BaseException) -> str:
    """The first line of an error's message (drivers add context lines)."""
    return (str(err).strip().splitlines() or [type(err).__name__])[0]
