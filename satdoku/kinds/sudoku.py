"""Classic Sudoku, and the Sudoku variants that add AllDifferent units to it (X-sudoku,
windoku): the same text formats (see docs/formats.md), the same rows, columns and boxes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from satdoku.constraints import AllDifferent
from satdoku.errors import SatdokuError
from satdoku.formats.files import Record, parse_puzzle, read_records
from satdoku.formats.regions import draw_regions
from satdoku.geometry import Geometry
from satdoku.kinds.base import Kind
from satdoku.model import Puzzle

ExtraUnits = Callable[[Geometry], tuple[AllDifferent, ...]]


@dataclass(frozen=True)
class MarkedSudoku:
    """Draws a Sudoku with box borders, the cells of the extra units in parentheses."""

    marked: frozenset[int]
    legend: str

    def draw(self, puzzle: Puzzle, grid: Sequence[int]) -> str:
        geometry = puzzle.geometry
        assert geometry is not None
        texts = {}
        for cell, (r, c) in enumerate(puzzle.positions):
            text = str(grid[cell]) if grid[cell] else "."
            texts[(r, c)] = f"({text})" if cell in self.marked else text
        return draw_regions(
            geometry.size,
            geometry.size,
            texts,
            lambda r, c: geometry.box_index(r, c),
            footer=[self.legend],
        )


def variant(name: str, summary: str, extra: ExtraUnits, legend: str) -> Kind:
    """A Sudoku kind read like a Sudoku, with ``extra(geometry)`` units added."""

    def build(puzzle: Puzzle) -> Puzzle:
        assert puzzle.geometry is not None
        units = extra(puzzle.geometry)
        marked = frozenset(c for unit in units for c in unit.cells)
        return replace(
            puzzle,
            constraints=puzzle.constraints + units,
            kind=name,
            layout=MarkedSudoku(marked, legend),
        )

    def parse(text: str, box: Geometry | None, alphabet: str) -> Puzzle:
        return build(parse_puzzle(text, box, alphabet))

    def read(
        lines: Iterable[str], box: Geometry | None, alphabet: str, key: str | None = None
    ) -> Iterator[Record]:
        for record in read_records(lines, box, alphabet, key):
            if record.puzzle is None:
                yield record
                continue
            try:
                yield Record(record.line, record.text, build(record.puzzle), key=record.key)
            except SatdokuError as err:
                yield Record(record.line, record.text, error=err, key=record.key)

    return Kind(name, summary, parse, read, read)


KIND = Kind(
    "sudoku",
    "classic N x N Sudoku with R x C boxes",
    parse=parse_puzzle,
    read=read_records,
    read_table=read_records,
)
