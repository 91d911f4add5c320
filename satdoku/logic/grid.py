"""The candidate grid: one bitmask per cell (bit ``v - 1`` set when value ``v`` is still possible).

Only the puzzle's units (its ``AllDifferent`` constraints) are used, so every box shape and
every extra-region variant works the same way. A unit is *full* when it has as many cells as
there are values: only full units must hold every value (hidden singles and the like need that).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, reduce
from itertools import compress
from operator import ne, or_
from typing import TypeVar, cast

from satdoku.deadline import NEVER, Deadline
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.kinds.regions import aligned_words
from satdoku.model import Constraint, Puzzle

T = TypeVar("T")
Links = list[list[tuple[int, int, int]]]
"""Per value, the full units where it has two places: (unit, first cell, second cell)."""
PACE = 256
"""How many items :meth:`CandidateGrid.paced` hands out between two looks at the clock."""


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


class CandidateGrid:
    """Values placed so far and the candidates of every blank cell.

    ``deadline`` is when work on the grid must stop: the engine and the techniques that can
    run long look at it (:meth:`check`, :meth:`paced`) and raise
    :class:`~satdoku.deadline.SolveTimeout` once it has passed.
    """

    __slots__ = (
        "all_values",
        "blanks_in",
        "cands",
        "deadline",
        "layout",
        "links",
        "quiet",
        "values",
    )

    def __init__(
        self,
        layout: Layout,
        values: list[int],
        cands: list[int],
        deadline: Deadline = NEVER,
        blanks_in: list[int] | None = None,
    ) -> None:
        self.layout = layout
        self.values = values
        self.cands = cands
        self.deadline = deadline
        self.all_values = (1 << layout.puzzle.values) - 1
        if blanks_in is None:
            blanks_in = [sum(1 for c in unit if not values[c]) for unit in layout.units]
        self.blanks_in = blanks_in
        """Per unit, how many of its cells are blank (counted from ``values`` unless given)."""
        self.quiet: dict[object, dict[int, object]] = {}
        """Per search done a place (unit, value) at a time, per place, the state that search
        last found nothing in (:meth:`searched`)."""
        self.links: tuple[tuple[int, ...], Links] | None = None
        """The candidates and the strong links last found from them."""

    @classmethod
    def of(
        cls, puzzle: Puzzle, layout: Layout | None = None, deadline: Deadline = NEVER
    ) -> CandidateGrid:
        """The grid of ``puzzle``'s givens with every candidate its peers' givens leave.

        ``layout`` is ``Layout.of(puzzle)`` when left out; ``deadline`` goes with the grid.
        Raises :class:`UsageError` for a puzzle the engine cannot handle (sums) and
        :class:`~satdoku.deadline.SolveTimeout` when the deadline passes first.
        """
        layout = layout or Layout.of(puzzle, deadline)
        full = (1 << puzzle.values) - 1
        values = list(puzzle.givens)
        taken = [0] * len(layout.units)
        for u, unit in enumerate(layout.units):
            for c in unit:
                if values[c]:
                    taken[u] |= bit(values[c])
        cands = []
        for cell, value in enumerate(values):
            if value:
                cands.append(0)
            else:
                mask = full
                for u in layout.cell_units[cell]:
                    mask &= ~taken[u]
                cands.append(mask)
        deadline.check()
        return cls(layout, values, cands, deadline)

    def copy(self) -> CandidateGrid:
        """An independent copy (with the same layout and deadline)."""
        return CandidateGrid(
            self.layout, list(self.values), list(self.cands), self.deadline, list(self.blanks_in)
        )

    def check(self) -> None:
        """Raise :class:`~satdoku.deadline.SolveTimeout` once the grid's deadline has passed."""
        self.deadline.check()

    def paced(self, items: Iterable[T]) -> Iterable[T]:
        """``items``, looking at the deadline every :data:`PACE` items (for long loops)."""
        return _paced(items, self.deadline) if self.deadline.limited else items

    def __repr__(self) -> str:
        puzzle = self.layout.puzzle
        blank = self.values.count(0)
        return (
            f"<CandidateGrid {puzzle.kind} {puzzle.nrows}x{puzzle.ncols}:"
            f" {len(self.values) - blank} placed, {blank} blank>"
        )

    @property
    def solved(self) -> bool:
        return 0 not in self.values

    def searched(self, search: object, place: int, state: object) -> bool:
        """Whether ``search``, whose finds at ``place`` depend on ``state`` alone, found
        nothing there when it was last ``state`` (:meth:`found_none`)."""
        kept = self.quiet.get(search)
        return kept is not None and kept.get(place) == state

    def found_none(self, search: object, place: int, state: object) -> None:
        """Remember that ``search`` found nothing at ``place`` in ``state``."""
        self.quiet.setdefault(search, {})[place] = state

    def unit_cands(self, u: int) -> tuple[int, ...]:
        """The candidates of unit ``u``'s cells."""
        return tuple(map(self.cands.__getitem__, self.layout.units[u]))

    def places(self) -> list[int]:
        """Per value (index 0 unused), the cells that can take it, a bit per cell."""
        found = [0] * (self.layout.puzzle.values + 1)
        for cell, m in enumerate(self.cands):
            while m:
                low = m & -m
                m ^= low
                found[low.bit_length()] |= 1 << cell
        return found

    def place(self, cell: int, value: int) -> None:
        """Put ``value`` in ``cell`` and remove it from the candidates of the cell's peers."""
        self.values[cell] = value
        self.cands[cell] = 0
        for u in self.layout.cell_units[cell]:
            self.blanks_in[u] -= 1
        clear = ~bit(value)
        cands = self.cands
        for peer in self.layout.peers[cell]:
            cands[peer] &= clear

    def eliminate(self, cell: int, value: int) -> None:
        self.cands[cell] &= ~bit(value)

    def has(self, cell: int, value: int) -> bool:
        return bool(self.cands[cell] & bit(value))

    def where(self, unit: int, value: int) -> list[int]:
        """The blank cells of ``unit`` that can still take ``value``."""
        b = bit(value)
        cands = self.cands
        return [c for c in self.layout.units[unit] if cands[c] & b]

    def strong_links(self) -> Links:
        """Per value (index 0 unused), the full units where it has exactly two places, in the
        order of the full units: (unit, first cell, second cell). Kept, and handed out again,
        while the candidates stay the same: read them, do not change them."""
        now = tuple(self.cands)
        if self.links is None or self.links[0] != now:
            self.links = (now, self._strong_links())
        return self.links[1]

    def _strong_links(self) -> Links:
        layout = self.layout
        cands = self.cands
        links: Links = [[] for _ in range(layout.puzzle.values + 1)]
        for u in layout.full_units:
            unit = layout.units[u]
            once = twice = thrice = 0
            for c in unit:
                m = cands[c]
                thrice |= twice & m
                twice |= once & m
                once |= m
            two = twice & ~thrice
            while two:
                b = two & -two
                two ^= b
                first, second = (c for c in unit if cands[c] & b)
                links[b.bit_length()].append((u, first, second))
        return links

    def placed_in(self, unit: int) -> int:
        """The mask of values already placed in ``unit``."""
        mask = 0
        for c in self.layout.units[unit]:
            if self.values[c]:
                mask |= bit(self.values[c])
        return mask

    def contradiction(self) -> str | None:
        """Why the grid cannot be completed (a value twice in a unit, or a dead end), or None."""
        layout = self.layout
        for u, unit in enumerate(layout.units):
            placed = [self.values[c] for c in unit if self.values[c]]
            if len(set(placed)) != len(placed):
                value = next(v for v in placed if placed.count(v) > 1)
                return f"{value} appears twice in {layout.unit_names[u]}"
        return self.dead_end()

    def dead_end(self) -> str | None:
        """A blank with no candidate, or a value with no place left in a full unit, or None.

        Placing only candidates never puts a value twice in a unit, so after the givens are
        checked this is all that can go wrong."""
        layout = self.layout
        bits = layout.value_bits
        marks = [m | bits[v] for v, m in zip(self.values, self.cands, strict=True)]
        if 0 in marks:
            return f"{layout.names[marks.index(0)]} has no candidate left"
        full = self.all_values
        for u in layout.full_units:
            have = reduce(or_, map(marks.__getitem__, layout.units[u]))
            if have != full:
                value = values_of(full & ~have)[0]
                return f"{value} has no place left in {layout.unit_names[u]}"
        return None

    def dead_end_since(self, before: Sequence[int]) -> bool:
        """Whether the grid has a dead end (see :meth:`dead_end`), given that it had none when
        its candidates were ``before``: only the cells whose candidates changed since, and
        their units, can show one."""
        layout = self.layout
        cands = self.cands
        values = self.values
        bits = layout.value_bits
        units = layout.units
        is_full = layout.is_full
        full = self.all_values
        seen: set[int] = set()
        for c in compress(range(len(cands)), map(ne, cands, before)):
            if not cands[c] and not values[c]:
                return True
            for u in layout.cell_units[c]:
                if u in seen or not is_full[u]:
                    continue
                seen.add(u)
                unit = units[u]
                have = reduce(or_, map(cands.__getitem__, unit))
                if have | reduce(or_, map(bits.__getitem__, map(values.__getitem__, unit))) != full:
                    return True
        return False

    def line(self) -> str:
        """The grid in one line: rows of N separated by spaces, ``.`` for a blank."""
        n = self.layout.puzzle.values
        puzzle = self.layout.puzzle
        if puzzle.geometry is None:
            return " ".join(value_char(v) for v in self.values)
        rows = ("".join(value_char(v) for v in self.values[r * n : (r + 1) * n]) for r in range(n))
        return " ".join(rows)

    def candidates_text(self) -> str:
        """The grid with candidates: each blank shows its candidate values, given cells their
        value; columns aligned, rows on lines."""
        puzzle = self.layout.puzzle
        texts = [
            value_char(v) if v else "".join(value_char(x) for x in values_of(self.cands[i]))
            for i, v in enumerate(self.values)
        ]
        return "\n".join(aligned_words(puzzle, texts))


def _paced(items: Iterable[T], deadline: Deadline) -> Iterator[T]:
    for i, item in enumerate(items):
        if not i % PACE:
            deadline.check()
        yield item


_CHARS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def value_char(value: int) -> str:
    """One character per value (``1-9`` then ``A-Z``), ``.`` for blank; numbers past 35."""
    if not value:
        return "."
    return _CHARS[value - 1] if value <= len(_CHARS) else f"({value})"
