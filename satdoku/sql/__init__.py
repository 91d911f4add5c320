"""Puzzles where they live: satdoku's functions inside SQL databases.

>>> import sqlite3, satdoku.sql
>>> connection = sqlite3.connect(":memory:")
>>> satdoku.sql.register(connection)
>>> connection.execute("SELECT sudoku_status('1234' || '....' || '....' || '....')").fetchone()
('multiple',)

:func:`register` adds ``sudoku_solve``, ``sudoku_status``, ``sudoku_count``, ``sudoku_rate``
and ``sudoku_error`` to a ``sqlite3`` or a DuckDB connection (docs/sql.md); importing this
package loads neither the solvers nor DuckDB.
"""

from __future__ import annotations

from satdoku.sql.limits import TIMEOUT


def register(connection: object, timeout: float | None = TIMEOUT) -> None:
    """Add satdoku's SQL functions to ``connection``, a ``sqlite3`` or a DuckDB connection,
    each giving a value at most ``timeout`` seconds, past which it is ``unknown`` (None: no
    limit; :func:`satdoku.sql.functions.register`)."""
    from satdoku.sql.functions import register as register_functions

    register_functions(connection, timeout)


__all__ = ["TIMEOUT", "register"]
