"""Parse one Sudoku from text: a one-line string, a token line, or a multi-line grid.

Formats (see ``docs/formats.md``):

* one line of N*N characters (N <= 35): values ``1-9`` then ``A-Z`` (so 16x16 uses ``1-9A-G``),
  blanks ``.``, ``0``, ``_``, ``*`` or a space; ``alphabet="0-F"`` reads 16x16 written ``0-F``;
* one line of N*N integers separated by commas or white space, ``0`` or ``.`` for a blank;
* several lines, one grid row each, with or without spaces between values, and optional box
  separators ``|``, ``-``, ``+``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from itertools import repeat

from satdoku.errors import ParseError, SatdokuError
from satdoku.geometry import Geometry
from satdoku.model import Puzzle

BLANKS = frozenset(".0_* ")
HEX_BLANKS = frozenset("._* ")
MAX_CHAR_SIZE = 35
ALPHABETS = ("auto", "1-9A-Z", "0-F")
TOKEN = re.compile(r"[^,\s|]+")
SEPARATOR_LINE = re.compile(r"[\s\-+=|]*")


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


def parse_puzzle(
    text: str, box: Geometry | None = None, alphabet: str = "auto", first_line: int = 1
) -> Puzzle:
    """Parse ``text`` holding one puzzle (one line or a multi-line grid) into a :class:`Puzzle`.

    Args:
        text: one line of N*N characters or integers, or one grid row per line (``#`` lines
            and blank lines are skipped); the formats are in the module's docstring.
        box: the box shape, needed when N is not a square number (6x6 with 2x3 boxes:
            ``Geometry(2, 3)``); left out, N must be a square number.
        alphabet: ``auto`` (``1-9`` then ``A-Z``), ``1-9A-Z``, or ``0-F`` for 16x16 written
            with ``0`` as a value.
        first_line: the line number of ``text``'s first line, for error messages.

    Returns:
        A plain Sudoku puzzle of the givens read.

    Raises:
        ParseError: the text is not a puzzle; the message names the line and column of the
            first problem.
    """
    lines = [
        (first_line + i, line.rstrip("\r"))
        for i, line in enumerate(text.split("\n"))
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise ParseError("empty input: expected a puzzle", first_line)
    if len(lines) == 1:
        return parse_line(lines[0][1], box, alphabet, lines[0][0])
    return parse_rows(lines, box, alphabet)


def parse_line(
    line: str, box: Geometry | None = None, alphabet: str = "auto", lineno: int = 1
) -> Puzzle:
    """Parse a one-line puzzle: N*N characters, or N*N comma / space separated integers."""
    line = line.rstrip("\r\n")
    if "," not in line and _is_square(len(line)) and math.isqrt(len(line)) <= MAX_CHAR_SIZE:
        size = math.isqrt(len(line))
        geometry = _geometry(size, box, lineno, f"{len(line)} characters")
        values = _char_values(line, size, alphabet, lineno, 1)
        return Puzzle.sudoku(geometry, values)
    tokens = list(TOKEN.finditer(line))
    if len(tokens) <= 1 or ("," not in line and not any(ch.isspace() for ch in line.strip())):
        raise ParseError(_length_message(len(line.strip())), lineno, _length_column(line))
    if not _is_square(len(tokens)):
        raise ParseError(
            f"expected N*N values separated by commas or spaces, found {len(tokens)} values",
            lineno,
        )
    size = math.isqrt(len(tokens))
    geometry = _geometry(size, box, lineno, f"{len(tokens)} values")
    values = [_token_value(t.group(), size, lineno, t.start() + 1) for t in tokens]
    return Puzzle.sudoku(geometry, values)


def parse_rows(
    lines: Sequence[tuple[int, str]],
    box: Geometry | None = None,
    alphabet: str = "auto",
    size: int | None = None,
) -> Puzzle:
    """Parse a multi-line grid given as (line number, text) pairs, one row per line.

    ``size`` is the number of rows expected (default: as many as there are).
    """
    rows = [(n, line) for n, line in lines if not SEPARATOR_LINE.fullmatch(line)]
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
    return Puzzle.sudoku(geometry, values)


def _row_values(line: str, size: int, alphabet: str, lineno: int) -> list[int]:
    tokens = list(TOKEN.finditer(line))
    if len(tokens) == size:
        return [_token_value(t.group(), size, lineno, t.start() + 1) for t in tokens]
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


def _token_value(token: str, size: int, lineno: int, column: int) -> int:
    if token == ".":
        return 0
    if token.isascii() and token.isdigit() and int(token) <= size:
        return int(token)
    raise ParseError(
        f"expected a number 0-{size} (0 or . for a blank), found {token!r}", lineno, column
    )


def _geometry(size: int, box: Geometry | None, lineno: int, found: str) -> Geometry:
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
    side = max(2, min(MAX_CHAR_SIZE, round(math.sqrt(n))))
    return side * side


def _length_message(n: int) -> str:
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
