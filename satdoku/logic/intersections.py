"""Locked candidates: a value confined to the cells two units share.

Pointing: inside a box the value only fits cells of one line, so the rest of the line loses it.
Claiming: inside a line the value only fits cells of one box, so the rest of the box loses it.
Any two full units that share cells work the same way (jigsaw regions, diagonals).
"""

from __future__ import annotations

from satdoku.logic.grid import CandidateGrid, bit
from satdoku.logic.singles import BOX_KINDS
from satdoku.logic.step import Step, losses
from satdoku.logic.technique import Technique


def _locked(grid: CandidateGrid, technique: Technique, from_box: bool) -> list[Step]:
    layout = grid.layout
    cands = grid.cands
    names = layout.names
    found = []
    for a, b, shared in layout.intersections:
        if (layout.unit_kinds[a] in BOX_KINDS) != from_box:
            continue
        inside = 0
        outside = 0
        for c in layout.units[a]:
            if c in shared:
                inside |= cands[c]
            else:
                outside |= cands[c]
        confined = inside & ~outside
        if not confined:
            continue
        rest = [c for c in layout.units[b] if c not in shared]
        for value in range(1, layout.puzzle.values + 1):
            v = bit(value)
            if not confined & v:
                continue
            gone = tuple((c, value) for c in rest if cands[c] & v)
            if not gone:
                continue
            where = [c for c in layout.units[a] if cands[c] & v]
            na, nb = layout.unit_names[a], layout.unit_names[b]
            found.append(
                technique.step(
                    grid,
                    f"{technique.name}: {value} in {na} is confined to {nb}, "
                    f"so {losses(names, gone)}",
                    cells=tuple(where),
                    digits=(value,),
                    units=(na, nb),
                    eliminations=gone,
                )
            )
    return found


def find_pointing(grid: CandidateGrid, technique: Technique) -> list[Step]:
    return _locked(grid, technique, from_box=True)


def find_claiming(grid: CandidateGrid, technique: Technique) -> list[Step]:
    return _locked(grid, technique, from_box=False)
