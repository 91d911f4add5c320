"""Parse one Sudoku written on one line, as the rows of a grid, or as a program literal.

Forms (see ``docs/formats.md``; :mod:`satdoku.formats.files` tells them apart):

* one line of N*N characters (N <= 35): values ``1-9`` then ``A-Z`` (so 16x16 uses ``1-9A-G``),
  blanks ``.``, ``0``, ``_``, ``*`` or a space; ``alphabet="0-F"`` reads 16x16 written ``0-F``;
  the characters may come in groups (``85.|..2|4..``, or the trace line of nine groups);
* one line of N*N integers separated by commas or white space, ``0`` or ``.`` for a blank;
* N lines, one grid row each, with or without spaces between values, ignoring ``|`` and rule
  lines; in grids up to 9x9 a group of digits (``2789``) is a cell's pencil marks: a blank;
* a program literal: brackets, commas, quotes, a ``type P =`` prefix and ``;`` around the
  N*N values (``[[8, 0, ...], ...]``), or a list of quoted rows (``["8 0 0 ...", ...]``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import repeat

from satdoku.errors import ParseError, SatdokuError
from satdoku.geometry import MAX_BOX_SIDE, Geometry
from satdoku.kinds.classic import sudoku
from satdoku.lazy import compiled
from satdoku.model import Puzzle

BLANKS = frozenset(".0_* ")
HEX_BLANKS = frozenset("._* ")
MAX_CHAR_SIZE = 35
MAX_SIZE = MAX_BOX_SIDE * MAX_BOX_SIDE
"""The largest grid side read (400: boxes of 20 x 20)."""
ALPHABETS = ("auto", "1-9A-Z", "0-F")
TOKEN = compiled(r"[^,\s|]+")
_SPACE = compiled(r"\s")
_SEPARATORS = (",", " ", "\t", "|")
_MAX_CHARS = MAX_CHAR_SIZE * MAX_CHAR_SIZE
"""Characters of the largest grid written as one line of characters."""
SEPARATOR_LINE = compiled(r"[\s+|:']*|[\s\-+=|*:'.]*[-=][\s\-+=|*:'.]*")
"""A line between grid rows: box rules (``---+---``), frames (``*-----*``, ``.---.---.``)."""


def parse_line(
    line: str, box: Geometry | None = None, alphabet: str = "auto", lineno: int = 1
) -> Puzzle:
    """Parse a one-line puzzle: N*N characters, N*N comma / space separated integers, or N*N
    characters in groups (``85.|..2|4..`` or the trace line ``.8.....1. 1..2..9.. ...``)."""
    line = line.rstrip("\r\n")
    if len(line) > _MAX_CHARS and not any(sep in line for sep in _SEPARATORS):
        raise ParseError(_length_message(len(line.strip())), lineno, _MAX_CHARS + 1)
    if "," not in line and _is_square(len(line)) and math.isqrt(len(line)) <= MAX_CHAR_SIZE:
        size = math.isqrt(len(line))
        geometry = _geometry(size, box, lineno, f"{len(line)} characters")
        values = _char_values(line, size, alphabet, lineno, 1)
        return sudoku(geometry, values)
    tokens = TOKEN().findall(line)
    if not _separated_numbers(line, tokens):
        return _parse_groups(line, box, alphabet, lineno)
    if len(tokens) <= 1:
        raise ParseError(_length_message(len(line.strip())), lineno, _length_column(line))
    try:
        return _parse_values(line, tokens, box, lineno)
    except ParseError:
        if "," in line or not _is_square(sum(map(len, tokens))):
            raise
        return _parse_groups(line, box, alphabet, lineno)


def _parse_values(line: str, tokens: list[str], box: Geometry | None, lineno: int) -> Puzzle:
    """N*N values, one per token of ``line``."""
    if not _is_square(len(tokens)):
        raise ParseError(
            f"expected N*N values separated by commas or spaces, found {len(tokens)} values",
            lineno,
        )
    size = math.isqrt(len(tokens))
    geometry = _geometry(size, box, lineno, f"{len(tokens)} values")
    try:
        values = [_token_value(token, size, lineno, 0) for token in tokens]
    except ParseError as err:
        bad = next(i for i, token in enumerate(tokens) if not _is_value(token, size))
        column = next(m.start() + 1 for i, m in enumerate(TOKEN().finditer(line)) if i == bad)
        raise ParseError(err.message, lineno, column) from None
    return sudoku(geometry, values)


def _is_value(token: str, size: int) -> bool:
    return token == "." or (is_number(token) and len(token) <= 6 and int(token) <= size)


_LITERAL_PREFIX = compiled(
    r"\s*(?:(?:type|let|const|var|val)\s+)?(?:[A-Za-z_]\w*\s*(?::[^=\[(]*)?=)?"
)
_QUOTED = compiled(r"\"([^\"\n]*)\"|'([^'\n]*)'")
_DECORATION = compiled(r"[\[\](){};]")


def parse_literal(
    text: str, box: Geometry | None = None, alphabet: str = "auto", lineno: int = 1
) -> Puzzle:
    """Parse a program literal: ``[[8, 0, ...], ...]``, ``type P = [0, 2, ...];`` (the
    values, in any nesting), or ``["85...24..", ...]`` (quoted rows, or one quoted line)."""
    body = _LITERAL_PREFIX().sub("", text, count=1)
    rows = [a or b for a, b in _QUOTED().findall(body)]
    if len(rows) == 1:
        return parse_line(rows[0], box, alphabet, lineno)
    if rows:
        return parse_rows([(lineno, row) for row in rows], box, alphabet)
    values = TOKEN().findall(_DECORATION().sub(" ", body))
    if not values:
        raise ParseError("expected values between the brackets", lineno)
    return parse_line(",".join(values), box, alphabet, lineno)


def _parse_groups(line: str, box: Geometry | None, alphabet: str, lineno: int) -> Puzzle:
    """N*N characters written in groups separated by spaces or ``|``."""
    tokens = list(TOKEN().finditer(line))
    ncells = sum(len(t.group()) for t in tokens)
    if not (_is_square(ncells) and math.isqrt(ncells) <= MAX_CHAR_SIZE):
        raise ParseError(_length_message(ncells), lineno, _length_column(line))
    size = math.isqrt(ncells)
    geometry = _geometry(size, box, lineno, f"{ncells} characters")
    values: list[int] = []
    for t in tokens:
        values.extend(_char_values(t.group(), size, alphabet, lineno, t.start() + 1))
    return sudoku(geometry, values)


def is_number(token: str) -> bool:
    """A token that is a number or ``.`` (a blank), as in lines of separated values."""
    return token == "." or (token.isascii() and token.isdigit())


def row_width(line: str) -> int:
    """How many cells a grid row written as ``line`` has: its values when they are numbers
    separated by commas or spaces (``13 0 0 16``), else its characters (``85.|..2|4..``)."""
    tokens = TOKEN().findall(line)
    if _separated_numbers(line, tokens) and ("," in line or _values_fit(tokens)):
        return len(tokens)
    return sum(map(len, tokens))


def _values_fit(tokens: list[str]) -> bool:
    """Whether numbers are values of a row as long as they are (``483 921 657`` are not)."""
    size = len(tokens)
    return all(_is_value(t, size) or _pencil_marks(t, size) for t in tokens)


def _pencil_marks(token: str, size: int) -> bool:
    """A cell's candidates (``2789``), written in grids up to 9x9: a blank."""
    return size <= 9 and len(token) > 1 and is_number(token) and len(set(token)) == len(token)


def _separated_numbers(line: str, tokens: list[str]) -> bool:
    """Whether ``line`` holds values separated by commas, or numbers separated by white
    space; else it holds characters (in groups separated by spaces or ``|``)."""
    if "," in line:
        return True
    return (
        len(tokens) > 1
        and _SPACE().search(line.strip()) is not None
        and all(map(is_number, tokens))
    )


def parse_rows(
    lines: Sequence[tuple[int, str]],
    box: Geometry | None = None,
    alphabet: str = "auto",
    size: int | None = None,
) -> Puzzle:
    """Parse a multi-line grid given as (line number, text) pairs, one row per line.

    ``size`` is the number of rows expected (default: as many as there are).
    """
    rows = [(n, line) for n, line in lines if not SEPARATOR_LINE().fullmatch(line)]
    if not rows:
        raise ParseError("expected grid rows, found only separators", lines[0][0])
    if size is not None and len(rows) != size:
        raise ParseError(
            f"expected {size} rows for a {size}x{size} grid, found {len(rows)}", rows[-1][0]
        )
    size = len(rows)
    if size < 4 and box is None:
        raise ParseError(
            "expected a puzzle: one line of N*N values, or a grid of N rows (N >= 4);"
            f" found {size} row{'s' * (size > 1)} of {len(rows[0][1].strip())} characters",
            rows[0][0],
        )
    geometry = _geometry(size, box, rows[0][0], f"{size} rows")
    if geometry.size != size:
        raise ParseError(
            f"expected {geometry.size} rows for box {geometry}, found {size}", rows[0][0]
        )
    values: list[int] = []
    for lineno, line in rows:
        values.extend(_row_values(line, size, alphabet, lineno))
    return sudoku(geometry, values)


def bad_cells(line: str, size: int) -> int:
    """How many cells of ``line``, read as a row of a ``size`` x ``size`` grid, are neither
    values nor blanks; ``size`` when the row does not have ``size`` cells."""
    tokens = TOKEN().findall(line)
    if len(tokens) == size:
        return sum(not _is_cell(token, size) for token in tokens)
    chars = "".join(tokens)
    if len(chars) == size and size <= MAX_CHAR_SIZE:
        return sum(not 0 <= _CHAR_VALUES[False].get(ch, -1) <= size for ch in chars)
    return size


def _is_cell(token: str, size: int) -> bool:
    try:
        _cell_value(token, size, 1, 1)
    except ParseError:
        return False
    return True


def _row_values(line: str, size: int, alphabet: str, lineno: int) -> list[int]:
    tokens = list(TOKEN().finditer(line))
    if len(tokens) == size:
        return [_cell_value(t.group(), size, lineno, t.start() + 1) for t in tokens]
    if sum(len(t.group()) for t in tokens) == size and size <= MAX_CHAR_SIZE:
        values = []
        for t in tokens:
            values.extend(_char_values(t.group(), size, alphabet, lineno, t.start() + 1))
        return values
    bare = line.replace("|", "")
    if len(bare) == size and size <= MAX_CHAR_SIZE:
        return _char_values(bare, size, alphabet, lineno, 1)
    raise ParseError(f"expected {size} values in this row, found {len(tokens)}", lineno)


def _char_values(text: str, size: int, alphabet: str, lineno: int, column: int) -> list[int]:
    if alphabet not in ALPHABETS:
        raise SatdokuError(f"unknown alphabet {alphabet!r}; choose one of {', '.join(ALPHABETS)}")
    hex_digits = alphabet == "0-F" or (
        alphabet == "auto"
        and size == 16
        and "G" not in text.upper()
        and "0" in text
        and "." in text
    )
    values = list(map(_CHAR_VALUES[hex_digits].get, text, repeat(-1, len(text))))
    if values and (min(values) < 0 or max(values) > size):
        i = next(i for i, value in enumerate(values) if not 0 <= value <= size)
        raise ParseError(
            f"expected {_expected_chars(size, hex_digits)}, found {text[i]!r}", lineno, column + i
        )
    return values


def _char_table(hex_digits: bool) -> dict[str, int]:
    """The value of every character that stands for one: 0 for a blank, else base 36 (plus one
    in hex, where 0 is the first value); other characters are not in it."""
    table = {
        ch: int(ch, 36) + hex_digits
        for ch in "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    }
    table.update(dict.fromkeys(HEX_BLANKS if hex_digits else BLANKS, 0))
    return table


_CHAR_VALUES = {False: _char_table(False), True: _char_table(True)}


def _expected_chars(size: int, hex_digits: bool) -> str:
    if hex_digits:
        return f"a value 0-{digit(size - 1)} or a blank (. _ *)"
    return f"a value 1-{digit(size)} or a blank (. 0 _ * or space)"


def digit(value: int) -> str:
    """The symbol of ``value`` in one-line puzzles: 1-9, then A-Z."""
    return str(value) if value < 10 else chr(ord("A") + value - 10)


def _cell_value(token: str, size: int, lineno: int, column: int) -> int:
    """A value of a grid row; in grids up to 9x9 a group of distinct digits (``2789``) is a
    cell's pencil marks, a blank."""
    if _pencil_marks(token, size):
        return 0
    if len(token) == 1 and 0 <= _CHAR_VALUES[False].get(token, -1) <= size:
        return _CHAR_VALUES[False][token]
    return _token_value(token, size, lineno, column)


def _token_value(token: str, size: int, lineno: int, column: int) -> int:
    if token == ".":
        return 0
    if _is_value(token, size):
        return int(token)
    shown = token if len(token) <= 12 else f"{token[:12]}..."
    raise ParseError(
        f"expected a number 0-{size} (0 or . for a blank), found {shown!r}", lineno, column
    )


def _geometry(size: int, box: Geometry | None, lineno: int, found: str) -> Geometry:
    if size > MAX_SIZE:
        raise ParseError(
            f"a {size}x{size} grid is larger than any read (sizes up to {MAX_SIZE}x{MAX_SIZE}),"
            f" found {found}",
            lineno,
        )
    if box is not None:
        if box.size != size:
            raise ParseError(
                f"box {box} makes a {box.size}x{box.size} grid of {box.ncells} cells, found {found}",
                lineno,
            )
        return box
    try:
        return Geometry.for_size(size)
    except SatdokuError as err:
        raise ParseError(str(err), lineno) from None


def _is_square(n: int) -> bool:
    return n > 1 and math.isqrt(n) ** 2 == n


def _nearest_length(n: int) -> int:
    side = max(4, min(MAX_CHAR_SIZE, round(math.sqrt(n))))
    return side * side


def _length_message(n: int) -> str:
    if n > _MAX_CHARS:
        return (
            f"expected at most {_MAX_CHARS} characters (one line of characters"
            f" holds grids up to {MAX_CHAR_SIZE}x{MAX_CHAR_SIZE}; numbers separated by commas up"
            f" to {MAX_SIZE}x{MAX_SIZE}), found {n}"
        )
    want = _nearest_length(n)
    side = math.isqrt(want)
    return (
        f"expected {want} characters for a {side}x{side} grid (one line of N*N characters,"
        f" or numbers separated by commas), found {n}"
    )


def _length_column(line: str) -> int:
    """Where a line of the wrong length goes wrong: one past the nearest valid length."""
    n = len(line.strip())
    return min(n, _nearest_length(n)) + 1
