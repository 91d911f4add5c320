"""Reading Kakuro (:mod:`satdoku.kinds.kakuro`).

Formats (docs/kakuro.md), both made of the same cell tokens, a row's tokens separated by
white space (spaces or tabs):

* ``-`` a block; ``0`` or ``.`` a white cell (``1``-``9``: a white cell with a given digit);
* ``D,A`` (or ``D\\A``) a clue cell: ``D`` the sum of the run below it, ``A`` of the run to its
  right; either may be empty (``16,`` or ``,23``) or ``0`` (``16\\0``, ``0\\23``): a clue is
  never 0, so a ``0`` half is no clue and ``0\\0`` is a block.

A puzzle with a ``0`` half anywhere is in the zero-half notation and is drawn in it (blocks
``0\\0``, lone clues ``17\\0`` and ``0\\30``); otherwise blocks are ``-`` and lone clues
``17\\`` and ``\\30``.

Text: one grid row per line, puzzles separated by blank lines. JSON Lines (the format of
``shared/data/kakuro``): one object per line with ``grid`` (the rows as strings) and optional
``id``, ``rows``, ``cols``, ``solution``.

Limits, checked as the text is read: at most :data:`MAX_SIDE` rows and cells per row, rows
of at most :data:`MAX_ROW` characters, clues 1-:data:`MAX_CLUE`, JSON lines of at most
:data:`MAX_JSON_LINE` characters.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from satdoku.errors import ParseError, SatdokuError
from satdoku.formats.kind import Kind, Lines, content_lines
from satdoku.formats.record import Record
from satdoku.geometry import Geometry
from satdoku.kinds.kakuro import BLOCK, WHITE, Clue, Token, kakuro
from satdoku.model import Puzzle

MAX_CLUE = 45
"""The largest clue: the sum of the nine digits 1-9."""
MAX_SIDE = 100
"""The most rows of a Kakuro, and the most cells in one of its rows."""
MAX_ROW = 10_000
"""The most characters of one row."""
MAX_JSON_LINE = 1 << 20
"""The most characters of one JSON Lines object."""
_CLUE = re.compile(r"([0-9]*)[,\\]([0-9]*)")
_TOKEN = re.compile(r"\S+")
_SHOWN = 24
"""The most characters of a token quoted in an error message."""


@dataclass(frozen=True)
class Cell:
    """A cell as written: its token, and whether a clue half of it was written as ``0``."""

    token: Token
    zero_half: bool = False


def parse_token(text: str, lineno: int, column: int) -> Cell:
    """One cell token; a clue of no halves (``0\\0``, ``,``) is a block."""
    if text == BLOCK:
        return Cell(None)
    if text in WHITE:
        return Cell(0)
    if len(text) == 1 and text in "123456789":
        return Cell(int(text))
    m = _CLUE.fullmatch(text)
    if m is None:
        raise ParseError(
            "expected - (block), 0 (white cell), a digit 1-9 or a clue D,A or D\\A,"
            f" found {_shown(text)}",
            lineno,
            column,
        )
    down, across = (_clue_half(g, text, lineno, column) for g in m.groups())
    zero_half = any(g and g.strip("0") == "" for g in m.groups())
    return Cell(None if down is None and across is None else Clue(down, across), zero_half)


def _clue_half(digits: str, token: str, lineno: int, column: int) -> int | None:
    """The sum written as ``digits``; None for none (empty or 0)."""
    significant = digits.lstrip("0")
    if not significant:
        return None
    if len(significant) > 2 or int(significant) > MAX_CLUE:
        raise ParseError(
            f"a clue is at most {MAX_CLUE} (the nine digits 1-9), found {_shown(token)}",
            lineno,
            column,
        )
    return int(significant)


def _shown(text: str, quoted: bool = True) -> str:
    """``text`` for a message, cut short when long; ``quoted`` (a token): in quotes, with
    control characters escaped and a backslash shown as written."""
    start = repr(text[:_SHOWN]).replace("\\\\", "\\") if quoted else text[:_SHOWN]
    return start if len(text) <= _SHOWN else f"{start}... ({len(text)} characters)"


def parse_rows(rows: Lines) -> Puzzle:
    """A Kakuro from its rows of tokens, as (line number, text) pairs."""
    if len(rows) > MAX_SIDE:
        raise ParseError(f"a Kakuro has at most {MAX_SIDE} rows", rows[MAX_SIDE][0])
    cells = [_row_cells(lineno, line) for lineno, line in rows]
    width = len(cells[0])
    for (lineno, _), row in zip(rows, cells, strict=True):
        if len(row) != width:
            raise ParseError(
                f"expected {width} cells in every row (as in the first row), found {len(row)}",
                lineno,
            )
    return kakuro(
        [tuple(cell.token for _, cell in row) for row in cells],
        [lineno for lineno, _ in rows],
        [tuple(column for column, _ in row) for row in cells],
        zero_halves=any(cell.zero_half for row in cells for _, cell in row),
    )


def _row_cells(lineno: int, line: str) -> list[tuple[int, Cell]]:
    """(1-based column, cell) for each token of a row, at most :data:`MAX_SIDE` of them."""
    if len(line) > MAX_ROW:
        raise ParseError(f"a Kakuro row has at most {MAX_ROW} characters", lineno, MAX_ROW + 1)
    cells: list[tuple[int, Cell]] = []
    for m in _TOKEN.finditer(line):
        if len(cells) == MAX_SIDE:
            raise ParseError(f"a Kakuro row has at most {MAX_SIDE} cells", lineno, m.start() + 1)
        cells.append((m.start() + 1, parse_token(m.group(), lineno, m.start() + 1)))
    return cells


_JSON_SHAPE = 'expected a JSON object with "grid": a list of row strings'


def parse_json(line: str, lineno: int) -> Puzzle:
    """A Kakuro from one JSON Lines object with a ``grid`` list of row strings (and, when
    given, ``rows`` and ``cols`` equal to the grid's)."""
    if len(line) > MAX_JSON_LINE:
        raise ParseError(f"a JSON line has at most {MAX_JSON_LINE} characters", lineno)
    try:
        data: Any = json.loads(line)
    except json.JSONDecodeError as err:
        raise ParseError(f"invalid JSON: {err.msg}", lineno, err.colno) from None
    except RecursionError:
        raise ParseError("invalid JSON: nested too deeply", lineno) from None
    except ValueError:  # a number of more digits than Python converts
        raise ParseError("invalid JSON: a number too long to read", lineno) from None
    grid = data.get("grid") if isinstance(data, dict) else None
    if not isinstance(grid, list) or not grid or not all(isinstance(r, str) for r in grid):
        raise ParseError(_JSON_SHAPE, lineno)
    try:
        puzzle = parse_rows(list(enumerate(grid, 1)))
    except ParseError as err:
        where = f"grid row {err.line}" + (f", token column {err.column}" if err.column else "")
        raise ParseError(f"{where}: {err.message}", lineno) from None
    for name, size in (("rows", puzzle.nrows), ("cols", puzzle.ncols)):
        value = data.get(name)
        if value is not None and (type(value) is not int or value != size):
            raise ParseError(
                f'"{name}" should be the number of grid {name} ({size}),'
                f" found {_shown(json.dumps(value), quoted=False)}",
                lineno,
            )
    return puzzle


def solution_grid(rows: Sequence[str]) -> tuple[int, ...]:
    """The digits of a stored solution (rows of ``-`` and digits), white cells in order."""
    return tuple(int(t) for row in rows for t in row.split() if t != BLOCK)


def read(
    lines: Iterable[str], box: Geometry | None = None, alphabet: str = "auto"
) -> Iterator[Record]:
    """Every Kakuro of a file, as a stream: JSON Lines (first content line starts with ``{``)
    or text grids separated by blank lines."""
    numbered = ((i, _unmarked(line, i).rstrip("\r\n")) for i, line in enumerate(lines, 1))
    for lineno, line in numbered:
        if line.strip() and not line.lstrip().startswith("#"):
            rest = chain([(lineno, line)], numbered)
            yield from (_json_records if line.lstrip().startswith("{") else _text_records)(rest)
            return


def _unmarked(line: str, lineno: int) -> str:
    """A line without the byte order mark that may start a file."""
    return line.removeprefix("\ufeff") if lineno == 1 else line


def _json_records(numbered: Iterator[tuple[int, str]]) -> Iterator[Record]:
    for lineno, line in numbered:
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            yield Record(lineno, text, puzzle=parse_json(text, lineno))
        except SatdokuError as err:
            yield Record(lineno, text, error=err)


def _text_records(numbered: Iterator[tuple[int, str]]) -> Iterator[Record]:
    """One record per blank-line separated block. A block keeps at most one row more than
    :data:`MAX_SIDE`, and one character more than :data:`MAX_ROW` of each (enough to refuse
    them), so memory stays bounded."""
    block: list[tuple[int, str]] = []
    for lineno, line in chain(numbered, [(0, "")]):
        if line.strip():
            if not line.lstrip().startswith("#") and len(block) <= MAX_SIDE:
                block.append((lineno, line[: MAX_ROW + 1]))
        elif block:
            yield _text_record(block)
            block = []


def _text_record(block: Lines) -> Record:
    text = "\n".join(line for _, line in block)
    try:
        return Record(block[0][0], text, puzzle=parse_rows(block))
    except SatdokuError as err:
        return Record(block[0][0], text, error=err)


def parse(text: str, box: Geometry | None = None, alphabet: str = "auto") -> Puzzle:
    """One Kakuro from text: its rows, or one JSON object."""
    text = text.removeprefix("\ufeff")
    stripped = text.strip()
    if stripped.startswith("{"):
        return parse_json(stripped, 1)
    rows = content_lines(text)
    if not rows:
        raise ParseError("empty input: expected a Kakuro grid", 1)
    return parse_rows(rows)


KIND = Kind("kakuro", "Kakuro: runs of distinct digits 1-9 adding up to their clues", parse, read)
