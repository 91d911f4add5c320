"""Singles: full house, hidden single, naked single."""

from __future__ import annotations

from satdoku.logic.grid import CandidateGrid, bit, values_of
from satdoku.logic.step import Step
from satdoku.logic.technique import Technique

BOX_KINDS = frozenset({"box", "region", "jigsaw"})


def _single(
    grid: CandidateGrid, technique: Technique, cell: int, value: int, why: str, unit: str = ""
) -> Step:
    name = grid.layout.names[cell]
    return technique.step(
        grid,
        f"{name} = {value} ({why})",
        cells=(cell,),
        digits=(value,),
        units=(unit,) if unit else (),
        placements=((cell, value),),
    )


def find_full_house(grid: CandidateGrid, technique: Technique) -> list[Step]:
    """A full unit with one blank left: it takes the one missing value."""
    layout = grid.layout
    found = []
    for u in layout.full_units:
        if grid.blanks_in[u] == 1:
            cell = next(c for c in layout.units[u] if not grid.values[c])
            missing = grid.all_values & ~grid.placed_in(u) & grid.cands[cell]
            if missing and not missing & (missing - 1):
                value = values_of(missing)[0]
                name = layout.unit_names[u]
                found.append(_single(grid, technique, cell, value, f"full house in {name}", name))
    return found


def _hidden_singles(grid: CandidateGrid, technique: Technique, boxes: bool) -> list[Step]:
    """A value with one place left in a full unit goes there."""
    layout = grid.layout
    cands = grid.cands
    found = []
    for u in layout.full_units:
        if (layout.unit_kinds[u] in BOX_KINDS) != boxes:
            continue
        once = twice = 0
        for c in layout.units[u]:
            m = cands[c]
            twice |= once & m
            once |= m
        only = once & ~twice
        if not only:
            continue
        name = layout.unit_names[u]
        for value in values_of(only):
            b = bit(value)
            cell = next(c for c in layout.units[u] if cands[c] & b)
            found.append(_single(grid, technique, cell, value, f"hidden single in {name}", name))
    return found


def find_hidden_single_box(grid: CandidateGrid, technique: Technique) -> list[Step]:
    return _hidden_singles(grid, technique, boxes=True)


def find_hidden_single_line(grid: CandidateGrid, technique: Technique) -> list[Step]:
    return _hidden_singles(grid, technique, boxes=False)


def find_naked_single(grid: CandidateGrid, technique: Technique) -> list[Step]:
    """A blank with one candidate left takes it."""
    found = []
    for cell, m in enumerate(grid.cands):
        if m and not m & (m - 1):
            found.append(_single(grid, technique, cell, values_of(m)[0], "naked single"))
    return found


SINGLES: tuple[Technique, ...] = (
    Technique("full house", 1.0, find_full_house, batch=True),
    Technique("hidden single in a box", 1.2, find_hidden_single_box, batch=True),
    Technique("hidden single in a line", 1.5, find_hidden_single_line, batch=True),
    Technique("naked single", 2.3, find_naked_single, batch=True),
)
"""Full house, hidden singles and naked singles: what unit propagation also finds."""
