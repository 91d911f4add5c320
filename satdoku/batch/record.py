"""What a batch sends to its workers (a :data:`Job` per record) and gets back (a
:class:`BatchRecord` per puzzle)."""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.formats import Record
from satdoku.model import Puzzle
from satdoku.status import Status


@dataclass(slots=True)
class BatchRecord:
    """The result for one input puzzle; ``line`` is its 1-based line in the input."""

    line: int
    status: Status
    count: int = 0
    complete: bool = False
    solution: str | None = None
    error: str | None = None
    key: str | None = None
    """The key of the puzzle's table row (None outside tables)."""

    @property
    def unique(self) -> bool:
        """Whether the puzzle was proven to have exactly one solution."""
        return self.complete and self.count == 1


Job = tuple[int, tuple[int, int], bytes] | tuple[int, Puzzle] | BatchRecord
"""A plain Sudoku to solve as (line, box shape, givens a byte per cell) - cheap to send to a
worker -, another puzzle as (line, puzzle), or a result already known (an invalid record)."""


def as_job(record: Record) -> Job:
    """What a worker needs of a record: a plain Sudoku's line, box shape and givens (a byte
    each, up to 255 values), or the puzzle itself for other kinds and larger grids."""
    if record.plain is not None:
        return (record.line, *record.plain)
    puzzle = record.puzzle
    if puzzle is None:
        return BatchRecord(record.line, Status.INVALID, error=str(record.error))
    geometry = puzzle.geometry
    if geometry is None or puzzle.values > 255 or not puzzle.plain:
        return (record.line, puzzle)
    return (record.line, (geometry.box_rows, geometry.box_cols), bytes(puzzle.givens))
