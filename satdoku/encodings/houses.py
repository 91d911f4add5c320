"""Sums that houses give (the law of 45): a house (a unit holding every value, or a run of
neighbouring rows or columns) adds up to a known total, so where the puzzle's sums cover it
all but a few cells, those cells add up to the rest ("innies"), and where sums that cross its
edge cover it whole, their cells outside add up to the excess ("outies"). A killer setter's
first step, and one no single cage shows. Where the sums that cross a house leave gaps, units
that fill a gap exactly are taken in too, and units that fall wholly outside are taken out,
as the Interactive Sudoku Solver's optimiser does: two little killers crossing an X-sudoku's
diagonal, with a box filling the gap, pin twelve cells to a total close to the least they can
make. The sums made this way are added to the encoding as redundant constraints; they hold in
every solution, so the answers are the same, found sooner.
"""

from __future__ import annotations

from satdoku.encodings.combined import fixed_sums
from satdoku.encodings.reach import reach
from satdoku.model import Puzzle

MAX_LINES = 3
"""The most neighbouring rows (or columns) taken together as one house."""
MAX_CELLS = 3
"""The most cells an innie or outie sum may have, unless it is :data:`TIGHT`."""
TIGHT = 4
"""A longer outie is kept when the span of totals its cells can make is more than this many
times its slack (the distance from its total to the nearer end of that span)."""

Sum = tuple[frozenset[int], int]
"""Cells and the total of their values, as written."""


def house_sums(puzzle: Puzzle) -> list[tuple[tuple[int, ...], int]]:
    """The (cells, total) of the innies and outies of ``puzzle``'s houses, each once."""
    sums = [(frozenset(cells), total) for cells, total in fixed_sums(puzzle)]
    if not sums:
        return []
    units = _units(puzzle)
    made: dict[tuple[int, ...], int] = {}
    for house, total in _houses(puzzle):
        inside = [s for s in sums if s[0] <= house]
        crossing = [s for s in sums if s[0] & house]
        cells, rest = _innies(house, total, inside)
        if 0 < len(cells) <= MAX_CELLS:
            made.setdefault(tuple(sorted(cells)), rest)
        cells, rest = _outies(house, total, crossing, units)
        if cells and (len(cells) <= MAX_CELLS or _tight(puzzle, cells, rest)):
            made.setdefault(tuple(sorted(cells)), rest)
    return sorted(made.items())


def _units(puzzle: Puzzle) -> list[Sum]:
    """Each unit of every value, with the total of its values."""
    whole = sum(puzzle.digits)
    return [(frozenset(u.cells), whole) for u in puzzle.units if len(u.cells) == puzzle.values]


def _houses(puzzle: Puzzle) -> list[Sum]:
    """Each unit of every value, and each run of up to :data:`MAX_LINES` neighbouring rows
    (columns), with the total of its values."""
    whole = sum(puzzle.digits)
    houses = _units(puzzle)
    for family in ("row", "column"):
        lines = [
            frozenset(u.cells)
            for u in puzzle.units
            if u.family == family and len(u.cells) == puzzle.values
        ]
        for k in range(2, MAX_LINES + 1):
            for start in range(len(lines) - k + 1):
                houses.append((frozenset().union(*lines[start : start + k]), k * whole))
    return houses


def _disjoint(sums: list[Sum]) -> list[Sum]:
    """Sums of ``sums`` that share no cell, taken in turn."""
    taken: list[Sum] = []
    used: set[int] = set()
    for cells, total in sums:
        if used.isdisjoint(cells):
            taken.append((cells, total))
            used |= cells
    return taken


def _innies(house: frozenset[int], total: int, inside: list[Sum]) -> Sum:
    """The cells of ``house`` that no sum inside covers, and what they add up to."""
    taken = _disjoint(inside)
    covered = frozenset().union(*(cells for cells, _ in taken))
    return house - covered, total - sum(t for _, t in taken)


def _outies(house: frozenset[int], total: int, crossing: list[Sum], units: list[Sum]) -> Sum:
    """The cells outside ``house`` of sums that cover it whole, and what they add up to;
    no cells when the sums do not cover it. A gap the sums leave may be filled by a unit
    that shares no cell with them and meets the house in two or more cells, all in the gap;
    a unit that lies wholly in the cells outside is then taken out of them."""
    taken = _disjoint(crossing)
    covered = frozenset().union(*(cells for cells, _ in taken))
    rest = sum(t for _, t in taken) - total
    for unit, whole in units:
        gap = house - covered
        if not gap:
            break
        met = unit & house
        if len(met) >= 2 and met <= gap and not unit & covered:
            covered, rest = covered | unit, rest + whole
    if not house <= covered:
        return frozenset(), 0
    outside = covered - house
    for unit, whole in sorted(units, key=lambda u: len(u[0])):
        if unit <= outside:
            outside, rest = outside - unit, rest - whole
    return outside, rest


def _tight(puzzle: Puzzle, cells: frozenset[int], total: int) -> bool:
    """Whether the values of ``cells`` can make a span of totals more than :data:`TIGHT`
    times the slack of ``total`` in it (a total out of reach is kept too)."""
    values = tuple(range(1, puzzle.values + 1))
    candidates = [() if puzzle.givens[c] else values for c in range(puzzle.ncells)]
    least, most = reach(puzzle, [(1, c) for c in sorted(cells)], candidates)
    slack = min(total - least, most - total)
    return slack < 0 or most - least > TIGHT * slack
