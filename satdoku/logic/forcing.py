"""Forcing chains followed by singles, from a cell with few candidates or a value with two
places in a unit.

Try each alternative in turn on a copy of the grid and apply singles until they run out. If
one choice ends in a contradiction, it is false: the cell loses that value. If every choice
places the same value in some other cell, that cell takes it. Cells with two candidates and
values with two places in a unit are tried first, then cells with three candidates. (Sudoku
Explainer calls these dynamic forcing chains; they are the last resort before search.)
"""

from __future__ import annotations

from collections.abc import Iterator

from satdoku.logic.grid import CandidateGrid, bit, popcount, values_of
from satdoku.logic.singles import SINGLES
from satdoku.logic.step import Step
from satdoku.logic.technique import Technique

Choice = tuple[int, int]
"""(cell, value): "cell holds value"."""


def _follow(grid: CandidateGrid, cell: int, value: int) -> CandidateGrid | str:
    """The grid after placing ``value`` in ``cell`` and every single that follows, or the
    contradiction it reaches."""
    branch = grid.copy()
    branch.place(cell, value)
    while (problem := branch.dead_end()) is None:
        for single in SINGLES:
            steps = single(branch)
            if steps:
                for step in steps:
                    if step.applies_to(branch):
                        step.apply(branch)
                break
        else:
            return branch
    return problem


def _alternatives(grid: CandidateGrid) -> Iterator[tuple[str, list[Choice]]]:
    """Sets of choices of which one must hold: a cell's candidates, a value's places in a unit."""
    layout = grid.layout
    names = layout.names
    for size in (2, 3):
        for cell, mask in enumerate(grid.cands):
            if popcount(mask) == size:
                values = values_of(mask)
                yield f"{names[cell]} {{{','.join(map(str, values))}}}", [(cell, v) for v in values]
        if size == 2:
            for u in layout.full_units:
                for value in values_of(grid.all_values & ~grid.placed_in(u)):
                    where = grid.where(u, value)
                    if len(where) == 2:
                        places = " or ".join(names[c] for c in where)
                        yield (
                            f"{value} in {layout.unit_names[u]} ({places})",
                            [(c, value) for c in where],
                        )


def find_forcing_chain(grid: CandidateGrid, technique: Technique) -> list[Step]:
    names = grid.layout.names
    tried: dict[Choice, CandidateGrid | str] = {}
    for what, choices in _alternatives(grid):
        outcomes = []
        for choice in choices:
            if choice not in tried:
                tried[choice] = _follow(grid, *choice)
            outcomes.append(tried[choice])
        for (cell, value), outcome in zip(choices, outcomes, strict=True):
            if isinstance(outcome, str):
                return [
                    technique.step(
                        grid,
                        f"{technique.name} on {what}: {names[cell]} = {value} leads by singles "
                        f"to a contradiction ({outcome}), so {names[cell]} loses {value}",
                        cells=(cell,),
                        digits=(value,),
                        eliminations=((cell, value),),
                    )
                ]
        branches = [o for o in outcomes if isinstance(o, CandidateGrid)]
        for other, placed in enumerate(branches[0].values):
            if (
                placed
                and not grid.values[other]
                and grid.cands[other] & bit(placed)
                and all(b.values[other] == placed for b in branches)
            ):
                either = ", ".join(f"{names[c]} = {v}" for c, v in choices)
                return [
                    technique.step(
                        grid,
                        f"{technique.name} on {what}: each of {either} leads by singles to "
                        f"{names[other]} = {placed}, so {names[other]} = {placed}",
                        cells=(*(c for c, _ in choices), other),
                        digits=tuple(sorted({v for _, v in choices} | {placed})),
                        placements=((other, placed),),
                    )
                ]
    return []
