"""One puzzle from its text (:func:`parse_puzzle`, :func:`parse_cell`), and what every
public function accepts as a puzzle (:func:`as_puzzle`)."""

from __future__ import annotations

from satdoku.errors import ParseError
from satdoku.formats.files import read_records
from satdoku.formats.iss_start import is_iss, read_iss
from satdoku.formats.lines import split_lines
from satdoku.formats.tables import whole_grid
from satdoku.formats.text import parse_line
from satdoku.geometry import Geometry
from satdoku.model import Puzzle


def as_puzzle(puzzle: Puzzle | str, box: Geometry | str | None = None) -> Puzzle:
    """``puzzle`` as it is, or parsed from its text: what every public function accepts.

    Args:
        puzzle: a :class:`Puzzle`, or text that :func:`parse_puzzle` reads.
        box: the box shape of the text (a :class:`Geometry` or ``"2x3"``), needed when the
            size is not a square number; ignored for a :class:`Puzzle`.

    Raises:
        ParseError: the text does not parse.
        UsageError: ``box`` is not a box shape.
        TypeError: ``puzzle`` is neither a :class:`Puzzle` nor a string.
    """
    if isinstance(puzzle, Puzzle):
        return puzzle
    if not isinstance(puzzle, str):
        raise TypeError(f"expected a Puzzle or its text, got {type(puzzle).__name__}")
    geometry = Geometry.parse(box) if isinstance(box, str) else box
    return parse_puzzle(puzzle, geometry)


def parse_puzzle(text: str, box: Geometry | None = None, alphabet: str = "auto") -> Puzzle:
    """Parse ``text`` holding one puzzle, in any form :func:`read_records` reads.

    Args:
        text: one puzzle: one line, a grid of rows, a literal, a link, an ISS constraint
            string (over any number of lines), ... (``#`` lines and blank lines are skipped);
            the forms are in the module's docstring.
        box: the box shape, needed when N is not a square number (6x6 with 2x3 boxes:
            ``Geometry(2, 3)``); left out, N must be a square number.
        alphabet: ``auto`` (``1-9`` then ``A-Z``), ``1-9A-Z``, or ``0-F`` for 16x16 written
            with ``0`` as a value.

    Returns:
        A plain Sudoku puzzle of the givens read (a ``variant`` puzzle of an ISS string).

    Raises:
        ParseError: the text is not one puzzle; the message names the line and column of the
            first problem.
    """
    if is_iss(text):
        return read_iss(text)
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
