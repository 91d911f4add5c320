"""Singles: full house, hidden single, naked single."""

from __future__ import annotations

from satdoku.logic.grid import CandidateGrid
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


Found = list[tuple[int, int, int]]
"""Singles as (cell, value, unit): the unit that shows it (-1 for a naked single)."""


def full_houses(grid: CandidateGrid) -> Found:
    """Full units with one blank left, which takes the one missing value."""
    layout = grid.layout
    values = grid.values
    cands = grid.cands
    blanks_in = grid.blanks_in
    found = []
    for u in layout.full_units:
        if blanks_in[u] == 1:
            cell = next(c for c in layout.units[u] if not values[c])
            missing = grid.all_values & ~grid.placed_in(u) & cands[cell]
            if missing and not missing & (missing - 1):
                found.append((cell, missing.bit_length(), u))
    return found


def _hidden(grid: CandidateGrid, boxes: bool) -> Found:
    """A value with one place left in a full unit goes there."""
    layout = grid.layout
    cands = grid.cands
    kinds = layout.unit_kinds
    found = []
    for u in layout.full_units:
        if (kinds[u] in BOX_KINDS) != boxes:
            continue
        unit = layout.units[u]
        once = twice = 0
        for c in unit:
            m = cands[c]
            twice |= once & m
            once |= m
        only = once & ~twice
        while only:
            b = only & -only
            only ^= b
            cell = next(c for c in unit if cands[c] & b)
            found.append((cell, b.bit_length(), u))
    return found


def hidden_in_boxes(grid: CandidateGrid) -> Found:
    return _hidden(grid, boxes=True)


def hidden_in_lines(grid: CandidateGrid) -> Found:
    return _hidden(grid, boxes=False)


def nakeds(grid: CandidateGrid) -> Found:
    """Blanks with one candidate left, which they take."""
    return [
        (cell, m.bit_length(), -1) for cell, m in enumerate(grid.cands) if m and not m & (m - 1)
    ]


def _steps(grid: CandidateGrid, technique: Technique, found: Found, why: str) -> list[Step]:
    names = grid.layout.unit_names
    return [
        _single(grid, technique, cell, value, f"{why} in {names[u]}", names[u])
        if u >= 0
        else _single(grid, technique, cell, value, why)
        for cell, value, u in found
    ]


def find_full_house(grid: CandidateGrid, technique: Technique) -> list[Step]:
    return _steps(grid, technique, full_houses(grid), "full house")


def find_hidden_single_box(grid: CandidateGrid, technique: Technique) -> list[Step]:
    return _steps(grid, technique, hidden_in_boxes(grid), "hidden single")


def find_hidden_single_line(grid: CandidateGrid, technique: Technique) -> list[Step]:
    return _steps(grid, technique, hidden_in_lines(grid), "hidden single")


def find_naked_single(grid: CandidateGrid, technique: Technique) -> list[Step]:
    return _steps(grid, technique, nakeds(grid), "naked single")


PLACERS = (full_houses, hidden_in_boxes, hidden_in_lines, nakeds)
"""The singles' searches without steps, in the order of :data:`SINGLES`."""

SINGLES: tuple[Technique, ...] = (
    Technique("full house", 1.0, find_full_house, batch=True),
    Technique("hidden single in a box", 1.2, find_hidden_single_box, batch=True),
    Technique("hidden single in a line", 1.5, find_hidden_single_line, batch=True),
    Technique("naked single", 2.3, find_naked_single, batch=True),
)
"""Full house, hidden singles and naked singles: what unit propagation also finds."""
