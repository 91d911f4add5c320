"""Sums that houses give (the law of 45): a house (a unit holding every value, or a run of
neighbouring rows or columns) adds up to a known total, so where the puzzle's sums cover it
all but a few cells, those cells add up to the rest ("innies"), and where sums that cross its
edge cover it whole, their cells outside add up to the excess ("outies"). A killer setter's
first step, and one no single cage shows. The sums made this way are added to the encoding as
redundant constraints; they hold in every solution, so the answers are the same, found sooner.
"""

from __future__ import annotations

from satdoku.model import Puzzle

MAX_LINES = 3
"""The most neighbouring rows (or columns) taken together as one house."""
MAX_CELLS = 3
"""The most cells an innie or outie sum may have."""

Sum = tuple[frozenset[int], int]
"""Cells and the total of their values, as written."""


def house_sums(puzzle: Puzzle) -> list[tuple[tuple[int, ...], int]]:
    """The (cells, total) of the innies and outies of ``puzzle``'s houses, each once."""
    sums = _sums(puzzle)
    if not sums:
        return []
    made: dict[tuple[int, ...], int] = {}
    for house, total in _houses(puzzle):
        inside = [s for s in sums if s[0] <= house]
        crossing = [s for s in sums if s[0] & house]
        for cells, rest in (_innies(house, total, inside), _outies(house, total, crossing)):
            if 0 < len(cells) <= MAX_CELLS:
                made.setdefault(tuple(sorted(cells)), rest)
    return sorted(made.items())


def _sums(puzzle: Puzzle) -> list[Sum]:
    """The puzzle's sums of distinct cells, each weight 1."""
    found = []
    for constraint in puzzle.constraints:
        equation = constraint.equation()
        if equation is None:
            continue
        terms, total = equation
        cells = frozenset(c for _, c in terms)
        if len(cells) == len(terms) and all(k == 1 for k, _ in terms):
            found.append((cells, total))
    return found


def _houses(puzzle: Puzzle) -> list[Sum]:
    """Each unit of every value, and each run of up to :data:`MAX_LINES` neighbouring rows
    (columns), with the total of its values."""
    whole = sum(puzzle.digits)
    full = [u for u in puzzle.units if len(u.cells) == puzzle.values]
    houses = [(frozenset(u.cells), whole) for u in full]
    for family in ("row", "column"):
        lines = [frozenset(u.cells) for u in full if u.family == family]
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


def _outies(house: frozenset[int], total: int, crossing: list[Sum]) -> Sum:
    """The cells outside ``house`` of sums that cover it whole, and what they add up to;
    no cells when the sums do not cover it."""
    taken = _disjoint(crossing)
    covered = frozenset().union(*(cells for cells, _ in taken))
    if not house <= covered:
        return frozenset(), 0
    return covered - house, sum(t for _, t in taken) - total
