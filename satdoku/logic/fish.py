"""Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4).

For one value, k rows (the base) whose places for it all lie in the same k columns (the
cover): the value's k copies in those rows fill the k columns, so the columns' other cells
lose it. The same with rows and columns swapped. Rows and columns are the puzzle's units named
``row`` and ``column``, so every box shape works.
"""

from __future__ import annotations

from itertools import combinations

from satdoku.logic.grid import CandidateGrid
from satdoku.logic.layout import bit
from satdoku.logic.step import Step, losses
from satdoku.logic.technique import Finder, Technique

PLURAL = {"row": "rows", "column": "columns"}


def fish(size: int) -> Finder:
    def find(grid: CandidateGrid, technique: Technique) -> list[Step]:
        layout = grid.layout
        index = layout.unit_index_of
        if set(index) != {"row", "column"}:
            return []
        found = []
        places = grid.places()
        for base_kind, cover_kind in (("row", "column"), ("column", "row")):
            search = (find, base_kind)
            found += _fish(grid, technique, size, base_kind, cover_kind, places, search)
        return found

    return find


def _fish(
    grid: CandidateGrid,
    technique: Technique,
    size: int,
    base_kind: str,
    cover_kind: str,
    places: list[int],
    search: object,
) -> list[Step]:
    """The fish with bases of ``base_kind``; a value whose places are those with which
    ``search`` last found none is skipped."""
    layout = grid.layout
    nbases = len(layout.family(base_kind))
    cover_of = layout.unit_index_of[cover_kind]
    base_of = layout.unit_index_of[base_kind]
    found: list[Step] = []
    for value in range(1, layout.puzzle.values + 1):
        grid.check()
        where = places[value]
        if grid.searched(search, value, where):
            continue
        spots = [0] * nbases  # base unit -> the covers of the value's places in it
        while where:
            low = where & -where
            where ^= low
            c = low.bit_length() - 1
            spots[base_of[c]] |= 1 << cover_of[c]
        before = len(found)
        found += _value_fish(grid, technique, size, (base_kind, cover_kind), value, spots)
        if len(found) == before:
            grid.found_none(search, value, places[value])
    return found


def _value_fish(
    grid: CandidateGrid,
    technique: Technique,
    size: int,
    kinds: tuple[str, str],
    value: int,
    spots: list[int],
) -> list[Step]:
    """The fish of one value whose places in each base unit are on the covers ``spots``
    (``kinds``: of the bases, of the covers)."""
    layout = grid.layout
    cands = grid.cands
    base_kind, cover_kind = kinds
    found: list[Step] = []
    b = bit(value)
    lines = [(k, mask) for k, mask in enumerate(spots) if 2 <= mask.bit_count() <= size]
    if len(lines) < size:
        return found
    base_units = layout.family(base_kind)
    cover_units = layout.family(cover_kind)
    for group in grid.paced(combinations(lines, size)):
        union = 0
        for _, mask in group:
            union |= mask
        if union.bit_count() != size:
            continue
        base_set = {k for k, _ in group}
        base_of = layout.unit_index_of[base_kind]
        covers = [j for j in range(len(cover_units)) if union >> j & 1]
        gone = tuple(
            (c, value)
            for j in covers
            for c in layout.units[cover_units[j]]
            if cands[c] & b and base_of[c] not in base_set
        )
        if not gone:
            continue
        bases = sorted(base_set)
        cells = tuple(c for k in bases for c in layout.units[base_units[k]] if cands[c] & b)
        base_names = ", ".join(str(k + 1) for k in bases)
        cover_names = ", ".join(str(j + 1) for j in covers)
        found.append(
            technique.step(
                grid,
                f"{technique.name}: {value} in {PLURAL[base_kind]} {base_names} is confined "
                f"to {PLURAL[cover_kind]} {cover_names}, so {losses(layout.names, gone)}",
                cells=cells,
                digits=(value,),
                units=tuple(layout.unit_names[base_units[k]] for k in bases)
                + tuple(layout.unit_names[cover_units[j]] for j in covers),
                eliminations=gone,
            )
        )
    return found
