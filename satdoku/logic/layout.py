"""What the logic techniques know about a puzzle's units, computed once per shape of puzzle
(:class:`Layout`), and the candidate bits of values.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import cast

from satdoku.deadline import NEVER, Deadline
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.model import Constraint, Puzzle

PACE = 256
"""How many items a long loop hands out between two looks at the clock."""


def bit(value: int) -> int:
    """The candidate bit of ``value``."""
    return 1 << (value - 1)


def values_of(mask: int) -> list[int]:
    """The values whose bits are set in ``mask``, smallest first."""
    found = []
    value = 1
    while mask:
        if mask & 1:
            found.append(value)
        mask >>= 1
        value += 1
    return found


@dataclass(frozen=True)
class Layout:
    """What the techniques need to know about a puzzle's units, computed once per puzzle."""

    puzzle: Puzzle
    """The puzzle's shape: the same cells and units, with no givens."""
    units: tuple[tuple[int, ...], ...]
    unit_names: tuple[str, ...]
    unit_kinds: tuple[str, ...]
    full_units: tuple[int, ...]
    cell_units: tuple[tuple[int, ...], ...]
    peers: tuple[frozenset[int], ...]
    names: tuple[str, ...]

    @classmethod
    def of(cls, puzzle: Puzzle, deadline: Deadline = NEVER) -> Layout:
        """The layout of ``puzzle``'s shape, shared by every puzzle of that shape.

        Raises :class:`UsageError` when the puzzle has constraints other than all-different
        units, and :class:`~satdoku.deadline.SolveTimeout` when ``deadline`` passes first.
        """
        others = sorted(
            {
                c.family
                for c in puzzle.constraints
                if not c.distinct or c.needs(puzzle.values) not in ("unit", "partial-unit")
            }
        )
        if others:
            raise UsageError(
                "the logic engine handles puzzles made of all-different units only, not the"
                f" {', '.join(others)} rules of this {puzzle.kind} puzzle"
            )
        key: Shape = (
            puzzle.values,
            puzzle.positions,
            puzzle.constraints,
            puzzle.nrows,
            puzzle.ncols,
            puzzle.kind,
            puzzle.geometry,
        )
        layout = _LAYOUTS.get(key)
        if layout is None:
            layout = _layout(key, deadline)
            if len(_LAYOUTS) >= LAYOUTS_KEPT:
                del _LAYOUTS[next(iter(_LAYOUTS))]
            _LAYOUTS[key] = layout
        return layout

    @cached_property
    def value_bits(self) -> tuple[int, ...]:
        """The candidate bit of each value, 0 for a blank (index 0)."""
        return (0, *(bit(v) for v in range(1, self.puzzle.values + 1)))

    @cached_property
    def is_full(self) -> tuple[bool, ...]:
        """Per unit, whether it is full (holds every value)."""
        full = frozenset(self.full_units)
        return tuple(u in full for u in range(len(self.units)))

    @cached_property
    def unit_sets(self) -> tuple[frozenset[int], ...]:
        return tuple(frozenset(u) for u in self.units)

    def family(self, kind: str) -> tuple[int, ...]:
        """The full units of one kind (all rows, all columns, ...)."""
        return self.families.get(kind, ())

    @cached_property
    def families(self) -> dict[str, tuple[int, ...]]:
        """Kind -> its full units."""
        found: dict[str, tuple[int, ...]] = {}
        for u in self.full_units:
            found[self.unit_kinds[u]] = (*found.get(self.unit_kinds[u], ()), u)
        return found

    @cached_property
    def unit_index_of(self) -> dict[str, tuple[int, ...]]:
        """For ``row`` and ``column``: cell -> the index (within the family) of its line."""
        index: dict[str, tuple[int, ...]] = {}
        for kind in ("row", "column"):
            family = self.family(kind)
            of_cell = [-1] * self.puzzle.ncells
            for k, u in enumerate(family):
                for cell in self.units[u]:
                    of_cell[cell] = k
            if family and -1 not in of_cell:
                index[kind] = tuple(of_cell)
        return index

    def intersections(self, deadline: Deadline = NEVER) -> tuple[Intersection, ...]:
        """Pairs of full units (a, b) sharing two or more cells (but not all of a's).

        Found on the first call and kept; raises :class:`~satdoku.deadline.SolveTimeout` when
        ``deadline`` passes before they are all found.
        """
        kept = self.__dict__.get("_intersections")  # as a cached_property keeps its value
        if kept is None:
            kept = self.__dict__["_intersections"] = self._intersections(deadline)
        return cast(tuple[Intersection, ...], kept)

    def _intersections(self, deadline: Deadline) -> tuple[Intersection, ...]:
        found = []
        full = frozenset(self.full_units)
        for a in self.full_units:
            deadline.check()
            unit = self.units[a]
            meets: dict[int, int] = {}
            for c in unit:
                for b in self.cell_units[c]:
                    meets[b] = meets.get(b, 0) + 1
            for b in sorted(meets):
                if b == a or b not in full or not 2 <= meets[b] < len(unit):
                    continue
                shared = self.unit_sets[b]
                found.append(
                    Intersection(
                        a,
                        b,
                        tuple(c for c in unit if c in shared),
                        tuple(c for c in unit if c not in shared),
                        tuple(c for c in self.units[b] if c not in self.unit_sets[a]),
                    )
                )
        return tuple(found)


@dataclass(frozen=True)
class Intersection:
    """Two units ``a`` and ``b`` that share cells: the shared cells and the rest of each."""

    a: int
    b: int
    shared: tuple[int, ...]
    rest_of_a: tuple[int, ...]
    rest_of_b: tuple[int, ...]


Shape = tuple[
    int, tuple[tuple[int, int], ...], tuple[Constraint, ...], int, int, str, Geometry | None
]
"""What a layout depends on: values, positions, constraints, rows, columns, kind, geometry."""

LAYOUTS_KEPT = 8
_LAYOUTS: dict[Shape, Layout] = {}
"""The layouts of the shapes met last (a layout is built once per shape, not per puzzle)."""


def _layout(shape: Shape, deadline: Deadline) -> Layout:
    values, positions, constraints, nrows, ncols, kind, geometry = shape
    puzzle = Puzzle(
        values, positions, constraints, (0,) * len(positions), nrows, ncols, kind, geometry
    )
    units = puzzle.units
    cell_units: list[list[int]] = [[] for _ in range(puzzle.ncells)]
    for u, unit in enumerate(units):
        for cell in unit.cells:
            cell_units[cell].append(u)
    sets = [frozenset(u.cells) for u in units]
    peers = []
    for cell, its_units in enumerate(cell_units):
        if not cell % PACE:
            deadline.check()
        peers.append(frozenset().union(*(sets[u] for u in its_units)) - {cell})
    return Layout(
        puzzle=puzzle,
        units=tuple(u.cells for u in units),
        unit_names=tuple(u.name or f"unit {i + 1}" for i, u in enumerate(units)),
        unit_kinds=tuple(u.family for u in units),
        full_units=tuple(i for i, u in enumerate(units) if len(u.cells) == puzzle.values),
        cell_units=tuple(tuple(us) for us in cell_units),
        peers=tuple(peers),
        names=tuple(puzzle.cell_name(i) for i in range(puzzle.ncells)),
    )
