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
from dataclasses import dataclass

from satdoku.logic.grid import CandidateGrid
from satdoku.logic.layout import bit, values_of
from satdoku.logic.singles import PLACERS
from satdoku.logic.step import Step
from satdoku.logic.technique import Technique

Choice = tuple[int, int]
"""(cell, value): "cell holds value"."""


@dataclass(frozen=True)
class Branch:
    """Where one choice leads: the grid reached (or the contradiction met) and how many
    singles it took."""

    grid: CandidateGrid
    singles: int
    contradiction: str | None


def _follow(grid: CandidateGrid, cell: int, value: int, sound: bool) -> Branch:
    """Place ``value`` in ``cell`` on a copy of ``grid`` and apply singles until they run out
    or a contradiction shows; ``sound``: ``grid`` has no dead end, so only what changes is
    looked at."""
    branch = grid.copy()
    branch.place(cell, value)
    cands = branch.cands
    count = 0
    before = grid.cands
    while not (branch.dead_end_since(before) if sound else branch.dead_end()):
        branch.check()
        before = list(cands)
        for singles in PLACERS:
            found = singles(branch)
            if found:
                for c, v, _ in found:
                    if cands[c] >> (v - 1) & 1:
                        branch.place(c, v)
                        count += 1
                break
        else:
            return Branch(branch, count, None)
    return Branch(branch, count, branch.dead_end())


def _by(branch: Branch) -> str:
    n = branch.singles
    return f"{n} single{'' if n == 1 else 's'}"


def _alternatives(grid: CandidateGrid) -> Iterator[tuple[str, list[Choice]]]:
    """Sets of choices of which one must hold: a cell's candidates, a value's places in a unit."""
    layout = grid.layout
    names = layout.names
    for size in (2, 3):
        for cell, mask in enumerate(grid.cands):
            if mask.bit_count() == size:
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
    tried: dict[Choice, Branch] = {}
    sound = grid.dead_end() is None
    for what, choices in _alternatives(grid):
        grid.check()
        branches = []
        for choice in choices:
            if choice not in tried:
                tried[choice] = _follow(grid, *choice, sound)
            branches.append(tried[choice])
        for (cell, value), branch in zip(choices, branches, strict=True):
            if branch.contradiction is not None:
                return [
                    technique.step(
                        grid,
                        f"{technique.name} on {what}: {names[cell]} = {value} leads by "
                        f"{_by(branch)} to a contradiction ({branch.contradiction}), "
                        f"so {names[cell]} loses {value}",
                        cells=(cell,),
                        digits=(value,),
                        eliminations=((cell, value),),
                    )
                ]
        for other, placed in enumerate(branches[0].grid.values):
            if (
                placed
                and not grid.values[other]
                and grid.cands[other] & bit(placed)
                and all(b.grid.values[other] == placed for b in branches)
            ):
                either = ", ".join(
                    f"{names[c]} = {v} (by {_by(b)})"
                    for (c, v), b in zip(choices, branches, strict=True)
                )
                return [
                    technique.step(
                        grid,
                        f"{technique.name} on {what}: each of {either} leads to "
                        f"{names[other]} = {placed}, so {names[other]} = {placed}",
                        cells=(*(c for c, _ in choices), other),
                        digits=tuple(sorted({v for _, v in choices} | {placed})),
                        placements=((other, placed),),
                    )
                ]
    return []
