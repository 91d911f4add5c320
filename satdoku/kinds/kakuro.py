"""Kakuro: white cells take digits 1-9; each run (maximal row or column stretch of white
cells) has no repeated digit and adds up to its clue.

Formats (docs/kakuro.md), both made of the same cell tokens, a row's tokens separated by
white space:

* ``-`` a block; ``0`` or ``.`` a white cell (``1``-``9``: a white cell with a given digit);
* ``D,A`` (or ``D\\A``) a clue cell: ``D`` the sum of the run below it, ``A`` of the run to its
  right; either may be empty (``16,`` or ``,23``).

Text: one grid row per line, puzzles separated by blank lines. JSON Lines (the format of
``shared/data/kakuro``): one object per line with ``grid`` (the rows as strings) and optional
``id``, ``rows``, ``cols``, ``solution``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from satdoku.errors import ParseError, SatdokuError
from satdoku.formats.files import Record
from satdoku.geometry import Geometry
from satdoku.kinds.base import Kind, Lines, block_records, content_lines
from satdoku.model import AllDifferent, Constraint, Puzzle, Sum

BLOCK = "-"
WHITE = ("0", ".")
_CLUE = re.compile(r"(\d*)[,\\](\d*)")
_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True)
class Clue:
    down: int | None
    across: int | None

    def __str__(self) -> str:
        down = "" if self.down is None else str(self.down)
        across = "" if self.across is None else str(self.across)
        return f"{down}\\{across}"


Token = Clue | int | None
"""A parsed cell: a clue, a white cell (its given digit, 0 when blank) or None (a block)."""


@dataclass(frozen=True)
class KakuroDrawing:
    """Draws the filled grid with its clue cells (``D\\A``) and blocks (``-``)."""

    tokens: tuple[tuple[Token, ...], ...]

    def draw(self, puzzle: Puzzle, grid: Sequence[int]) -> str:
        values = {pos: grid[i] for i, pos in enumerate(puzzle.positions)}
        texts = [
            [
                str(values[(r, c)] or ".") if isinstance(t, int) else str(t) if t else BLOCK
                for c, t in enumerate(row)
            ]
            for r, row in enumerate(self.tokens)
        ]
        width = max(len(t) for row in texts for t in row)
        return "\n".join(" ".join(t.rjust(width) for t in row).rstrip() for row in texts)


def parse_token(text: str, lineno: int, column: int) -> Token:
    if text == BLOCK:
        return None
    if text in WHITE:
        return 0
    if len(text) == 1 and text in "123456789":
        return int(text)
    m = _CLUE.fullmatch(text)
    if m is None:
        raise ParseError(
            f"expected - (block), 0 (white cell), a digit 1-9 or a clue D,A, found {text!r}",
            lineno,
            column,
        )
    down, across = (int(g) if g else None for g in m.groups())
    return Clue(down, across)


def parse_rows(rows: Lines) -> Puzzle:
    """A Kakuro from its rows of tokens, as (line number, text) pairs."""
    tokens = []
    for lineno, line in rows:
        tokens.append(
            tuple(parse_token(m.group(), lineno, m.start() + 1) for m in _TOKEN.finditer(line))
        )
    widths = {len(row) for row in tokens}
    if len(widths) != 1:
        lineno = next(
            n for (n, _), row in zip(rows, tokens, strict=False) if len(row) != len(tokens[0])
        )
        raise ParseError(
            f"expected {len(tokens[0])} cells in every row (as in the first row)", lineno
        )
    return kakuro(tokens, [n for n, _ in rows])


def kakuro(tokens: Sequence[Sequence[Token]], linenos: Sequence[int] | None = None) -> Puzzle:
    """The Kakuro of a grid of parsed tokens."""
    nrows, ncols = len(tokens), len(tokens[0])
    line_of = list(linenos) if linenos else list(range(1, nrows + 1))
    index: dict[tuple[int, int], int] = {}
    givens: list[int] = []
    for r, row in enumerate(tokens):
        for c, t in enumerate(row):
            if isinstance(t, int):
                index[(r, c)] = len(givens)
                givens.append(t)
    if not index:
        raise ParseError("a Kakuro needs white cells (0)", line_of[0])
    constraints: list[Constraint] = []
    for r, row in enumerate(tokens):
        for c, t in enumerate(row):
            for dr, dc, name in ((0, 1, "across"), (1, 0, "down")):
                before = tokens[r - dr][c - dc] if r - dr >= 0 and c - dc >= 0 else None
                if not isinstance(t, int) or isinstance(before, int):
                    if isinstance(t, Clue) and getattr(t, name) is not None:
                        _check_run_follows(tokens, r, c, dr, dc, name, line_of)
                    continue
                run = _run(tokens, index, r, c, dr, dc)
                where = f"{name} run at r{r + 1}c{c + 1}"
                if len(run) > 1:
                    constraints.append(AllDifferent(run, where))
                total = getattr(before, name) if isinstance(before, Clue) else None
                if total is not None:
                    constraints.append(Sum(run, total, where))
    return Puzzle(
        values=9,
        positions=tuple(index),
        constraints=tuple(constraints),
        givens=tuple(givens),
        nrows=nrows,
        ncols=ncols,
        kind="kakuro",
        layout=KakuroDrawing(tuple(tuple(row) for row in tokens)),
    )


def _run(
    tokens: Sequence[Sequence[Token]],
    index: dict[tuple[int, int], int],
    r: int,
    c: int,
    dr: int,
    dc: int,
) -> tuple[int, ...]:
    cells = []
    while r < len(tokens) and c < len(tokens[0]) and isinstance(tokens[r][c], int):
        cells.append(index[(r, c)])
        r, c = r + dr, c + dc
    return tuple(cells)


def _check_run_follows(
    tokens: Sequence[Sequence[Token]],
    r: int,
    c: int,
    dr: int,
    dc: int,
    name: str,
    line_of: Sequence[int],
) -> None:
    nr, nc = r + dr, c + dc
    if nr >= len(tokens) or nc >= len(tokens[0]) or not isinstance(tokens[nr][nc], int):
        raise ParseError(
            f"the {name} clue at r{r + 1}c{c + 1} has no white cell after it", line_of[r]
        )


def parse_json(line: str, lineno: int) -> Puzzle:
    """A Kakuro from one JSON Lines object with a ``grid`` list of row strings."""
    try:
        data: Any = json.loads(line)
    except json.JSONDecodeError as err:
        raise ParseError(f"invalid JSON: {err.msg}", lineno, err.colno) from None
    grid = data.get("grid") if isinstance(data, dict) else None
    if not isinstance(grid, list) or not grid or not all(isinstance(r, str) for r in grid):
        raise ParseError('expected a JSON object with "grid": a list of row strings', lineno)
    try:
        return parse_rows([(1, row) for row in grid])
    except ParseError as err:
        where = f"grid row {err.line}" + (f", token column {err.column}" if err.column else "")
        raise ParseError(f"{where}: {err.message}", lineno) from None


def solution_grid(rows: Sequence[str]) -> tuple[int, ...]:
    """The digits of a stored solution (rows of ``-`` and digits), white cells in order."""
    return tuple(int(t) for row in rows for t in row.split() if t != BLOCK)


def read(
    lines: Iterable[str], box: Geometry | None = None, alphabet: str = "auto"
) -> Iterator[Record]:
    """Every Kakuro of a file: JSON Lines (first content line starts with ``{``) or text grids
    separated by blank lines."""
    lines = list(lines)
    first = next((ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")), "")
    if not first.startswith("{"):
        yield from block_records(lines, parse_rows)
        return
    for lineno, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            yield Record(lineno, text, puzzle=parse_json(text, lineno))
        except SatdokuError as err:
            yield Record(lineno, text, error=err)


def parse(text: str, box: Geometry | None = None, alphabet: str = "auto") -> Puzzle:
    """One Kakuro from text: its rows, or one JSON object."""
    stripped = text.strip()
    if stripped.startswith("{"):
        return parse_json(stripped, 1)
    rows = content_lines(text)
    if not rows:
        raise ParseError("empty input: expected a Kakuro grid", 1)
    return parse_rows(rows)


KIND = Kind("kakuro", "Kakuro: runs of distinct digits 1-9 adding up to their clues", parse, read)
