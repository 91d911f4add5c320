"""The one exception family of satdoku; the CLI turns each into ``error: ...`` and exit 2."""

from __future__ import annotations


class SatdokuError(Exception):
    """Base class of every error satdoku raises on purpose."""


class ParseError(SatdokuError):
    """Text that is not a puzzle; carries the 1-based line and column where known."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.message = message
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        return f"{', '.join(where)}: {self.message}" if where else self.message


class UsageError(SatdokuError):
    """An option or argument that cannot be honoured (unknown encoding, bad box shape...)."""


class VerificationError(SatdokuError):
    """A backend returned a grid that breaks a constraint: an internal error, never shown as a
    solution."""
