"""Sudoku variants: a classic Sudoku with extra AllDifferent units (X-sudoku, windoku,
centre-dot), drawn with the cells of those units marked."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from satdoku.constraints import AllDifferent
from satdoku.geometry import Geometry
from satdoku.kinds.regions import draw_regions
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


@dataclass(frozen=True)
class Variant:
    """A Sudoku variant: its kind name, its extra units (of a box shape), and the legend
    under its drawn grids."""

    kind: str
    extra: ExtraUnits
    legend: str

    def build(self, puzzle: Puzzle) -> Puzzle:
        """``puzzle`` (a Sudoku) with this variant's units added, its kind and its drawing."""
        assert puzzle.geometry is not None
        units = self.extra(puzzle.geometry)
        marked = frozenset(c for unit in units for c in unit.cells)
        return replace(
            puzzle,
            constraints=puzzle.constraints + units,
            kind=self.kind,
            layout=MarkedSudoku(marked, self.legend),
        )
