"""Sums that a puzzle's sums imply together: two sums over different cells add up to a sum
over both, and where many of their cells share units, the bound on that sum is tighter than
the two bounds apart. Four little killers of 49 along parallel diagonals cross three boxes
in 24 cells that can reach at most 3 x 44; with the few cells outside the boxes, all 32
cannot make 196, which no single diagonal shows.

The merge is greedy and bounded, as the Interactive Sudoku Solver's optimiser does it: each
sum is scored by how tightly its total pins down its groups of cells that differ, and two
sums related by at least :data:`RELATED` cells that share a unit are merged when the merged
sum scores better than both, or than the two together; the merged sum replaces its parts as
a candidate for further merges. The sums made this way (not the puzzle's own) are added to
the encoding as redundant constraints; they hold in every solution, so the answers are the
same, found sooner.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from satdoku.encodings.reach import distinct_groups
from satdoku.model import Puzzle

RELATED = 6
"""How many cells of the smaller sum must share a unit with a cell of the other (and how
many cells it must have) for two sums to be merged."""


@dataclass(frozen=True)
class Record:
    """A sum over ``cells`` (sorted) to ``total``, and how well its total pins it down."""

    cells: tuple[int, ...]
    total: int
    score: int
    original: bool


def combined_sums(puzzle: Puzzle) -> list[tuple[tuple[int, ...], int]]:
    """The (cells, total) of the sums merged from ``puzzle``'s fixed sums (in written
    values), best first; empty when no merge scores."""
    sums = fixed_sums(puzzle)
    if len(sums) < 2:  # nothing to merge: the peers (3 GB of a 225x225's) are not needed
        return []
    merger = _Merger(puzzle)
    active: dict[tuple[int, ...], Record] = {}
    for cells, total in sums:
        if len(cells) < RELATED:  # too short to merge with anything (:meth:`_Merger.merge`)
            continue
        record = merger.record(tuple(sorted(cells)), total, original=True)
        active.setdefault(record.cells, record)
    pending = [
        m
        for a, b in combinations(list(active.values()), 2)
        if (m := merger.merge(a, b)) is not None
    ]
    while pending:
        live = [
            m
            for m in pending
            if active.get(m[1].cells) is m[1]
            and active.get(m[2].cells) is m[2]
            and m[0].cells not in active
        ]
        if not live:
            break
        best = max(live, key=lambda m: (m[0].score, m[0].cells))
        merged, first, second = best
        del active[first.cells], active[second.cells]
        active[merged.cells] = merged
        pending = [m for m in live if m is not best]
        pending += [
            m for other in active.values() if (m := merger.merge(merged, other)) is not None
        ]
    made = [r for r in active.values() if not r.original and r.score > 0]
    made.sort(key=lambda r: (-r.score, r.cells))
    return [(r.cells, r.total) for r in made]


def fixed_sums(puzzle: Puzzle) -> list[tuple[tuple[int, ...], int]]:
    """The puzzle's sums of distinct cells, each of weight 1, to a fixed total: the rules
    whose equation (:meth:`~satdoku.model.Constraint.equation`) is one."""
    found = []
    for constraint in puzzle.constraints:
        equation = constraint.equation()
        if equation is None:
            continue
        terms, total = equation
        cells = tuple(c for _, c in terms)
        if len(set(cells)) == len(cells) and all(k == 1 for k, _ in terms):
            found.append((cells, total))
    return found


Merge = tuple[Record, Record, Record]
"""A merged record and its two parts."""


class _Merger:
    """Scores and merges sums of one puzzle."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.units = [u.cells for u in puzzle.units]
        self.peers = puzzle.peers
        self.low = puzzle.first
        self.high = puzzle.first + puzzle.values - 1

    def record(self, cells: tuple[int, ...], total: int, original: bool) -> Record:
        groups = distinct_groups(self.units, cells)
        least = sum(self._least(len(g)) for g in groups)
        most = sum(self._most(len(g)) for g in groups)
        if not least <= total <= most:  # the sum cannot be met: nothing scores higher
            return Record(cells, total, 1 << 30, original)
        slack = min(total - least, most - total)
        n = self.puzzle.values
        score = sum(len(g) * (n - len(g)) - slack for g in groups)
        return Record(cells, total, score, original)

    def merge(self, a: Record, b: Record) -> Merge | None:
        """``a`` and ``b`` merged, when they are related and the merge scores well."""
        if not self._related(a, b):
            return None
        merged = self.record(tuple(sorted(a.cells + b.cells)), a.total + b.total, False)
        if merged.score <= max(a.score, b.score) and merged.score <= a.score + b.score:
            return None
        return merged, a, b

    def _related(self, a: Record, b: Record) -> bool:
        small, big = sorted((a, b), key=lambda r: len(r.cells))
        if len(small.cells) < RELATED or not set(small.cells).isdisjoint(big.cells):
            return False
        others = set(big.cells)
        return sum(1 for c in small.cells if not self.peers[c].isdisjoint(others)) >= RELATED

    def _least(self, k: int) -> int:
        return sum(range(self.low, self.low + k))

    def _most(self, k: int) -> int:
        return sum(range(self.high - k + 1, self.high + 1))
