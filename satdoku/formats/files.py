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
* a table, decided by the first line: CSV (or tab separated) with a header naming a puzzle
  column, or a pasted SQL client or Markdown table (``id | puzzle`` then a ``---+---`` rule).
  Records of tables carry the row's key (an ``id`` column, or the column named by ``key``).
"""

from __future__ import annotations

import csv
import math
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import partial

from satdoku.errors import ParseError, SatdokuError, UsageError
from satdoku.formats.links import is_link, parse_link
from satdoku.formats.source import MAX_LINE, MAX_SIZE, LongLine
from satdoku.formats.text import (
    MAX_CHAR_SIZE,
    SEPARATOR_LINE,
    bad_cells,
    parse_line,
    parse_literal,
    parse_rows,
    row_width,
)
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle

PUZZLE_COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "question", "grid", "sudoku")
KEY_COLUMNS = ("id", "key", "name", "uid")
_GRID_HEADER = re.compile(r"\s*grid\b.*", re.IGNORECASE)
_PUZZLE_SECTION = re.compile(r"\s*\[\s*puzzle\s*\]\s*", re.IGNORECASE)
_SECTION = re.compile(r"\s*\[\s*[A-Za-z][\w ]*\]\s*")
_LITERAL = re.compile(
    r"\s*(?:(?:type|let|const|var|val)\s+)?(?:[A-Za-z_]\w*\s*(?::[^=]*)?=\s*)?[\[(]"
)
_CSV_HEADER = re.compile(r'\s*"?[A-Za-z_][\w .-]*"?\s*([,\t]\s*"?[\w .-]*"?\s*)+')
_TABLE_HEADER = re.compile(r"\s*\|?\s*[A-Za-z_][\w ]*(\|\s*[A-Za-z_][\w ]*)+\|?\s*")
_TABLE_RULE = re.compile(r"\s*\|?[\s:]*-[-\s:|+]*")
_TABLE_FOOTER = re.compile(r"\s*\(\d+ rows?\)\s*")
_NAME_STARTS = frozenset("[gG")
"""First characters of a ``Grid NN`` header or a ``[Section]``."""
_NINE = Geometry(3, 3)
_NINE_LINE = re.compile(r"[0-9.]{81}")
"""A 9x9 on one line, digits and dots only: the commonest line of a big file, read without
the general reader's search for its form (which reads it the same way)."""
_DIGIT_VALUES = bytes.maketrans(b".0123456789", bytes([0, *range(10)]))
_SHOWN = 80
"""Characters of an over-long line kept in its record."""

Numbered = tuple[int, str]


class Record:
    """One puzzle of an input: where it starts, its text, the puzzle or the parse error, and
    the key of its table row (None outside tables). Readers make it whole; nothing changes it
    after (its puzzle is made at most once).

    A reader may give, instead of the puzzle, ``plain``: the box shape and the givens (a byte
    per cell) of a plain Sudoku, whose :class:`Puzzle` is then made when first asked for (a
    batch hands the givens to the search without one).
    """

    __slots__ = ("_puzzle", "error", "key", "line", "plain", "text")

    line: int
    text: str
    error: SatdokuError | None
    key: str | None
    plain: tuple[tuple[int, int], bytes] | None
    """(box rows, box columns) and the givens of a plain Sudoku, when the reader gave them."""

    def __init__(
        self,
        line: int,
        text: str,
        puzzle: Puzzle | None = None,
        error: SatdokuError | None = None,
        key: str | None = None,
        plain: tuple[tuple[int, int], bytes] | None = None,
    ) -> None:
        self.line = line
        self.text = text
        self._puzzle = puzzle
        self.error = error
        self.key = key
        self.plain = plain

    @property
    def puzzle(self) -> Puzzle | None:
        """The puzzle; None when the text did not parse."""
        if self._puzzle is None and self.plain is not None:
            (rows, cols), givens = self.plain
            self._puzzle = sudoku(Geometry(rows, cols), givens)
        return self._puzzle

    def _fields(self) -> tuple[object, ...]:
        return (self.line, self.text, self.puzzle, self.error, self.key)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        line, text, puzzle, error, key = self._fields()
        return (
            f"Record(line={line!r}, text={text!r}, puzzle={puzzle!r}, error={error!r}, key={key!r})"
        )


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
        text: one puzzle: one line, a grid of rows, a literal, a link, ... (``#`` lines and
            blank lines are skipped); the forms are in the module's docstring.
        box: the box shape, needed when N is not a square number (6x6 with 2x3 boxes:
            ``Geometry(2, 3)``); left out, N must be a square number.
        alphabet: ``auto`` (``1-9`` then ``A-Z``), ``1-9A-Z``, or ``0-F`` for 16x16 written
            with ``0`` as a value.

    Returns:
        A plain Sudoku puzzle of the givens read.

    Raises:
        ParseError: the text is not one puzzle; the message names the line and column of the
            first problem.
    """
    records = read_records(text.split("\n"), box, alphabet)
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
    if "\n" not in text and _whole_grid(text) == len(text):
        return parse_line(text, box, alphabet)
    return parse_puzzle(text, box, alphabet)


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
    stream = _Lines(lines)
    stream.skip_blanks()
    head = stream.peek()
    if head is None:
        return
    text = head[1]
    rule = stream.peek(1)
    if text.lstrip().startswith("{"):
        yield _json_document(stream)
    elif _CSV_HEADER.fullmatch(text) and _parse_or_none(text, box, alphabet) is None:
        yield from _csv_rows(stream, box, alphabet, key)
    elif _TABLE_HEADER.fullmatch(text) and rule is not None and _TABLE_RULE.fullmatch(rule[1]):
        yield from _table_rows(stream, box, alphabet, key)
    elif key is not None:
        raise UsageError(f"--key {key}: the input is not a table with a header (CSV or SQL)")
    else:
        yield from _puzzles(stream, box, alphabet)


class _Lines:
    """Numbered lines without their line ends (``#`` comments dropped), with lookahead."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._source = _numbered(lines)
        self._ahead: deque[Numbered] = deque()

    def peek(self, k: int = 0) -> Numbered | None:
        """The ``k``-th line ahead, not taken."""
        while len(self._ahead) <= k:
            item = next(self._source, None)
            if item is None:
                return None
            self._ahead.append(item)
        return self._ahead[k]

    def pop(self) -> Numbered | None:
        return self._ahead.popleft() if self._ahead else next(self._source, None)

    def skip_blanks(self) -> None:
        while (item := self.peek()) is not None and not item[1].strip():
            self.pop()

    def next_content(self) -> Numbered | None:
        while (item := self.pop()) is not None and (not item[1] or item[1].isspace()):
            pass
        return item

    def next_row(self) -> Numbered | None:
        """The next row of the current block (rules skipped), not taken; None at a blank line."""
        k = 0
        while (item := self.peek(k)) is not None and item[1].strip():
            if not SEPARATOR_LINE.fullmatch(item[1]):
                return item
            k += 1
        return None

    def __iter__(self) -> Iterator[Numbered]:
        while (item := self.pop()) is not None:
            yield item


def _numbered(lines: Iterable[str]) -> Iterator[Numbered]:
    """The lines numbered from 1, without line ends, ``#`` comments left out."""
    for i, line in enumerate(lines, 1):
        text = _strip(line, i == 1)
        start = text[:1]
        if start != "#" and not (start.isspace() and text.lstrip().startswith("#")):
            yield i, text


def _strip(line: str, first: bool) -> str:
    if isinstance(line, LongLine):
        return line
    line = line.rstrip("\r\n")
    return line.removeprefix("\ufeff") if first else line


def _puzzles(stream: _Lines, box: Geometry | None, alphabet: str) -> Iterator[Record]:
    """Puzzles one after another, each in the form its first line shows."""
    nine = alphabet == "auto" and box in (None, _NINE)
    while (item := stream.next_content()) is not None:
        lineno, text = item
        if nine and _NINE_LINE.fullmatch(text):
            yield Record(
                lineno, text, plain=((3, 3), text.encode("ascii").translate(_DIGIT_VALUES))
            )
            continue
        named = text.lstrip()[:1] in _NAME_STARTS
        if isinstance(text, LongLine):
            yield _long_line(lineno, text)
        elif named and (_GRID_HEADER.fullmatch(text) or _PUZZLE_SECTION.fullmatch(text)):
            yield _headed_grid(stream, lineno, box, alphabet)
        elif named and _SECTION.fullmatch(text):
            _skip_section(stream)
        elif SEPARATOR_LINE.fullmatch(text):
            continue
        elif is_link(text):
            yield _record(lineno, text, partial(parse_link, text, lineno))
        elif _LITERAL.match(text):
            yield _literal(stream, lineno, text, box, alphabet)
        else:
            yield _line_or_grid(stream, lineno, text, box, alphabet)


def _json_document(stream: _Lines) -> Record:
    """A whole input that is one JSON document: an f-puzzles puzzle (``-f puzzle.json``)."""
    start = stream.peek()
    assert start is not None
    parts: list[str] = []
    size = 0
    for lineno, line in stream:
        size += len(line) + 1
        if isinstance(line, LongLine) or size > MAX_LINE:
            error = ParseError(f"a JSON document longer than {MAX_LINE:,} characters", lineno)
            return Record(start[0], "\n".join(parts)[:_SHOWN], error=error)
        parts.append(line)
    text = "\n".join(parts)
    return _record(start[0], text, lambda: parse_link(text, start[0]))


def _long_line(lineno: int, text: LongLine) -> Record:
    error = ParseError(
        f"a line of {text.length:,} characters is longer than any puzzle (at most {MAX_LINE:,})",
        lineno,
    )
    return Record(lineno, text[:_SHOWN] + "...", error=error)


def _line_or_grid(
    stream: _Lines, lineno: int, text: str, box: Geometry | None, alphabet: str
) -> Record:
    """A whole puzzle on this line, or the first row of a grid: a grid when the line is a
    plausible row and the next line of its block is no whole puzzle (and, when this line is
    a whole puzzle, a row as wide)."""
    record = _record(lineno, text, lambda: parse_line(text, box, alphabet, lineno))
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
    stream: _Lines,
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
        if not SEPARATOR_LINE.fullmatch(text):
            rows.append(item)
    text = "\n".join(line for _, line in rows)
    return _record(start or first[0], text, lambda: parse_rows(rows, box, alphabet, width))


def _ends_grid(text: str) -> bool:
    return bool(_GRID_HEADER.fullmatch(text) or _SECTION.fullmatch(text))


def _headed_grid(stream: _Lines, header: int, box: Geometry | None, alphabet: str) -> Record:
    """The grid after a ``Grid NN`` header or a ``[Puzzle]`` section."""
    stream.skip_blanks()
    while (item := stream.peek()) is not None and SEPARATOR_LINE.fullmatch(item[1]):
        stream.pop()
    if item is None or isinstance(item[1], LongLine) or _ends_grid(item[1]):
        return Record(header, "", error=ParseError("expected grid rows after this header", header))
    stream.pop()
    return _grid(stream, item, row_width(item[1]), box, alphabet, start=header)


def _skip_section(stream: _Lines) -> None:
    """Skip the lines of a ``[Section]`` that holds no puzzle, up to the next section."""
    while (item := stream.peek()) is not None and not _ends_grid(item[1]):
        stream.pop()


def _literal(stream: _Lines, lineno: int, text: str, box: Geometry | None, alphabet: str) -> Record:
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
    return _record(lineno, body, lambda: parse_literal(body, box, alphabet, lineno))


def _depth(text: str) -> int:
    return text.count("[") + text.count("(") - text.count("]") - text.count(")")


def _record(lineno: int, text: str, parse: Callable[[], Puzzle], key: str | None = None) -> Record:
    try:
        return Record(lineno, text, puzzle=parse(), key=key)
    except SatdokuError as err:
        return Record(lineno, text, error=err, key=key)


def _csv_rows(
    stream: _Lines, box: Geometry | None, alphabet: str, key: str | None
) -> Iterator[Record]:
    _, header_line = stream.next_content() or (0, "")
    delimiter = "\t" if "\t" in header_line and "," not in header_line else ","
    header = [h.strip().lower() for h in header_line.split(delimiter)]
    column, key_column = _columns(header, key)
    for lineno, line in stream:
        if not line.strip():
            continue
        if isinstance(line, LongLine):
            yield _long_line(lineno, line)
            continue
        try:
            fields = _csv_fields(line, delimiter)
        except csv.Error as err:
            yield Record(lineno, line[:_SHOWN], error=ParseError(f"not a CSV row: {err}", lineno))
            continue
        yield _row_record(lineno, line, fields, header, column, key_column, box, alphabet, False)


def _csv_fields(line: str, delimiter: str) -> list[str]:
    if '"' not in line:
        return line.split(delimiter)
    return next(csv.reader([line], delimiter=delimiter, strict=True), [])


def _table_rows(
    stream: _Lines, box: Geometry | None, alphabet: str, key: str | None
) -> Iterator[Record]:
    """A pasted SQL client or Markdown table: a header, a rule, rows, maybe a footer."""
    _, header_line = stream.next_content() or (0, "")
    stream.pop()
    header = [h.strip().lower() for h in _pipe_fields(header_line)]
    column, key_column = _columns(header, key)
    for lineno, line in stream:
        if not line.strip() or _TABLE_FOOTER.fullmatch(line) or _TABLE_RULE.fullmatch(line):
            continue
        if isinstance(line, LongLine):
            yield _long_line(lineno, line)
            continue
        fields = _pipe_fields(line)
        yield _row_record(lineno, line, fields, header, column, key_column, box, alphabet, True)


def _pipe_fields(line: str) -> list[str]:
    text = line.lstrip()
    text = text[1:] if text.startswith("|") else line
    text = text.rstrip()[:-1] if text.rstrip().endswith("|") else text
    return text.split("|")


def _columns(header: list[str], key: str | None) -> tuple[int, int | None]:
    """(the puzzle column, the key column) of a table's header."""
    named = [header.index(name) for name in PUZZLE_COLUMNS if name in header]
    keys = [i for i, name in enumerate(header) if name in KEY_COLUMNS or name.endswith("_id")]
    if key is not None:
        if key.lower() not in header:
            raise UsageError(f"--key {key}: no such column; the columns are {', '.join(header)}")
        keys = [header.index(key.lower())]
    others = [i for i in range(len(header)) if i not in keys]
    column = named[0] if named else others[0] if others else 0
    if key is not None:
        return column, keys[0]
    return column, next((i for i in keys if i != column), None)


def _row_record(
    lineno: int,
    line: str,
    fields: list[str],
    header: list[str],
    column: int,
    key_column: int | None,
    box: Geometry | None,
    alphabet: str,
    padded: bool,
) -> Record:
    key = None
    if key_column is not None and key_column < len(fields):
        key = fields[key_column].strip()
    if column >= len(fields):
        err = ParseError(f"expected a value in column {column + 1} ({header[column]})", lineno)
        return Record(lineno, line[:_SHOWN], error=err, key=key)
    cell = _cell_text(fields[column], padded)
    return _record(lineno, cell, lambda: parse_line(cell, box, alphabet, lineno), key)


def _cell_text(field: str, padded: bool) -> str:
    """A table cell's puzzle: kept as written when it is a whole grid of characters (blanks
    may be spaces), without the padding of a ``padded`` (SQL client) table; else stripped."""
    if padded:
        text = field.removeprefix(" ")
        ncells = _whole_grid(text)
        if ncells and not text[ncells:].strip():
            return text[:ncells]
    elif _whole_grid(field) == len(field):
        return field
    return field.strip()


def _whole_grid(text: str) -> int:
    """The cells of the largest grid of characters that ``text`` starts with (0 if none)."""
    if "," in text or len(text) < 16:
        return 0
    side = min(math.isqrt(len(text)), MAX_CHAR_SIZE)
    return side * side
