"""One puzzle from its text (:func:`parse_puzzle`, :func:`parse_cell`), and what every
public function accepts as a puzzle (:func:`as_puzzle`): a :class:`Puzzle`, its text, or the
rows of a grid."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import SupportsIndex

from satdoku.errors import ParseError
from satdoku.formats.files import read_records
from satdoku.formats.iss_start import is_iss, read_iss
from satdoku.formats.kinds import get_kind
from satdoku.formats.lines import split_lines
from satdoku.formats.notation_start import is_notation, read_notation
from satdoku.formats.tables import whole_grid
from satdoku.formats.text import parse_line
from satdoku.geometry import Geometry
from satdoku.model import Puzzle

Rows = Sequence[str] | Sequence[Sequence[int]]
"""A grid as its rows: strings (``"53..7...."``, ``"5 3 0 0 7 0 0 0 0"``), or lists of values
(0 for a blank)."""


def as_puzzle(
    puzzle: Puzzle | str | Rows, box: Geometry | str | None = None, kind: str | None = None
) -> Puzzle:
    """``puzzle`` as it is, or read from its text or its rows: what every public function
    accepts.

    Args:
        puzzle: a :class:`Puzzle`, text that :func:`parse_puzzle` reads, or the rows of a grid
            (:data:`Rows`; ``[[5, 3, 0, ...], ...]``, ``["53..7....", ...]``, a NumPy array).
        box: the box shape of the text (a :class:`Geometry` or ``"2x3"``), needed when the
            size is not a square number; ignored for a :class:`Puzzle`.
        kind: the puzzle kind of the text, as for :func:`parse_puzzle`.

    Raises:
        ParseError: the text or the rows do not parse.
        UsageError: ``box`` is not a box shape, or ``kind`` no kind.
        TypeError: ``puzzle`` is none of these.
    """
    if isinstance(puzzle, Puzzle):
        return puzzle
    geometry = Geometry.parse(box) if isinstance(box, str) else box
    if isinstance(puzzle, str):
        return parse_puzzle(puzzle, geometry, kind=kind)
    puzzle = getattr(puzzle, "tolist", lambda: puzzle)()  # a NumPy array: its rows
    if isinstance(puzzle, Sequence) and not isinstance(puzzle, bytes):
        return parse_puzzle(rows_text(puzzle), geometry, kind=kind)
    raise TypeError(f"expected a Puzzle, its text or its rows, got {type(puzzle).__name__}")


def rows_text(rows: Rows) -> str:
    """The text of a grid given as rows: strings one per line, lists of values as a literal
    (``[[5, 3, 0, ...], ...]``).

    Raises:
        ParseError: a row is not as long as there are rows, or holds something other than a
            value 0-N (its row and column named as line and column).
        TypeError: the rows are neither all strings nor all lists of values.
    """
    lines = [row for row in rows if isinstance(row, str)]
    if len(lines) == len(rows):
        return "\n".join(lines)
    size = len(rows)
    written: list[list[int]] = []
    for r, row in enumerate(rows, 1):
        if isinstance(row, str | bytes) or not isinstance(row, Sequence):
            raise TypeError(f"expected rows of values or rows as strings, got {row!r} in row {r}")
        if len(row) != size:
            raise ParseError(f"expected {size} values in each of {size} rows, found {len(row)}", r)
        written.append([_value(value, size, r, c) for c, value in enumerate(row, 1)])
    return str(written)


def _value(value: object, size: int, row: int, column: int) -> int:
    """A value of a grid given as rows: an integer 0 (a blank) to ``size``."""
    number = -1
    if isinstance(value, SupportsIndex) and not isinstance(value, bool):
        number = operator.index(value)
    if not 0 <= number <= size:
        raise ParseError(f"expected a value 0-{size} (0 for a blank), found {value!r}", row, column)
    return number


def parse_puzzle(
    text: str, box: Geometry | None = None, alphabet: str = "auto", *, kind: str | None = None
) -> Puzzle:
    """Parse ``text`` holding one puzzle, in any form :func:`read_records` reads.

    Args:
        text: one puzzle: one line, a grid of rows, a literal, a link, an ISS constraint
            string (over any number of lines), ... (``#`` lines and blank lines are skipped);
            the forms are in the module's docstring.
        box: the box shape, needed when N is not a square number (6x6 with 2x3 boxes:
            ``Geometry(2, 3)``); left out, N must be a square number.
        alphabet: ``auto`` (``1-9`` then ``A-Z``), ``1-9A-Z``, or ``0-F`` for 16x16 written
            with ``0`` as a value.
        kind: a puzzle kind, as the command line's ``--kind`` names it (``x``, ``jigsaw``,
            ``killer``, ``kakuro``, ...; see :data:`satdoku.formats.kinds.KINDS`); the text
            is then read as that kind's reader reads it. Left out: a Sudoku, or the puzzle an
            ISS string or a link describes.

    Returns:
        A plain Sudoku puzzle of the givens read (a ``variant`` puzzle of an ISS string), or a
        puzzle of ``kind``.

    Raises:
        ParseError: the text is not one puzzle; the message names the line and column of the
            first problem.
        UsageError: ``kind`` names no kind.
    """
    if kind is not None:
        return get_kind(kind).parse(text, box, alphabet)
    if is_iss(text):
        return read_iss(text)
    if is_notation(text.strip()):
        return read_notation(text.strip())
    records = read_records(split_lines(text), box, alphabet)
    record = next(records, None)
    if record is None:
        raise ParseError("empty input: expected a puzzle", 1)
    if record.error is not None:
        raise record.error
    extra = next(records, None)
    if extra is not None:
        raise ParseError("expected one puzzle, found more (a second one starts here)", extra.line)
    assert record.puzzle is not None
    return record.puzzle


def parse_cell(text: str, box: Geometry | None = None, alphabet: str = "auto") -> Puzzle:
    """One puzzle from a table cell or a database value: one line of N*N characters is kept
    as written (a space is a blank, also at either end); other text is read by
    :func:`parse_puzzle`."""
    if "\n" not in text and whole_grid(text) == len(text):
        return parse_line(text, box, alphabet)
    return parse_puzzle(text, box, alphabet)
