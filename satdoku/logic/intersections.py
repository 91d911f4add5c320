"""Locked candidates: a value confined to the cells two units share.

Pointing: inside a box the value only fits cells of one line, so the rest of the line loses it.
Claiming: inside a line the value only fits cells of one box, so the rest of the box loses it.
Any two full units that share cells work the same way (jigsaw regions, diagonals).
"""

from __future__ import annotations

from satdoku.logic.grid import CandidateGrid
from satdoku.logic.singles import BOX_KINDS
from satdoku.logic.step import Step, losses
from satdoku.logic.technique import Technique


def _locked(grid: CandidateGrid, technique: Technique, from_box: bool) -> list[Step]:
    layout = grid.layout
    cands = grid.cands
    names = layout.names
    found = []
    for meet in grid.paced(layout.intersections(grid.deadline)):
        if (layout.unit_kinds[meet.a] in BOX_KINDS) != from_box:
            continue
        inside = outside = beyond = 0
        for c in meet.shared:
            inside |= cands[c]
        for c in meet.rest_of_a:
            outside |= cands[c]
        confined = inside & ~outside
        if not confined:
            continue
        for c in meet.rest_of_b:
            beyond |= cands[c]
        confined &= beyond
        while confined:
            low = confined & -confined
            confined ^= low
            value = low.bit_length()
            gone = tuple((c, value) for c in meet.rest_of_b if cands[c] & low)
            na, nb = layout.unit_names[meet.a], layout.unit_names[meet.b]
            found.append(
                technique.step(
                    grid,
                    f"{technique.name}: {value} in {na} is confined to {nb}, "
                    f"so {losses(names, gone)}",
                    cells=tuple(c for c in meet.shared if cands[c] & low),
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
