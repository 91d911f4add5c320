"""Reading killer Sudoku (:mod:`satdoku.kinds.killer`): a Sudoku (usually without givens)
whose cages have sums; no value repeats in a cage.

Text format (docs/variants.md): N rows of the cage map, one label per cell (characters
written together, or labels separated by spaces; ``.`` for a cell in no cage), then the cage
sums as ``label=sum`` items separated by spaces or commas, over one or more lines. Puzzles in
a file are separated by blank lines. ``--box`` gives the box shape when N is not a square.
"""

from __future__ import annotations

import re

from satdoku.errors import ParseError, SatdokuError
from satdoku.formats.kind import Kind, Lines, block_records, parse_text_block, row_tokens
from satdoku.geometry import Geometry
from satdoku.kinds.killer import killer
from satdoku.model import Puzzle

_SUM_ITEM = re.compile(r"([^\s,=:]+)\s*[=:]\s*(\d+)")


def parse_block(lines: Lines, box: Geometry | None = None) -> Puzzle:
    """One killer from its lines: the cage map, then the sums."""
    first_lineno, first = lines[0]
    n = len(row_tokens(first, None, first_lineno))
    if len(lines) <= n:
        raise ParseError(
            f"expected {n} rows of cage labels then the cage sums (label=sum)", lines[-1][0]
        )
    cages = [tuple(t for _, t in row_tokens(line, n, lineno)) for lineno, line in lines[:n]]
    sums: dict[str, int] = {}
    for lineno, line in lines[n:]:
        rest = _SUM_ITEM.sub("", line).replace(",", " ").strip()
        if rest:
            raise ParseError(
                f"expected cage sums as label=sum, found {rest.split()[0]!r}",
                lineno,
                line.index(rest.split()[0]) + 1,
            )
        for m in _SUM_ITEM.finditer(line):
            label, digits = m.group(1), m.group(2)
            if label in sums:
                raise ParseError(f"cage {label!r} has a second sum", lineno, m.start() + 1)
            if len(digits.lstrip("0")) > 6:
                raise ParseError(
                    f"a cage sum is a number of at most six digits, found {digits[:12]}...",
                    lineno,
                    m.start(2) + 1,
                )
            sums[label] = int(digits)
    geometry = box or _geometry(n, first_lineno)
    if geometry.size != n:
        raise ParseError(f"box {geometry} does not fit a {n}x{n} grid", first_lineno)
    return killer(geometry, cages, sums, lines[n][0])


def _geometry(n: int, lineno: int) -> Geometry:
    try:
        return Geometry.for_size(n)
    except SatdokuError as err:
        raise ParseError(str(err), lineno) from None


KIND = Kind(
    "killer",
    "killer Sudoku: cages with sums, no value repeated in a cage",
    parse=lambda text, box, alphabet: parse_text_block(lambda lines: parse_block(lines, box))(text),
    read=lambda lines, box, alphabet: block_records(lines, lambda b: parse_block(b, box)),
)
