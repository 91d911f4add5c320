"""The classic Sudoku's variants (X-sudoku, windoku, centre-dot), all read like a Sudoku (the
formats of :mod:`satdoku.formats.files`, docs/formats.md; the classic Sudoku's own reader is
:mod:`satdoku.formats.classic`); each variant adds its units (:mod:`satdoku.kinds.variant`)
to every puzzle read."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from satdoku.errors import SatdokuError
from satdoku.formats.files import read_records
from satdoku.formats.kind import Kind
from satdoku.formats.puzzle import parse_puzzle
from satdoku.formats.record import Record
from satdoku.geometry import Geometry
from satdoku.kinds import centredot, windoku, xsudoku
from satdoku.kinds.variant import Variant
from satdoku.model import Puzzle


def variant_kind(variant: Variant, summary: str) -> Kind:
    """A Sudoku kind read like a Sudoku, with the units of ``variant`` added."""

    def parse(text: str, box: Geometry | None, alphabet: str) -> Puzzle:
        return variant.build(parse_puzzle(text, box, alphabet))

    def read(
        lines: Iterable[str], box: Geometry | None, alphabet: str, key: str | None = None
    ) -> Iterator[Record]:
        for record in read_records(lines, box, alphabet, key):
            if record.puzzle is None:
                yield record
                continue
            try:
                yield Record(record.line, record.text, variant.build(record.puzzle), key=record.key)
            except SatdokuError as err:
                yield Record(record.line, record.text, error=err, key=record.key)

    return Kind(variant.kind, summary, parse, read, read)


X = variant_kind(xsudoku.X_SUDOKU, "X-sudoku: a Sudoku whose two diagonals also hold every value")
WINDOKU = variant_kind(
    windoku.WINDOKU, "windoku / hyper Sudoku: extra boxes inside the grid also hold every value"
)
CENTREDOT = variant_kind(
    centredot.CENTRE_DOT, "centre-dot Sudoku: the centre cells of the boxes also hold every value"
)
