"""Candidates per cell for the reduced encodings, computed with one bitmask per unit so that
big grids (400x400: 160,000 cells, 1,200 units) are reduced in a second or two.

* :func:`given_candidates`: Kwon & Jain's reduction: a given cell keeps no candidate; any
  other cell loses the values given in its units, and the values that no set of distinct
  values reaching the total of one of its sums holds (a Kakuro run of two cells adding up to
  3 keeps 1 and 2).
* :func:`singles_candidates`: that, then naked and hidden singles to a fixpoint (a cell with
  one candidate fixes it, a value with one place in a unit goes there).
* :func:`locked_candidates`: that, then locked candidates (a value that a row keeps only in
  one box leaves the rest of the box, and so for every two units that share cells) with the
  singles they lead to, to a fixpoint.

Only logically forced values are removed, so the solutions are the same; a cell fixed this
way keeps its one candidate (and its variable).
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
    solution)."""
    reduction = _Reduction(puzzle, deadline)
    reduction.singles()
    return reduction.candidates()


def locked_candidates(puzzle: Puzzle, deadline: Deadline = NEVER) -> list[tuple[int, ...]]:
    """:func:`singles_candidates`, then locked candidates (pointing and claiming) and the
    singles they lead to, until nothing changes: when a unit that holds every value has a
    value only where it meets another unit, no other cell of that unit takes the value."""
    reduction = _Reduction(puzzle, deadline)
    reduction.singles()
    while reduction.intersections():
        reduction.singles()
    return reduction.candidates()


class _Reduction:
    """Candidates as bitmasks with, per unit and value, a count of the open cells that can
    take it: event driven, so a hidden single is seen when its count drops to one, without
    rescanning units."""

    def __init__(self, puzzle: Puzzle, deadline: Deadline) -> None:
        self.puzzle = puzzle
        self.deadline = deadline
        masks, self.cell_units = _unit_masks(puzzle)
        full = (1 << (puzzle.values + 1)) - 2
        givens = puzzle.givens
        cand = self.cand = [0] * puzzle.ncells
        for cell, given in enumerate(givens):
            if cell % CHECK_EVERY == 0:
                deadline.check()
            if not given:
                taken = 0
                for k in self.cell_units[cell]:
                    taken |= masks[k]
                cand[cell] = full & ~taken
        self.placed = list(masks)
        self.full = [len(unit.cells) >= puzzle.values for unit in puzzle.units]
        self.open_cells = [{c for c in unit.cells if not givens[c]} for unit in puzzle.units]
        self.counts: list[dict[int, int]] = []
        for cells in self.open_cells:
            deadline.check()
            count: dict[int, int] = {}
            for c in cells:
                mask = cand[c]
                while mask:
                    low = mask & -mask
                    mask ^= low
                    count[low] = count.get(low, 0) + 1
            self.counts.append(count)
        self.todo = [
            c for c in range(puzzle.ncells) if not givens[c] and cand[c] & (cand[c] - 1) == 0
        ]
        self.hidden = [
            (k, bit) for k, count in enumerate(self.counts) for bit, n in count.items() if n == 1
        ]
        self.dirty = set(range(len(puzzle.units)))
        self._meets: list[list[tuple[int, frozenset[int]]]] | None = None

    def candidates(self) -> list[tuple[int, ...]]:
        givens = self.puzzle.givens
        return [() if givens[c] else _values(self.cand[c]) for c in range(self.puzzle.ncells)]

    def eliminate(self, cell: int, bits: int) -> None:
        """Take ``bits`` out of the candidates of ``cell``."""
        cand = self.cand
        gone = cand[cell] & bits
        if not gone:
            return
        cand[cell] ^= gone
        while gone:
            low = gone & -gone
            gone ^= low
            for k in self.cell_units[cell]:
                count = self.counts[k]
                count[low] -= 1
                if count[low] == 1 and not self.placed[k] & low:
                    self.hidden.append((k, low))
        self.dirty.update(self.cell_units[cell])
        if cand[cell] & (cand[cell] - 1) == 0:
            self.todo.append(cell)

    def singles(self) -> None:
        """Naked and hidden singles until nothing changes."""
        cand, todo, hidden = self.cand, self.todo, self.hidden
        cell_units, open_cells, placed = self.cell_units, self.open_cells, self.placed
        steps = 0
        while todo or hidden:
            while todo:
                steps += 1
                if steps % CHECK_EVERY == 0:
                    self.deadline.check()
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
                            self.eliminate(other, mask)
            while hidden and not todo:
                k, bit = hidden.pop()
                # a unit of fewer cells than values need not hold every value
                if placed[k] & bit or not self.full[k]:
                    continue
                holder = next((c for c in open_cells[k] if cand[c] & bit), None)
                if holder is not None and cand[holder] != bit:
                    self.eliminate(holder, ~bit)

    def intersections(self) -> bool:
        """One pass of locked candidates over the units changed since the last pass: a value
        that a unit holding every value keeps only in its cells shared with another unit
        leaves the other unit's remaining cells. Whether a candidate was removed."""
        meets = self._meets if self._meets is not None else self._intersections()
        self._meets = meets
        cand, open_cells = self.cand, self.open_cells
        dirty, self.dirty = self.dirty, set()
        removed = False
        for k in sorted(dirty):
            self.deadline.check()
            for other, shared in meets[k]:
                inside = rest = 0
                for c in open_cells[k]:
                    if c in shared:
                        inside |= cand[c]
                    else:
                        rest |= cand[c]
                only = inside & ~rest & ~self.placed[k]
                if not only:
                    continue
                for c in open_cells[other] - shared:
                    if cand[c] & only:
                        self.eliminate(c, only)
                        removed = True
        return removed

    def _intersections(self) -> list[list[tuple[int, frozenset[int]]]]:
        """For every unit that holds every value, the other units it shares two or more
        cells with, and those cells."""
        shared: dict[tuple[int, int], list[int]] = {}
        for cell, units in enumerate(self.cell_units):
            for i, a in enumerate(units):
                for b in units[i + 1 :]:
                    shared.setdefault((a, b), []).append(cell)
        meets: list[list[tuple[int, frozenset[int]]]] = [[] for _ in self.puzzle.units]
        for (a, b), cells in shared.items():
            if len(cells) < 2:
                continue
            if self.full[a]:
                meets[a].append((b, frozenset(cells)))
            if self.full[b]:
                meets[b].append((a, frozenset(cells)))
        return meets
