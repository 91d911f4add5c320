"""The classic Sudoku's reader: the formats of :mod:`satdoku.formats.files` (docs/formats.md),
no units added. Its own module, so that reading a plain Sudoku loads none of the variants."""

from __future__ import annotations

from satdoku.formats.files import read_records
from satdoku.formats.kind import Kind
from satdoku.formats.puzzle import parse_puzzle

SUDOKU = Kind(
    "sudoku",
    "classic N x N Sudoku with R x C boxes",
    parse=parse_puzzle,
    read=read_records,
    read_table=read_records,
)
