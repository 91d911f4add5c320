"""Naked and hidden subsets (pairs, triples, quads) inside one unit.

Naked: k cells of a unit hold only k values between them, so the unit's other cells lose
those values. Hidden: k values of a full unit fit only k cells, so those cells lose every
other value.
"""

from __future__ import annotations

from itertools import combinations

from satdoku.logic.grid import CandidateGrid
from satdoku.logic.layout import bit, values_of
from satdoku.logic.step import Step, cell_list, digit_list, losses
from satdoku.logic.technique import Finder, Technique


def naked(size: int) -> Finder:
    def find(grid: CandidateGrid, technique: Technique) -> list[Step]:
        layout = grid.layout
        cands = grid.cands
        found: list[Step] = []
        for u, unit in grid.paced(enumerate(layout.units)):
            now = grid.unit_cands(u)
            if grid.searched(find, u, now):
                continue
            small = [c for c in unit if 2 <= cands[c].bit_count() <= size]
            before = len(found)
            for group in grid.paced(combinations(small, size)):
                union = 0
                for c in group:
                    union |= cands[c]
                if union.bit_count() != size:
                    continue
                gone = tuple(
                    (c, v)
                    for c in unit
                    if c not in group and cands[c] & union
                    for v in values_of(cands[c] & union)
                )
                if gone:
                    digits = tuple(values_of(union))
                    name = layout.unit_names[u]
                    found.append(
                        technique.step(
                            grid,
                            f"{technique.name}: {cell_list(layout.names, group)} hold only "
                            f"{digit_list(digits)} in {name}, so {losses(layout.names, gone)}",
                            cells=group,
                            digits=digits,
                            units=(name,),
                            eliminations=gone,
                        )
                    )
            if len(found) == before:
                grid.found_none(find, u, now)
        return found

    return find


def hidden(size: int) -> Finder:
    def find(grid: CandidateGrid, technique: Technique) -> list[Step]:
        layout = grid.layout
        cands = grid.cands
        found: list[Step] = []
        values = range(1, layout.puzzle.values + 1)
        for u in grid.paced(layout.full_units):
            now = grid.unit_cands(u)
            if grid.searched(find, u, now):
                continue
            unit = layout.units[u]
            before = len(found)
            spots = [0] * (len(values) + 1)  # value -> its places, a bit per cell of the unit
            for k, c in enumerate(unit):
                m = cands[c]
                while m:
                    low = m & -m
                    spots[low.bit_length()] |= 1 << k
                    m ^= low
            places = {v: spots[v] for v in values if 2 <= spots[v].bit_count() <= size}
            for digits in grid.paced(combinations(sorted(places), size)):
                union = 0
                for value in digits:
                    union |= places[value]
                if union.bit_count() != size:
                    continue
                keep = 0
                for value in digits:
                    keep |= bit(value)
                cells = tuple(unit[k] for k in range(len(unit)) if union >> k & 1)
                gone = tuple((c, v) for c in cells for v in values_of(cands[c] & ~keep))
                if gone:
                    name = layout.unit_names[u]
                    found.append(
                        technique.step(
                            grid,
                            f"{technique.name}: {digit_list(digits)} in {name} fit only "
                            f"{cell_list(layout.names, cells)}, so {losses(layout.names, gone)}",
                            cells=cells,
                            digits=digits,
                            units=(name,),
                            eliminations=gone,
                        )
                    )
            if len(found) == before:
                grid.found_none(find, u, now)
        return found

    return find
