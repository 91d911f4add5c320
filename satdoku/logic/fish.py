"""Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4).

For one value, k rows (the base) whose places for it all lie in the same k columns (the
cover): the value's k copies in those rows fill the k columns, so the columns' other cells
lose it. The same with rows and columns swapped. Rows and columns are the puzzle's units named
``row`` and ``column``, so every box shape works.
"""

from __future__ import annotations

from itertools import combinations

from satdoku.logic.grid import CandidateGrid, bit
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
        for base_kind, cover_kind in (("row", "column"), ("column", "row")):
            found += _fish(grid, technique, size, base_kind, cover_kind)
        return found

    return find


def _fish(
    grid: CandidateGrid, technique: Technique, size: int, base_kind: str, cover_kind: str
) -> list[Step]:
    layout = grid.layout
    cands = grid.cands
    base_units = layout.family(base_kind)
    cover_units = layout.family(cover_kind)
    cover_of = layout.unit_index_of[cover_kind]
    found = []
    n = layout.puzzle.values
    spots = [[0] * len(base_units) for _ in range(n + 1)]  # value, base unit -> its covers
    for k, u in enumerate(base_units):
        for c in layout.units[u]:
            m = cands[c]
            while m:
                low = m & -m
                m ^= low
                spots[low.bit_length()][k] |= 1 << cover_of[c]
    for value in range(1, n + 1):
        grid.check()
        b = bit(value)
        lines = [(k, mask) for k, mask in enumerate(spots[value]) if 2 <= mask.bit_count() <= size]
        if len(lines) < size:
            continue
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
