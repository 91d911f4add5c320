"""Candidates per cell for the reduced encodings, computed with one bitmask per unit so that
big grids (400x400: 160,000 cells, 1,200 units) are reduced in a second or two.

* :func:`given_candidates`: Kwon & Jain's reduction: a given cell keeps no candidate; any
  other cell loses the values given in its units, and the values that no set of distinct
  values reaching the total of one of its sums holds (a Kakuro run of two cells adding up to
  3 keeps 1 and 2).
* :func:`singles_candidates`: that, then naked and hidden singles to a fixpoint (a cell with
  one candidate fixes it, a value with one place in a unit goes there). Only logically forced
  values are removed, so the solutions are the same; a cell fixed this way keeps its one
  candidate (and its variable).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from satdoku.constraints import Sum
from satdoku.deadline import NEVER, Deadline
from satdoku.model import Puzzle

CHECK_EVERY = 512
"""Cells (or steps of the singles loop) between two looks at the deadline."""


def _values(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _unit_masks(puzzle: Puzzle) -> tuple[list[int], list[list[int]]]:
    """The given values of every unit as a bitmask, and the units of every cell."""
    givens = puzzle.givens
    masks = []
    cell_units: list[list[int]] = [[] for _ in range(puzzle.ncells)]
    for k, unit in enumerate(puzzle.units):
        mask = 0
        for c in unit.cells:
            if givens[c]:
                mask |= 1 << givens[c]
            cell_units[c].append(k)
        masks.append(mask)
    return masks, cell_units


@cache
def _reach(values: int, cells: int, total: int) -> int:
    """The values (a bitmask) of the sets of ``cells`` distinct values 1..``values`` adding up
    to ``total``."""
    mask = 0
    for combo in combinations(range(1, values + 1), cells):
        if sum(combo) == total:
            for v in combo:
                mask |= 1 << v
    return mask


def _sum_masks(puzzle: Puzzle, full: int) -> list[int]:
    """The values each cell may hold by its sums whose cells are all different (all values
    for a cell in no such sum)."""
    allowed = [full] * puzzle.ncells
    units = [frozenset(u.cells) for u in puzzle.units]
    for constraint in puzzle.constraints:
        if not isinstance(constraint, Sum):
            continue
        cells = frozenset(constraint.cells)
        if len(cells) > puzzle.values or not any(cells <= unit for unit in units):
            continue
        total = constraint.total - (puzzle.first - 1) * len(cells)
        mask = _reach(puzzle.values, len(cells), total)
        for c in cells:
            allowed[c] &= mask
    return allowed


def given_candidates(puzzle: Puzzle, deadline: Deadline = NEVER) -> list[tuple[int, ...]]:
    """Kwon & Jain's fixed literals removed, and the values out of reach of a sum: the
    candidates each cell keeps."""
    masks, cell_units = _unit_masks(puzzle)
    full = (1 << (puzzle.values + 1)) - 2
    allowed = _sum_masks(puzzle, full)
    out: list[tuple[int, ...]] = []
    for cell, given in enumerate(puzzle.givens):
        if cell % CHECK_EVERY == 0:
            deadline.check()
        if given:
            out.append(())
            continue
        taken = 0
        for k in cell_units[cell]:
            taken |= masks[k]
        out.append(_values(allowed[cell] & ~taken))
    return out


def singles_candidates(puzzle: Puzzle, deadline: Deadline = NEVER) -> list[tuple[int, ...]]:
    """:func:`given_candidates`, then naked and hidden singles until nothing changes (a cell
    or a unit left without room for a value is left to the solver, which proves there is no
    solution).

    Event driven: a count per unit and value of the open cells that can take it, so a
    hidden single is seen when its count drops to one, without rescanning units."""
    masks, cell_units = _unit_masks(puzzle)
    full = (1 << (puzzle.values + 1)) - 2
    givens = puzzle.givens
    cand = [0] * puzzle.ncells
    for cell, given in enumerate(givens):
        if cell % CHECK_EVERY == 0:
            deadline.check()
        if not given:
            taken = 0
            for k in cell_units[cell]:
                taken |= masks[k]
            cand[cell] = full & ~taken
    placed = list(masks)
    open_cells = [{c for c in unit.cells if not givens[c]} for unit in puzzle.units]
    counts: list[dict[int, int]] = []
    for cells in open_cells:
        deadline.check()
        count: dict[int, int] = {}
        for c in cells:
            mask = cand[c]
            while mask:
                low = mask & -mask
                mask ^= low
                count[low] = count.get(low, 0) + 1
        counts.append(count)
    todo = [c for c in range(puzzle.ncells) if not givens[c] and cand[c] & (cand[c] - 1) == 0]
    hidden = [(k, bit) for k, count in enumerate(counts) for bit, n in count.items() if n == 1]

    def eliminate(cell: int, bits: int) -> None:
        gone = cand[cell] & bits
        if not gone:
            return
        cand[cell] ^= gone
        while gone:
            low = gone & -gone
            gone ^= low
            for k in cell_units[cell]:
                count = counts[k]
                count[low] -= 1
                if count[low] == 1 and not placed[k] & low:
                    hidden.append((k, low))
        if cand[cell] & (cand[cell] - 1) == 0:
            todo.append(cell)

    steps = 0
    while todo or hidden:
        while todo:
            steps += 1
            if steps % CHECK_EVERY == 0:
                deadline.check()
            cell = todo.pop()
            mask = cand[cell]
            if mask == 0 or all(cell not in open_cells[k] for k in cell_units[cell]):
                continue
            for k in cell_units[cell]:
                open_cells[k].discard(cell)
                placed[k] |= mask
            for k in cell_units[cell]:
                for other in open_cells[k]:
                    if cand[other] & mask:
                        eliminate(other, mask)
        while hidden and not todo:
            k, bit = hidden.pop()
            # a unit of fewer cells than values need not hold every value
            if placed[k] & bit or len(puzzle.units[k].cells) < puzzle.values:
                continue
            holder = next((c for c in open_cells[k] if cand[c] & bit), None)
            if holder is not None and cand[holder] != bit:
                eliminate(holder, ~bit)
    return [() if givens[c] else _values(cand[c]) for c in range(puzzle.ncells)]
