"""Tables of puzzles, told apart by their first line: CSV (or tab separated) with a header
naming a puzzle column, or a pasted SQL client or Markdown table (``id | puzzle`` then a
``---+---`` rule). Records of tables carry the row's key (an ``id`` column, or the column
named by ``key``)."""

from __future__ import annotations

import math
from collections.abc import Iterator

from satdoku.errors import ParseError, UsageError
from satdoku.formats.lines import SHOWN, NumberedLines, long_line, parsed_record
from satdoku.formats.record import Record
from satdoku.formats.source import LongLine
from satdoku.formats.text import MAX_CHAR_SIZE, parse_line
from satdoku.geometry import Geometry
from satdoku.lazy import compiled

PUZZLE_COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "question", "grid", "sudoku")
KEY_COLUMNS = ("id", "key", "name", "uid")
CSV_HEADER = compiled(r'\s*"?[A-Za-z_][\w .-]*"?\s*([,\t]\s*"?[\w .-]*"?\s*)+')
TABLE_HEADER = compiled(r"\s*\|?\s*[A-Za-z_][\w ]*(\|\s*[A-Za-z_][\w ]*)+\|?\s*")
TABLE_RULE = compiled(r"\s*\|?[\s:]*-[-\s:|+]*")
_TABLE_FOOTER = compiled(r"\s*\(\d+ rows?\)\s*")


def may_head(text: str) -> bool:
    """Whether ``text`` can be the header of a table (:data:`CSV_HEADER`,
    :data:`TABLE_HEADER`): past spaces, quotes and bars, a letter or ``_`` comes first. A line
    of a puzzle is told no without a regular expression."""
    for char in text:
        if not (char.isspace() or char in '"|'):
            return char.isascii() and (char.isalpha() or char == "_")
    return False


def csv_rows(
    stream: NumberedLines, box: Geometry | None, alphabet: str, key: str | None
) -> Iterator[Record]:
    import csv  # here: no other input needs a CSV reader

    _, header_line = stream.next_content() or (0, "")
    delimiter = "\t" if "\t" in header_line and "," not in header_line else ","
    header = [h.strip().lower() for h in header_line.split(delimiter)]
    column, key_column = _columns(header, key)
    for lineno, line in stream:
        if not line.strip():
            continue
        if isinstance(line, LongLine):
            yield long_line(lineno, line)
            continue
        try:
            fields = _csv_fields(line, delimiter)
        except csv.Error as err:
            yield Record(lineno, line[:SHOWN], error=ParseError(f"not a CSV row: {err}", lineno))
            continue
        yield _rowrecord(lineno, line, fields, header, column, key_column, box, alphabet, False)


def _csv_fields(line: str, delimiter: str) -> list[str]:
    if '"' not in line:
        return line.split(delimiter)
    import csv

    return next(csv.reader([line], delimiter=delimiter, strict=True), [])


def table_rows(
    stream: NumberedLines, box: Geometry | None, alphabet: str, key: str | None
) -> Iterator[Record]:
    """A pasted SQL client or Markdown table: a header, a rule, rows, maybe a footer."""
    _, header_line = stream.next_content() or (0, "")
    stream.pop()
    header = [h.strip().lower() for h in _pipe_fields(header_line)]
    column, key_column = _columns(header, key)
    for lineno, line in stream:
        if not line.strip() or _TABLE_FOOTER().fullmatch(line) or TABLE_RULE().fullmatch(line):
            continue
        if isinstance(line, LongLine):
            yield long_line(lineno, line)
            continue
        fields = _pipe_fields(line)
        yield _rowrecord(lineno, line, fields, header, column, key_column, box, alphabet, True)


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


def _rowrecord(
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
        return Record(lineno, line[:SHOWN], error=err, key=key)
    cell = _cell_text(fields[column], padded)
    return parsed_record(lineno, cell, lambda: parse_line(cell, box, alphabet, lineno), key)


def _cell_text(field: str, padded: bool) -> str:
    """A table cell's puzzle: kept as written when it is a whole grid of characters (blanks
    may be spaces), without the padding of a ``padded`` (SQL client) table; else stripped."""
    if padded:
        text = field.removeprefix(" ")
        ncells = whole_grid(text)
        if ncells and not text[ncells:].strip():
            return text[:ncells]
    elif whole_grid(field) == len(field):
        return field
    return field.strip()


def whole_grid(text: str) -> int:
    """The cells of the largest grid of characters that ``text`` starts with (0 if none)."""
    if "," in text or len(text) < 16:
        return 0
    side = min(math.isqrt(len(text)), MAX_CHAR_SIZE)
    return side * side
