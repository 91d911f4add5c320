"""The candidate grid: one bitmask per cell (bit ``v - 1`` set when value ``v`` is still possible).

Only the puzzle's units (its ``AllDifferent`` constraints) are used, so every box shape and
every extra-region variant works the same way. A unit is *full* when it has as many cells as
there are values: only full units must hold every value (hidden singles and the like need that).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import reduce
from itertools import compress
from operator import ne, or_
from typing import TypeVar

from satdoku.deadline import NEVER, Deadline
from satdoku.kinds.regions import aligned_words
from satdoku.logic.layout import PACE, Layout, bit, values_of
from satdoku.model import Puzzle

T = TypeVar("T")
Links = list[list[tuple[int, int, int]]]
"""Per value, the full units where it has two places: (unit, first cell, second cell)."""


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
