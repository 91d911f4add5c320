"""The SQL functions over puzzles, and their registration on sqlite3 and DuckDB connections.

Every function takes a column's values and gives one answer per value (docs/sql.md):

* ``sudoku_solve(puzzle)``: a solution line, NULL when there is none or the value is no
  puzzle;
* ``sudoku_status(puzzle)``: ``unique``, ``multiple``, ``no_solution``, ``invalid`` or
  ``unknown``;
* ``sudoku_count(puzzle, limit)``: the solutions, counting at most ``limit``;
* ``sudoku_rate(puzzle)``: the Sudoku Explainer score, NULL when the logic needs search;
* ``sudoku_error(puzzle)``: why a value is ``invalid`` (the reader's message), else NULL.

NULL in gives NULL out. Each value has :data:`TIMEOUT` seconds (``register(...,
timeout=)``); past them its status is ``unknown`` and the other functions give NULL. A value is read as a table cell is (:func:`read_value`); one that is
not a puzzle (bad text, a number, a blob, text longer than any puzzle) is ``invalid`` and
gives NULL from the other functions, so one bad row never stops a statement. Puzzles are
solved by the batch engine (:mod:`satdoku.batch`), which verifies every grid: DuckDB hands
over a whole vector of values per call (:func:`run_batch`); sqlite3 calls once per row,
on engines kept with the connection (:class:`RowEngines`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from functools import partial
from typing import Any

from satdoku.batch import BatchOptions, BatchRecord, Engines, as_job, run_batch
from satdoku.deadline import Deadline
from satdoku.errors import ParseError, SatdokuError, UsageError
from satdoku.formats import Record
from satdoku.formats.files import nine_line
from satdoku.formats.puzzle import parse_cell
from satdoku.formats.source import MAX_LINE
from satdoku.sql.limits import TIMEOUT
from satdoku.status import Status

SOLVE_LIMIT = 1
"""Solutions ``sudoku_solve`` looks for: the first one (``sudoku_status`` tells if it is the
only one)."""
STATUS_LIMIT = 2
"""Solutions ``sudoku_status`` looks for: two tell ``unique`` from ``multiple``."""
_SHOWN = 80
"""Characters of a bad value kept in its record."""

Answer = str | int | float | None
Solver = Callable[[Sequence[Record | None], int], list[BatchRecord | None]]
"""Solves records (None for NULL) counting up to a limit: one result per record."""


def read_value(value: object, line: int = 1, key: str | None = None) -> Record | None:
    """A column value as a record of satdoku's reader (at ``line``, keyed by ``key``); None
    for NULL.

    Text is read as a table cell (:func:`~satdoku.formats.puzzle.parse_cell`): one line of N*N
    characters kept as written (a space is a blank, also at either end), anything else as
    satdoku reads a puzzle; a 9x9 line of digits and dots keeps its givens as bytes, its
    puzzle made when first asked for. A value that is not text, or text longer than any
    puzzle, is an invalid record.
    """
    if value is None:
        return None
    if not isinstance(value, str):
        error = ParseError(f"expected a puzzle as text, found {_type_name(value)}")
        return Record(line, "", error=error, key=key)
    if len(value) > MAX_LINE:
        error = ParseError(
            f"a value of {len(value):,} characters is longer than any puzzle (at most {MAX_LINE:,})"
        )
        return Record(line, value[:_SHOWN] + "...", error=error, key=key)
    plain = nine_line(value)
    if plain is not None:
        return Record(line, value, key=key, plain=plain)
    try:
        puzzle = parse_cell(value)
    except SatdokuError as err:
        return Record(line, value[:_SHOWN], error=err, key=key)
    return Record(line, value, puzzle, key=key)


def _type_name(value: object) -> str:
    """The SQL type of a value that is not text, as the database names it."""
    names = {int: "INTEGER", float: "REAL", bytes: "BLOB"}
    return names.get(type(value), type(value).__name__)


def status_of(result: BatchRecord) -> Status:
    """The word for a batch result counted up to two: ``invalid``, ``no_solution``,
    ``unique``, ``multiple``; ``unknown`` when the time ran out before the count was decided,
    ``error`` when the engine failed."""
    if result.status in (Status.INVALID, Status.ERROR):
        return result.status
    if result.count >= 2:
        return Status.MULTIPLE
    if result.complete:
        return Status.UNIQUE if result.count else Status.NO_SOLUTION
    return Status.UNKNOWN


def in_batch(
    records: Sequence[Record | None], limit: int, timeout: float | None = TIMEOUT
) -> list[BatchRecord | None]:
    """Solve ``records`` in one chunk of :func:`~satdoku.batch.run_batch`, on fresh engines,
    ``timeout`` seconds each."""
    present = [r for r in records if r is not None]
    options = BatchOptions(limit=limit, timeout=timeout)
    results = iter(run_batch(present, options, chunk=max(1, len(present))))
    return [None if r is None else next(results) for r in records]


class RowEngines:
    """Engines kept between calls, one set per limit (at most :attr:`KEPT`), for functions
    called once per row. Each record is solved as a chunk of its own (fresh solvers, so its
    answer does not depend on the rows before it), within ``timeout`` seconds; calls from
    several threads take turns."""

    KEPT = 4

    def __init__(self, timeout: float | None = TIMEOUT) -> None:
        self._engines: dict[int, Engines] = {}
        self._timeout = timeout
        self._lock = threading.Lock()

    def __call__(self, records: Sequence[Record | None], limit: int) -> list[BatchRecord | None]:
        with self._lock:
            engines = self._engines.pop(limit, None)
            if engines is None:
                engines = Engines(BatchOptions(limit=limit, timeout=self._timeout))
                if len(self._engines) >= self.KEPT:
                    self._engines.pop(next(iter(self._engines))).close()
            self._engines[limit] = engines
            return [None if r is None else engines.solve_chunk([as_job(r)])[0] for r in records]


def solutions(values: Sequence[object], solver: Solver = in_batch) -> list[str | None]:
    """``sudoku_solve``: one solution line per value (NULL: none, or not a puzzle)."""
    results = solver([read_value(v) for v in values], SOLVE_LIMIT)
    return [None if r is None else r.solution for r in results]


def statuses(values: Sequence[object], solver: Solver = in_batch) -> list[str | None]:
    """``sudoku_status``: the status word per value (see :func:`status_of`)."""
    results = solver([read_value(v) for v in values], STATUS_LIMIT)
    return [None if r is None else status_of(r).value for r in results]


def counts(
    values: Sequence[object], limits: Sequence[object], solver: Solver = in_batch
) -> list[int | None]:
    """``sudoku_count``: the solutions per value, counting at most its limit; NULL for a value
    that is no puzzle, for a limit that is NULL, negative or not an integer, and for a count
    that ran out of time."""
    answers: list[int | None] = [None] * len(values)
    rows: dict[int, list[int]] = {}
    for i, limit in enumerate(limits):
        if isinstance(limit, int) and not isinstance(limit, bool) and limit >= 0:
            rows.setdefault(limit, []).append(i)
    for limit, chosen in rows.items():
        results = solver([read_value(values[i]) for i in chosen], limit)
        for i, r in zip(chosen, results, strict=True):
            counted = r is not None and (r.complete or r.count >= limit)
            if r is not None and counted and r.status not in (Status.INVALID, Status.ERROR):
                answers[i] = r.count
    return answers


def ratings(values: Sequence[object], timeout: float | None = TIMEOUT) -> list[float | None]:
    """``sudoku_rate``: the Sudoku Explainer score per value; NULL when the logic engine
    needs search, finds no solution or runs out of time, or the value is no puzzle."""
    from satdoku.logic import rate

    answers: list[float | None] = []
    for value in values:
        record = read_value(value)
        score = None
        if record is not None and record.puzzle is not None:
            with suppress(SatdokuError):  # a puzzle the logic engine cannot take
                score = rate(record.puzzle, timeout=timeout).score
        answers.append(score)
    return answers


def errors(values: Sequence[object]) -> list[str | None]:
    """``sudoku_error``: why each value is not a puzzle; NULL for a puzzle (or NULL)."""
    records = [read_value(v) for v in values]
    return [None if r is None or r.error is None else str(r.error) for r in records]


@dataclass(frozen=True)
class SqlFunction:
    """One SQL function: its name, the function from columns of values to answers (taking the
    :data:`Solver` as ``solver`` when it ``solves``, the seconds per value as ``timeout`` when
    it is ``timed``), its SQL parameter and return types, and the answer (an SQL expression of
    the value ``p``) for a DuckDB value that is not text."""

    name: str
    answer: Callable[..., list[Any]]
    parameters: tuple[str, ...]
    returns: str
    not_text: str = "NULL"
    solves: bool = True
    timed: bool = False

    def bound(self, solver: Solver, timeout: float | None) -> Callable[..., list[Any]]:
        """The function from columns to answers, solving with ``solver`` (which keeps its own
        time limit) or within ``timeout`` seconds per value."""
        if self.solves:
            return partial(self.answer, solver=solver)
        return partial(self.answer, timeout=timeout) if self.timed else self.answer


FUNCTIONS = (
    SqlFunction("sudoku_solve", solutions, ("VARCHAR",), "VARCHAR"),
    SqlFunction("sudoku_status", statuses, ("VARCHAR",), "VARCHAR", "'invalid'"),
    SqlFunction("sudoku_count", counts, ("VARCHAR", "BIGINT"), "BIGINT"),
    SqlFunction("sudoku_rate", ratings, ("VARCHAR",), "DOUBLE", solves=False, timed=True),
    SqlFunction(
        "sudoku_error",
        errors,
        ("VARCHAR",),
        "VARCHAR",
        "'expected a puzzle as text, found ' || typeof(p)",
        solves=False,
    ),
)
"""Every function :func:`register` adds."""


def register(connection: object, timeout: float | None = TIMEOUT) -> None:
    """Add the functions to a ``sqlite3`` or a DuckDB connection (see the module's docstring),
    each giving a value at most ``timeout`` seconds (None: no limit).

    Raises:
        UsageError: ``connection`` is neither, ``timeout`` is negative or NaN, or DuckDB's
            functions need pyarrow, which is missing.
    """
    Deadline.after(timeout)  # refuses a negative or NaN number of seconds
    if isinstance(connection, sqlite3.Connection):
        register_sqlite(connection, timeout)
    elif type(connection).__module__.split(".")[0] in ("duckdb", "_duckdb"):
        register_duckdb(connection, timeout)
    else:
        raise UsageError(
            "satdoku.sql.register takes a sqlite3 or a DuckDB connection,"
            f" not {type(connection).__name__}"
        )


def register_sqlite(connection: sqlite3.Connection, timeout: float | None = TIMEOUT) -> None:
    """Add the functions to ``connection``, called once per row on engines kept with it, at
    most ``timeout`` seconds per value."""
    engines = RowEngines(timeout)
    for function in FUNCTIONS:
        answer = function.bound(engines, timeout)

        def one(*args: object, answer: Callable[..., list[Answer]] = answer) -> Answer:
            return answer(*([arg] for arg in args))[0]

        connection.create_function(function.name, len(function.parameters), one, deterministic=True)


def register_duckdb(connection: Any, timeout: float | None = TIMEOUT) -> None:
    """Add the functions to a DuckDB ``connection`` as vectorised (Arrow) functions: each call
    takes a vector of values and solves them in one batch, at most ``timeout`` seconds each.

    Each function is a Python function named with a leading underscore (``_sudoku_solve``,
    over VARCHAR) behind a temporary macro of the public name, which sends it text and gives
    the answer for a value that is not text (DuckDB's types are fixed when a statement is
    planned, and a VARCHAR parameter refuses numbers and blobs).
    """
    from satdoku.extras import require

    duckdb = require("duckdb", "duckdb", "satdoku.sql on DuckDB")
    pa = require("pyarrow", "duckdb", "satdoku.sql on DuckDB")
    arrow_types = {"VARCHAR": pa.string(), "BIGINT": pa.int64(), "DOUBLE": pa.float64()}
    for function in FUNCTIONS:
        answer = function.bound(partial(in_batch, timeout=timeout), timeout)
        vectorised = _vectorised(
            answer, len(function.parameters), pa, arrow_types[function.returns]
        )
        inner = f"_{function.name}"
        with suppress(duckdb.InvalidInputException):  # not registered yet
            connection.remove_function(inner)
        connection.create_function(
            inner,
            vectorised,
            list(function.parameters),
            function.returns,
            type="arrow",
            null_handling="special",
        )
        names = ["p", "l"][: len(function.parameters)]
        arguments = ["CAST(p AS VARCHAR)", "TRY_CAST(l AS BIGINT)"][: len(function.parameters)]
        connection.execute(
            f"CREATE OR REPLACE TEMPORARY MACRO {function.name}({', '.join(names)})"
            " AS CASE WHEN p IS NULL THEN NULL WHEN typeof(p) = 'VARCHAR'"
            f" THEN {inner}({', '.join(arguments)}) ELSE {function.not_text} END"
        )


def _vectorised(answer: Callable[..., list[Any]], nargs: int, pa: Any, arrow_type: Any) -> Any:
    """``answer`` over Arrow arrays, as a function of exactly ``nargs`` parameters (DuckDB
    counts them)."""

    def convert(*columns: Any) -> Any:
        return pa.array(answer(*(c.to_pylist() for c in columns)), type=arrow_type)

    if nargs == 1:
        return lambda puzzles: convert(puzzles)
    return lambda puzzles, limits: convert(puzzles, limits)
