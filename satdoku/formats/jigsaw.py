"""Reading jigsaw Sudoku (:mod:`satdoku.kinds.jigsaw`): N x N, rows and columns as usual,
and N irregular regions of N cells (given by a region map) instead of boxes.

Text format (docs/variants.md): N rows of givens (as a Sudoku grid: ``1-9``/``A-Z`` or
numbers, ``.`` or ``0`` blank), then N rows of the region map, one symbol per cell (cells with
the same symbol form a region). On one line: the N*N givens, white space, the N*N region
symbols. Puzzles in a file are separated by blank lines.
"""

from __future__ import annotations

import math

from satdoku.errors import ParseError
from satdoku.formats.kind import (
    Kind,
    Lines,
    block_records,
    cell_value,
    parse_text_block,
    row_tokens,
)
from satdoku.kinds.jigsaw import jigsaw
from satdoku.model import Puzzle


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


KIND = Kind(
    "jigsaw",
    "jigsaw Sudoku: irregular regions (a region map) instead of boxes",
    parse=lambda text, box, alphabet: parse_text_block(parse_block)(text),
    read=lambda lines, box, alphabet: block_records(lines, parse_block, one_line),
)
