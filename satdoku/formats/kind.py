"""How a puzzle kind is read (:class:`Kind`), and the pieces the kinds' readers share:
blocks of lines and rows of values."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple

from satdoku.errors import ParseError, SatdokuError
from satdoku.formats.lines import split_lines
from satdoku.formats.record import Record
from satdoku.geometry import Geometry
from satdoku.lazy import compiled
from satdoku.model import Puzzle

Lines = Sequence[tuple[int, str]]
"""(1-based line number, text) pairs."""


class Kind(NamedTuple):
    """One puzzle kind: how to read it (one puzzle from text, every puzzle of a file).

    ``box`` and ``alphabet`` are the Sudoku input options; kinds without boxes ignore them.
    How a solved grid is drawn travels with each puzzle (its ``layout``). A named tuple:
    quicker to create at import than a dataclass.
    """

    name: str
    summary: str
    parse: Callable[[str, Geometry | None, str], Puzzle]
    """One puzzle from text (a command-line argument); raises :class:`ParseError`."""
    read: Callable[[Iterable[str], Geometry | None, str], Iterator[Record]]
    """Every puzzle of a file's lines, one :class:`Record` each (errors kept, reading goes on)."""
    read_table: Callable[..., Iterator[Record]] | None = None
    """``read`` that also takes ``key=COLUMN``, the column of a table whose value each record
    carries; None for kinds not read from tables."""


def content_lines(text: str, first_line: int = 1) -> list[tuple[int, str]]:
    """The numbered lines of ``text`` that are neither blank nor ``#`` comments."""
    return [
        (first_line + i, line)
        for i, line in enumerate(split_lines(text))
        if line.strip() and not line.lstrip().startswith("#")
    ]


def blocks(lines: Iterable[str]) -> Iterator[list[tuple[int, str]]]:
    """Groups of lines separated by blank lines (``#`` comment lines are skipped)."""
    block: list[tuple[int, str]] = []
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            if block:
                yield block
            block = []
        elif not line.lstrip().startswith("#"):
            block.append((lineno, line))
    if block:
        yield block


def block_records(
    lines: Iterable[str],
    parse_block: Callable[[Lines], Puzzle],
    one_line: Callable[[str], bool] | None = None,
) -> Iterator[Record]:
    """One record per blank-line separated block, parsed by ``parse_block``; a block whose
    lines all hold a whole puzzle (by ``one_line``) is a record per line."""
    for whole in blocks(lines):
        parts = (
            [[line] for line in whole]
            if one_line and all(one_line(t) for _, t in whole)
            else [whole]
        )
        yield from (_block_record(block, parse_block) for block in parts)


def _block_record(block: Lines, parse_block: Callable[[Lines], Puzzle]) -> Record:
    text = "\n".join(line for _, line in block)
    try:
        return Record(block[0][0], text, puzzle=parse_block(block))
    except SatdokuError as err:
        return Record(block[0][0], text, error=err)


def parse_text_block(parse_block: Callable[[Lines], Puzzle]) -> Callable[[str], Puzzle]:
    """A parser of one puzzle from text, from a parser of one block."""

    def parse(text: str) -> Puzzle:
        lines = content_lines(text)
        if not lines:
            raise ParseError("empty input: expected a puzzle", 1)
        return parse_block(lines)

    return parse


_SPLIT = compiled(r"[^\s,]+")


def row_tokens(line: str, width: int | None, lineno: int) -> list[tuple[int, str]]:
    """(1-based column, token) for each cell of a row: ``width`` tokens separated by spaces or
    commas, or ``width`` characters written together."""
    tokens = [(m.start() + 1, m.group()) for m in _SPLIT().finditer(line)]
    if width is None:
        width = len(tokens) if len(tokens) > 1 else len(line.strip())
    if len(tokens) == width:
        return tokens
    bare = line.strip()
    if len(tokens) == 1 and len(bare) == width:
        start = line.index(bare) + 1
        return [(start + i, ch) for i, ch in enumerate(bare)]
    raise ParseError(f"expected {width} cells in this row, found {len(tokens)}", lineno)


def cell_value(token: str, size: int, lineno: int, column: int) -> int:
    """A given value (``1-9`` then ``A-Z`` as one character, or a number) or 0 for a blank
    (``.``, ``0``, ``_``)."""
    if token in (".", "0", "_"):
        return 0
    if token.isascii() and token.isdigit() and len(token) <= 6:
        value = int(token)
    elif len(token) == 1 and token.isascii() and token.isalpha():
        value = int(token, 36)
    else:
        value = -1
    if not 1 <= value <= size:
        raise ParseError(
            f"expected a value 1-{size} or a blank (. 0 _), found {token!r}", lineno, column
        )
    return value
