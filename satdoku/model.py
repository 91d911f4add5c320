"""The puzzle model: cells with values 1..D, constraints over groups of cells, and givens.

A Sudoku is one instance (its units are rows, columns and boxes); other grid puzzles add their
own constraints (extra regions, cages with sums) to the same model, so encoders and backends
never need to know which puzzle they are solving.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property

from satdoku.geometry import Geometry

Grid = tuple[int, ...]
"""One value per cell in cell order; 0 marks a blank."""


@dataclass(frozen=True)
class AllDifferent:
    """A unit: its cells all take different values."""

    cells: tuple[int, ...]
    name: str = ""


@dataclass(frozen=True)
class Sum:
    """The values of ``cells`` add up to ``total`` (Kakuro runs, killer cages)."""

    cells: tuple[int, ...]
    total: int
    name: str = ""


Constraint = AllDifferent | Sum


@dataclass(frozen=True)
class Puzzle:
    """Cells, their values 1..``values``, constraints and givens.

    ``positions[i]`` is the (row, column) where cell ``i`` is drawn on a ``nrows`` x ``ncols``
    layout; ``givens[i]`` is its given value or 0. Two puzzles are equal when their cells,
    constraints and givens are (a pickled and unpickled copy equals the original).
    """

    values: int
    positions: tuple[tuple[int, int], ...]
    constraints: tuple[Constraint, ...]
    givens: Grid
    nrows: int
    ncols: int
    kind: str = "sudoku"
    geometry: Geometry | None = None
    layout: object = field(default=None, compare=False)
    """Kind-specific drawing data (clue cells of a Kakuro, region map of a jigsaw)."""

    def __post_init__(self) -> None:
        if len(self.givens) != len(self.positions):
            raise ValueError("givens and positions differ in length")

    @classmethod
    def sudoku(cls, geometry: Geometry, givens: Sequence[int]) -> Puzzle:
        """A classic Sudoku of ``geometry`` with ``givens`` (row-major, 0 for blank)."""
        return _blank_sudoku(geometry.box_rows, geometry.box_cols).with_givens(givens)

    @property
    def ncells(self) -> int:
        return len(self.positions)

    @property
    def plain(self) -> bool:
        """Whether this is a plain Sudoku: the rows, columns and boxes of its geometry only."""
        if self.geometry is None:
            return False
        units = sudoku_units(self.geometry)
        return self.constraints is units or self.constraints == units

    @cached_property
    def units(self) -> tuple[AllDifferent, ...]:
        return tuple(c for c in self.constraints if isinstance(c, AllDifferent))

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the other cells that share a unit with it."""
        return _peers(self.ncells, self.units)

    @property
    def blanks(self) -> tuple[int, ...]:
        return tuple(i for i, v in enumerate(self.givens) if v == 0)

    @property
    def nclues(self) -> int:
        return sum(1 for v in self.givens if v)

    def cell_name(self, cell: int) -> str:
        """``r{row}c{col}``, 1-based, as people write it."""
        r, c = self.positions[cell]
        return f"r{r + 1}c{c + 1}"

    def __repr__(self) -> str:
        shape = f"{self.nrows}x{self.ncols}"
        box = f", box {self.geometry}" if self.geometry is not None else ""
        return (
            f"<Puzzle {self.kind} {shape}{box}: {self.nclues} givens,"
            f" {len(self.constraints)} constraints>"
        )

    def _repr_svg_(self) -> str:
        """The puzzle drawn as a picture (Jupyter shows it)."""
        from satdoku.formats.svg import puzzle_svg

        return puzzle_svg(self)

    def with_givens(self, givens: Iterable[int]) -> Puzzle:
        """The same puzzle with other givens (a grid of this shape). It shares everything
        else with this one, what is computed from the constraints included (a copy, cheaper
        than building a puzzle: readers make one per line)."""
        grid = tuple(givens)
        if len(grid) != len(self.positions):
            raise ValueError("givens and positions differ in length")
        puzzle = object.__new__(type(self))
        puzzle.__dict__.update(self.__dict__, givens=grid)
        return puzzle


@cache
def _blank_sudoku(box_rows: int, box_cols: int) -> Puzzle:
    """The Sudoku of this box shape without givens: what :meth:`Puzzle.sudoku` copies."""
    geometry = Geometry(box_rows, box_cols)
    n = geometry.size
    units = sudoku_units(geometry)
    return Puzzle(n, _square_positions(n), units, (0,) * n * n, n, n, "sudoku", geometry)


@cache
def _square_positions(n: int) -> tuple[tuple[int, int], ...]:
    return tuple((r, c) for r in range(n) for c in range(n))


def sudoku_units(geometry: Geometry) -> tuple[AllDifferent, ...]:
    """Rows, columns and boxes of ``geometry`` as named units (shared by every puzzle of its
    shape: kept by box shape, a lookup cheaper than hashing the geometry, for readers that
    build a puzzle per line)."""
    shape = (geometry.box_rows, geometry.box_cols)
    units = _UNITS.get(shape)
    if units is None:
        units = _UNITS[shape] = (
            tuple(AllDifferent(u, f"row {i + 1}") for i, u in enumerate(geometry.rows))
            + tuple(AllDifferent(u, f"column {i + 1}") for i, u in enumerate(geometry.cols))
            + tuple(AllDifferent(u, f"box {i + 1}") for i, u in enumerate(geometry.boxes))
        )
    return units


_UNITS: dict[tuple[int, int], tuple[AllDifferent, ...]] = {}


@cache
def _peers(ncells: int, units: tuple[AllDifferent, ...]) -> tuple[frozenset[int], ...]:
    sets: list[set[int]] = [set() for _ in range(ncells)]
    for unit in units:
        for cell in unit.cells:
            sets[cell].update(unit.cells)
    return tuple(frozenset(s - {i}) for i, s in enumerate(sets))
