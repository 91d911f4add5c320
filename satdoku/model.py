"""The puzzle model: cells with values 1..D, constraints over groups of cells, and givens.

A Sudoku is one instance (its units are rows, columns and boxes); other grid puzzles add their
own constraints (extra regions, cages with sums) to the same model, so encoders and backends
never need to know which puzzle they are solving.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, ClassVar

from satdoku.geometry import Geometry

if TYPE_CHECKING:
    from satdoku.targets import Canvas, CnfTarget, CpTarget

Grid = tuple[int, ...]
"""One value per cell in cell order; 0 marks a blank."""


class Constraint(ABC):
    """A rule over some cells of a puzzle. Each rule type is a subclass in
    :mod:`satdoku.constraints` that knows, in one place, how it checks a finished grid, how it
    becomes CNF and CP-SAT, what it needs of a search engine and how it is drawn. It talks to
    an encoding, a CP-SAT model and a drawing through the targets of :mod:`satdoku.targets`,
    so that it imports none of them."""

    cells: tuple[int, ...]
    name: str
    family: str
    """The sort of rule or unit (row, column, box, diagonal, region, cage, run, ...)."""
    distinct: ClassVar[bool] = False
    """Its cells all take different values (it is a unit: peers and singles see it)."""

    @abstractmethod
    def problem(self, values: Sequence[int]) -> str | None:
        """Why the ``values`` of its cells (in order) break it; None when they keep it."""

    @abstractmethod
    def cnf(self, target: CnfTarget) -> None:
        """Add its clauses to ``target``."""

    @abstractmethod
    def cpsat(self, target: CpTarget) -> None:
        """Post it to ``target``'s CP-SAT model."""

    @abstractmethod
    def draw(self, canvas: Canvas) -> None:
        """Put its marks on ``canvas``."""

    def equation(self) -> tuple[list[tuple[int, int]], int] | None:
        """The rule as one linear equation, when it is one: (coefficient, cell) terms over the
        values as written, and the constant they add up to; None otherwise."""
        return None

    def needs(self, size: int) -> str:
        """What a search engine must take to take this rule, for a grid of ``size`` values:
        ``unit`` (every value once), ``partial-unit``, ``sum`` or ``rule`` (any other)."""
        return "rule"


@dataclass(frozen=True)
class Puzzle:
    """Cells, their values, constraints and givens.

    A cell takes ``values`` values, held as 1..``values`` in grids and givens and written
    from ``first`` on (1, or 0 in a grid of values 0..values-1): rules and people see
    :attr:`digits`, solvers the positions 1..values. ``positions[i]`` is the (row, column) where cell ``i`` is drawn on a ``nrows`` x ``ncols``
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
    first: int = 1
    """The lowest value as written and as the rules count it."""

    def __post_init__(self) -> None:
        if len(self.givens) != len(self.positions):
            raise ValueError("givens and positions differ in length")

    @property
    def ncells(self) -> int:
        return len(self.positions)

    @property
    def digits(self) -> range:
        """The values as written and as the rules count them, lowest first."""
        return range(self.first, self.first + self.values)

    def digit(self, value: int) -> int:
        """The written value of grid value ``value`` (1..values)."""
        return value + self.first - 1

    def problem(self, rule: Constraint, grid: Sequence[int]) -> str | None:
        """Why ``grid`` (grid values) breaks ``rule``, which sees its cells' written values."""
        if self.first == 1:
            return rule.problem([grid[c] for c in rule.cells])
        shift = self.first - 1
        return rule.problem([grid[c] + shift for c in rule.cells])

    @cached_property
    def plain(self) -> bool:
        """Whether this is a plain Sudoku: the rows, columns and boxes of its geometry only."""
        geometry = self.geometry
        if geometry is None:
            return False
        expected = geometry.rows + geometry.cols + geometry.boxes
        return len(self.constraints) == len(expected) and all(
            c.distinct and c.cells == cells
            for c, cells in zip(self.constraints, expected, strict=True)
        )

    @cached_property
    def units(self) -> tuple[Constraint, ...]:
        """Its constraints whose cells all differ."""
        return tuple(c for c in self.constraints if c.distinct)

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


PEER_TABLES = 8
"""Peer tables kept for puzzles built apart from one another with the same units (the lines
of a file of constraint strings); a long-lived process keeps no more than these."""


@lru_cache(maxsize=PEER_TABLES)
def _peers(ncells: int, units: tuple[Constraint, ...]) -> tuple[frozenset[int], ...]:
    sets: list[set[int]] = [set() for _ in range(ncells)]
    for unit in units:
        for cell in unit.cells:
            sets[cell].update(unit.cells)
    return tuple(frozenset(s - {i}) for i, s in enumerate(sets))
