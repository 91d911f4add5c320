"""Read puzzles from text: one (:func:`parse_puzzle`, :func:`as_puzzle`) or every puzzle of a
file or stdin as a stream of records, one per puzzle (:func:`read_records`).

Each puzzle's layout is decided where it starts, from its own first line and at most one
grid's worth of lines after it: a bad line is one invalid record, and the puzzle after it is
read afresh. What is read (docs/formats.md has an example of each):

* a whole puzzle on one line (the one-line forms of :mod:`satdoku.formats.text`);
* a grid, one row per line: values with or without spaces; ``|``, rules (``---+---``) and
  frames (``*-----*``, ``.---.---.``) are ignored; N rows make an N x N grid, a blank line
  ends it early (an invalid record);
* a ``Grid NN`` header (Project Euler, Norvig) or a ``[Puzzle]`` section (SadMan) before a
  grid; other ``[Section]`` blocks are skipped;
* a program literal: ``[[8, 0, ...], ...]``, ``type P = [0, 2, ...];``, ``["8 0 0 ...", ...]``;
* an f-puzzles or SudokuPad link, or a whole input that is an f-puzzles JSON document
  (:mod:`satdoku.formats.links`);
* an ISS constraint string on one line, ``.Thermo~R1C1~R1C2...`` (:mod:`satdoku.formats.iss`);
* a table, decided by the first line: CSV (or tab separated) with a header naming a puzzle
  column, or a pasted SQL client or Markdown table (``id | puzzle`` then a ``---+---`` rule).
  Records of tables carry the row's key (an ``id`` column, or the column named by ``key``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from functools import partial

from satdoku.errors import ParseError, SatdokuError, UsageError
from satdoku.formats.iss_start import is_iss, read_iss
from satdoku.formats.lines import SHOWN, Numbered, NumberedLines, long_line, parsed_record
from satdoku.formats.link_start import is_link
from satdoku.formats.notation_start import is_notation, read_notation
from satdoku.formats.record import Record
from satdoku.formats.source import MAX_LINE, LongLine
from satdoku.formats.tables import (
    CSV_HEADER,
    TABLE_HEADER,
    TABLE_RULE,
    csv_rows,
    may_head,
    table_rows,
)
from satdoku.formats.text import (
    MAX_CHAR_SIZE,
    MAX_SIZE,
    SEPARATOR_LINE,
    bad_cells,
    parse_line,
    parse_literal,
    parse_rows,
    row_width,
)
from satdoku.geometry import Geometry
from satdoku.lazy import compiled
from satdoku.model import Puzzle

_GRID_HEADER = compiled(r"\s*grid\b.*", re.IGNORECASE)
_PUZZLE_SECTION = compiled(r"\s*\[\s*puzzle\s*\]\s*", re.IGNORECASE)
_SECTION = compiled(r"\s*\[\s*[A-Za-z][\w ]*\]\s*")
_LITERAL = compiled(
    r"\s*(?:(?:type|let|const|var|val)\s+)?(?:[A-Za-z_]\w*\s*(?::[^=]*)?=\s*)?[\[(]"
)
_NAME_STARTS = frozenset("[gG")
"""First characters of a ``Grid NN`` header or a ``[Section]``."""
_NINE = Geometry(3, 3)
_NINE_LINE = re.compile(r"[0-9.]{81}")
"""A 9x9 on one line, digits and dots only: the commonest line of a big file, read without
the general reader's search for its form (which reads it the same way)."""
_DIGITS = compiled(r"[0-9.]+")
"""A line of digits and dots: a one-line puzzle or a grid's row, in no other form."""
_DIGIT_VALUES = bytes.maketrans(b".0123456789", bytes([0, *range(10)]))


def read_records(
    lines: Iterable[str],
    box: Geometry | None = None,
    alphabet: str = "auto",
    key: str | None = None,
) -> Iterator[Record]:
    """Read every puzzle of ``lines``, one :class:`Record` per puzzle, as a stream.

    Args:
        lines: a file object or any iterable of lines, in the forms of the module's
            docstring (read best from :func:`satdoku.formats.source.text_lines`, which caps
            line lengths and refuses binary data).
        box: the box shape when the size is not a square number (6x6: ``Geometry(2, 3)``).
        alphabet: as for :func:`~satdoku.formats.text.parse_puzzle`.
        key: the column of a table whose value each record carries (default: a column named
            ``id``, ``key``, ``name`` or ``uid``, or ending in ``_id``).

    Yields:
        A :class:`Record` per puzzle, in order: its line number, its text, and the puzzle,
        or the :class:`~satdoku.errors.SatdokuError` that kept it from parsing (reading
        goes on after a bad record).

    Raises:
        UsageError: ``key`` names no column of the input's table, or the input is no table.
    """
    stream = NumberedLines(lines)
    stream.skip_blanks()
    head = stream.peek()
    if head is None:
        return
    text = head[1]
    rule = stream.peek(1)
    header = may_head(text)
    if text.lstrip().startswith("{"):
        yield _json_document(stream)
    elif header and CSV_HEADER().fullmatch(text) and _parse_or_none(text, box, alphabet) is None:
        yield from csv_rows(stream, box, alphabet, key)
    elif (
        header
        and TABLE_HEADER().fullmatch(text)
        and rule is not None
        and TABLE_RULE().fullmatch(rule[1])
    ):
        yield from table_rows(stream, box, alphabet, key)
    elif key is not None:
        raise UsageError(f"--key {key}: the input is not a table with a header (CSV or SQL)")
    else:
        yield from _puzzles(stream, box, alphabet)


def nine_line(text: str) -> tuple[tuple[int, int], bytes] | None:
    """The box shape and the givens (a byte per cell) of a 9x9 on one line of digits and dots,
    as :class:`Record` takes them (``plain``) without making its puzzle; None for any other
    text."""
    if _NINE_LINE.fullmatch(text) is None:
        return None
    return (3, 3), text.encode("ascii").translate(_DIGIT_VALUES)


def _puzzles(stream: NumberedLines, box: Geometry | None, alphabet: str) -> Iterator[Record]:
    """Puzzles one after another, each in the form its first line shows."""
    nine = alphabet == "auto" and box in (None, _NINE)
    while (item := stream.next_content()) is not None:
        lineno, text = item
        if nine and (plain := nine_line(text)) is not None:
            yield Record(lineno, text, plain=plain)
            continue
        named = text.lstrip()[:1] in _NAME_STARTS
        if isinstance(text, LongLine):
            yield long_line(lineno, text)
        elif is_notation(text):
            yield parsed_record(lineno, text, partial(read_notation, text, lineno))
        elif _DIGITS().fullmatch(text):
            yield _line_or_grid(stream, lineno, text, box, alphabet)
        elif named and (_GRID_HEADER().fullmatch(text) or _PUZZLE_SECTION().fullmatch(text)):
            yield _headed_grid(stream, lineno, box, alphabet)
        elif named and _SECTION().fullmatch(text):
            _skip_section(stream)
        elif SEPARATOR_LINE().fullmatch(text):
            continue
        elif is_iss(text):
            yield parsed_record(lineno, text, partial(read_iss, text, lineno))
        elif is_link(text):
            yield parsed_record(lineno, text, partial(_read_link, text, lineno))
        elif _LITERAL().match(text):
            yield _literal(stream, lineno, text, box, alphabet)
        else:
            yield _line_or_grid(stream, lineno, text, box, alphabet)


def _json_document(stream: NumberedLines) -> Record:
    """A whole input that is one JSON document: an f-puzzles puzzle (``-f puzzle.json``)."""
    start = stream.peek()
    assert start is not None
    parts: list[str] = []
    size = 0
    for lineno, line in stream:
        size += len(line) + 1
        if isinstance(line, LongLine) or size > MAX_LINE:
            error = ParseError(f"a JSON document longer than {MAX_LINE:,} characters", lineno)
            return Record(start[0], "\n".join(parts)[:SHOWN], error=error)
        parts.append(line)
    text = "\n".join(parts)
    return parsed_record(start[0], text, lambda: _read_link(text, start[0]))


def _line_or_grid(
    stream: NumberedLines, lineno: int, text: str, box: Geometry | None, alphabet: str
) -> Record:
    """A whole puzzle on this line, or the first row of a grid: a grid when the line is a
    plausible row and the next line of its block is no whole puzzle (and, when this line is
    a whole puzzle, a row as wide)."""
    record = parsed_record(lineno, text, lambda: parse_line(text, box, alphabet, lineno))
    width = _row_start(text, box)
    if width is None:
        return record
    after = stream.next_row()
    if after is None or _parse_or_none(after[1], box, alphabet) is not None:
        return record
    if record.puzzle is not None and row_width(after[1]) != width:
        return record
    return _grid(stream, (lineno, text), width, box, alphabet)


def _row_start(text: str, box: Geometry | None) -> int | None:
    """The width of the grid ``text`` can be the first row of (at most one bad cell), or None."""
    if len(text) > MAX_CHAR_SIZE and not any(sep in text for sep in ", \t|"):
        return None  # characters only: too many for a row
    width = row_width(text)
    if not 4 <= width <= MAX_SIZE:
        return None
    if box is not None and box.size != width:
        return None
    if box is None and all(width % r for r in range(2, math.isqrt(width) + 1)):
        return None  # a prime width: no box shape
    return width if bad_cells(text, width) <= 1 else None


def _parse_or_none(text: str, box: Geometry | None, alphabet: str) -> Puzzle | None:
    try:
        return parse_line(text, box, alphabet)
    except SatdokuError:
        return None


def _grid(
    stream: NumberedLines,
    first: Numbered,
    width: int,
    box: Geometry | None,
    alphabet: str,
    start: int | None = None,
) -> Record:
    """A grid of ``width`` rows from ``first`` on; a blank line or a header ends it early."""
    rows = [first]
    while len(rows) < width and (item := stream.peek()) is not None:
        text = item[1]
        if not text.strip() or isinstance(text, LongLine) or _ends_grid(text):
            break
        stream.pop()
        if not SEPARATOR_LINE().fullmatch(text):
            rows.append(item)
    text = "\n".join(line for _, line in rows)
    return parsed_record(start or first[0], text, lambda: parse_rows(rows, box, alphabet, width))


def _ends_grid(text: str) -> bool:
    return bool(_GRID_HEADER().fullmatch(text) or _SECTION().fullmatch(text))


def _headed_grid(stream: NumberedLines, header: int, box: Geometry | None, alphabet: str) -> Record:
    """The grid after a ``Grid NN`` header or a ``[Puzzle]`` section."""
    stream.skip_blanks()
    while (item := stream.peek()) is not None and SEPARATOR_LINE().fullmatch(item[1]):
        stream.pop()
    if item is None or isinstance(item[1], LongLine) or _ends_grid(item[1]):
        return Record(header, "", error=ParseError("expected grid rows after this header", header))
    stream.pop()
    return _grid(stream, item, row_width(item[1]), box, alphabet, start=header)


def _skip_section(stream: NumberedLines) -> None:
    """Skip the lines of a ``[Section]`` that holds no puzzle, up to the next section."""
    while (item := stream.peek()) is not None and not _ends_grid(item[1]):
        stream.pop()


def _literal(
    stream: NumberedLines, lineno: int, text: str, box: Geometry | None, alphabet: str
) -> Record:
    """A program literal, over as many lines as its brackets take."""
    parts = [text]
    depth = _depth(text)
    while depth > 0 and len(parts) <= MAX_SIZE + 2 and (item := stream.peek()) is not None:
        if isinstance(item[1], LongLine):
            break
        stream.pop()
        parts.append(item[1])
        depth += _depth(item[1])
    body = "\n".join(parts)
    return parsed_record(lineno, body, lambda: parse_literal(body, box, alphabet, lineno))


def _depth(text: str) -> int:
    return text.count("[") + text.count("(") - text.count("]") - text.count(")")


def _read_link(text: str, lineno: int = 1) -> Puzzle:
    """:func:`satdoku.formats.links.parse_link`, its reader loaded on the first link."""
    from satdoku.formats.links import parse_link

    return parse_link(text, lineno)
