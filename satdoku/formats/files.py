"""Read every puzzle of a file (or stdin) as a stream of records, one per puzzle.

Layouts, told apart by the first line that is not blank or a ``#`` comment (or, when that
line is none of them and the next one is a whole puzzle, by the next one):

* ``Grid NN`` blocks (Project Euler / Norvig): a header line, then the rows of one grid;
* CSV with a header naming a puzzle column (``quizzes``, ``puzzle``, ...; Kaggle's
  ``quizzes,solutions``);
* one puzzle per line (any one-line format of :mod:`satdoku.formats.text`);
* otherwise multi-line grids, one after another (blank lines between them are optional).

A record that cannot be parsed carries its error instead of a puzzle; reading goes on.
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain

from satdoku.errors import ParseError, SatdokuError
from satdoku.formats.text import SEPARATOR_LINE, TOKEN, parse_line, parse_rows
from satdoku.geometry import Geometry
from satdoku.model import Puzzle

PUZZLE_COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "question", "grid", "sudoku")
_GRID_HEADER = re.compile(r"\s*grid\b.*", re.IGNORECASE)
_CSV_HEADER = re.compile(r"[^,]*[A-Za-z][^,]*,.*")


@dataclass(frozen=True)
class Record:
    """One puzzle of an input: where it starts, its text, and the puzzle or the parse error."""

    line: int
    text: str
    puzzle: Puzzle | None = None
    error: SatdokuError | None = None


def read_records(
    lines: Iterable[str], box: Geometry | None = None, alphabet: str = "auto"
) -> Iterator[Record]:
    """Read every puzzle of ``lines``, one :class:`Record` per puzzle, as a stream.

    Args:
        lines: a file object or any iterable of lines, in one of the layouts of the module's
            docstring (found from the first line that is not blank or a ``#`` comment).
        box: the box shape when the size is not a square number (6x6: ``Geometry(2, 3)``).
        alphabet: as for :func:`~satdoku.formats.text.parse_puzzle`.

    Yields:
        A :class:`Record` per puzzle, in order: its line number, its text, and the puzzle,
        or the :class:`~satdoku.errors.SatdokuError` that kept it from parsing (reading
        goes on after a bad record).
    """
    numbered = ((i, line.rstrip("\r\n")) for i, line in enumerate(lines, 1))
    content = ((i, line) for i, line in numbered if _is_content(line))
    first = next(content, None)
    if first is None:
        return
    stream = chain([first], content)
    text = first[1]
    if _GRID_HEADER.fullmatch(text):
        yield from _grid_blocks(stream, box, alphabet)
    elif _CSV_HEADER.fullmatch(text) and not _looks_like_puzzle(text):
        yield from _csv_rows(stream, box, alphabet)
    elif _looks_like_puzzle(text):
        yield from _one_per_line(stream, box, alphabet)
    else:
        second = next(content, None)
        if second is not None and _looks_like_puzzle(second[1]):
            # a stray first line (a title, a lone comma) before one puzzle per line: it is
            # one invalid record, and does not decide how the lines after it are read
            yield from _one_per_line(chain([first, second], content), box, alphabet)
        else:
            rest = content if second is None else chain([second], content)
            yield from _row_blocks(chain([first], rest), box, alphabet)


def _one_per_line(
    stream: Iterator[tuple[int, str]], box: Geometry | None, alphabet: str
) -> Iterator[Record]:
    for lineno, line in stream:
        yield _record(lineno, line, lambda ln=line, n=lineno: parse_line(ln, box, alphabet, n))


def _is_content(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _looks_like_puzzle(line: str) -> bool:
    """A line long enough to be a whole puzzle (16 cells or more) rather than one grid row."""
    ncells = len(line) if "," not in line and len(line) <= 35 * 35 else 0
    if not _square_at_least_16(ncells):
        ncells = len(TOKEN.findall(line))
    return _square_at_least_16(ncells)


def _square_at_least_16(n: int) -> bool:
    return n >= 16 and math.isqrt(n) ** 2 == n


def _record(lineno: int, text: str, parse: object) -> Record:
    try:
        puzzle = parse()  # type: ignore[operator]
    except SatdokuError as err:
        return Record(lineno, text, error=err)
    return Record(lineno, text, puzzle=puzzle)


def _rows_record(
    rows: list[tuple[int, str]],
    box: Geometry | None,
    alphabet: str,
    size: int | None = None,
    start: int | None = None,
) -> Record:
    """A grid written over ``rows``; the record starts at ``start`` (its header) if given."""
    text = "\n".join(line for _, line in rows)
    return _record(start or rows[0][0], text, lambda: parse_rows(rows, box, alphabet, size))


def _grid_blocks(
    stream: Iterator[tuple[int, str]], box: Geometry | None, alphabet: str
) -> Iterator[Record]:
    rows: list[tuple[int, str]] = []
    header = 0
    for lineno, line in stream:
        if _GRID_HEADER.fullmatch(line):
            if rows:
                yield _rows_record(rows, box, alphabet, start=header)
            elif header:
                yield Record(
                    header, "", error=ParseError("expected grid rows after this header", header)
                )
            rows, header = [], lineno
        else:
            rows.append((lineno, line))
    if rows:
        yield _rows_record(rows, box, alphabet, start=header)
    elif header:
        yield Record(header, "", error=ParseError("expected grid rows after this header", header))


def _csv_rows(
    stream: Iterator[tuple[int, str]], box: Geometry | None, alphabet: str
) -> Iterator[Record]:
    _, header_line = next(stream)
    header = [h.strip().lower() for h in next(csv.reader([header_line]))]
    column = next((header.index(name) for name in PUZZLE_COLUMNS if name in header), 0)
    for lineno, line in stream:
        fields = next(csv.reader([line]), [])
        if column >= len(fields):
            err = ParseError(
                f"expected a value in CSV column {column + 1} ({header[column]})", lineno
            )
            yield Record(lineno, line, error=err)
            continue
        cell = fields[column].strip()
        yield _record(lineno, cell, lambda c=cell, n=lineno: parse_line(c, box, alphabet, n))


def _row_blocks(
    stream: Iterator[tuple[int, str]], box: Geometry | None, alphabet: str
) -> Iterator[Record]:
    """Grids written one row per line, one after another: N rows make one grid."""
    rows: list[tuple[int, str]] = []
    size = 0
    for lineno, line in stream:
        if SEPARATOR_LINE.fullmatch(line):
            continue
        if not rows:
            size = box.size if box else _row_length(line)
        rows.append((lineno, line))
        if len(rows) == size:
            yield _rows_record(rows, box, alphabet, size)
            rows = []
    if rows:
        yield _rows_record(rows, box, alphabet, size)


def _row_length(line: str) -> int:
    tokens = TOKEN.findall(line)
    if all(len(t) == 1 for t in tokens) or len(tokens) == 1:
        return sum(len(t) for t in tokens)
    return len(tokens)
