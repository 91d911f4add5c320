"""Jigsaw Sudoku: N x N, rows and columns as usual, and N irregular regions of N cells (given
by a region map) instead of boxes.

Text format (docs/variants.md): N rows of givens (as a Sudoku grid: ``1-9``/``A-Z`` or
numbers, ``.`` or ``0`` blank), then N rows of the region map, one symbol per cell (cells with
the same symbol form a region). On one line: the N*N givens, white space, the N*N region
symbols. Puzzles in a file are separated by blank lines.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.constraints import AllDifferent
from satdoku.errors import ParseError
from satdoku.formats.regions import draw_regions
from satdoku.kinds.base import Kind, Lines, block_records, cell_value, parse_text_block, row_tokens
from satdoku.model import Puzzle


@dataclass(frozen=True)
class JigsawDrawing:
    """Draws the grid with borders around the regions."""

    regions: tuple[tuple[str, ...], ...]

    def draw(self, puzzle: Puzzle, grid: Sequence[int]) -> str:
        n = len(self.regions)
        texts = {pos: str(grid[i]) if grid[i] else "." for i, pos in enumerate(puzzle.positions)}
        return draw_regions(n, n, texts, lambda r, c: self.regions[r][c])

    def text(self, puzzle: Puzzle) -> str:
        """The puzzle in the one-line format this module reads: the givens (one character
        each: ``1-9`` then ``A-Z``, ``.`` blank), a space, the region symbols."""
        givens = "".join(_base36(v) if v else "." for v in puzzle.givens)
        return givens + " " + "".join("".join(row) for row in self.regions)


def _base36(value: int) -> str:
    return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[value]


def parse_block(lines: Lines) -> Puzzle:
    """One jigsaw from its lines: 2N rows, or one line of givens and regions."""
    if len(lines) == 1:
        return _parse_one_line(*lines[0])
    if len(lines) % 2:
        raise ParseError(
            f"expected N rows of givens then N rows of regions, found {len(lines)} lines",
            lines[-1][0],
        )
    n = len(lines) // 2
    givens: list[int] = []
    for lineno, line in lines[:n]:
        givens.extend(cell_value(t, n, lineno, col) for col, t in row_tokens(line, n, lineno))
    regions = [tuple(t for _, t in row_tokens(line, n, lineno)) for lineno, line in lines[n:]]
    return jigsaw(n, givens, regions, lines[n][0])


def one_line(line: str) -> bool:
    """Whether ``line`` holds a whole jigsaw: the N*N givens, white space, the N*N symbols."""
    parts = line.split()
    return (
        len(parts) == 2
        and len(parts[0]) == len(parts[1]) > 1
        and math.isqrt(len(parts[0])) ** 2 == len(parts[0])
    )


def _parse_one_line(lineno: int, line: str) -> Puzzle:
    parts = line.split()
    if not one_line(line):
        raise ParseError(
            "expected the N*N givens, a space, then the N*N region symbols on one line", lineno
        )
    n = math.isqrt(len(parts[0]))
    offset = line.index(parts[0]) + 1
    givens = [cell_value(ch, n, lineno, offset + i) for i, ch in enumerate(parts[0])]
    symbols = parts[1]
    regions = [tuple(symbols[r * n : (r + 1) * n]) for r in range(n)]
    return jigsaw(n, givens, regions, lineno)


def jigsaw(n: int, givens: Sequence[int], regions: Sequence[Sequence[str]], lineno: int) -> Puzzle:
    """The jigsaw puzzle of ``givens`` (row-major) and a region map (``regions[r][c]``)."""
    members: dict[str, list[int]] = {}
    for r, row in enumerate(regions):
        for c, symbol in enumerate(row):
            members.setdefault(symbol, []).append(r * n + c)
    wrong = [f"{s!r} has {len(cells)}" for s, cells in members.items() if len(cells) != n]
    if len(members) != n or wrong:
        raise ParseError(
            f"expected {n} regions of {n} cells each, found {len(members)} regions"
            + (f" ({', '.join(wrong[:3])} cells)" if wrong else ""),
            lineno,
        )
    rows = tuple(
        AllDifferent(tuple(r * n + c for c in range(n)), f"row {r + 1}", "row") for r in range(n)
    )
    cols = tuple(
        AllDifferent(tuple(r * n + c for r in range(n)), f"column {c + 1}", "column")
        for c in range(n)
    )
    areas = tuple(
        AllDifferent(tuple(cells), f"region {s}", "region") for s, cells in members.items()
    )
    return Puzzle(
        values=n,
        positions=tuple((r, c) for r in range(n) for c in range(n)),
        constraints=rows + cols + areas,
        givens=tuple(givens),
        nrows=n,
        ncols=n,
        kind="jigsaw",
        layout=JigsawDrawing(tuple(tuple(row) for row in regions)),
    )


KIND = Kind(
    "jigsaw",
    "jigsaw Sudoku: irregular regions (a region map) instead of boxes",
    parse=lambda text, box, alphabet: parse_text_block(parse_block)(text),
    read=lambda lines, box, alphabet: block_records(lines, parse_block, one_line),
)
