"""How far a weighted sum of cells can still reach: the least and the most the last terms of
a sum can add, counting that cells of one unit hold different values. A sum encoded term by
term rules out every partial sum from which the constant is out of reach, so the solver
sees at once what a person sees ("these eight cells add up to at least 36")."""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.model import Puzzle
from satdoku.targets import LinearTerms

Reach = tuple[int, int]
"""The least and the most a run of terms can add up to."""


def suffix_reach(
    puzzle: Puzzle, terms: LinearTerms, candidates: Sequence[Sequence[int]]
) -> list[Reach]:
    """For each k from 0 to len(terms), the reach of ``terms[k:]``; ``candidates`` are the
    grid values each cell may take (empty: its given)."""
    return [reach(puzzle, terms[k:], candidates) for k in range(len(terms))] + [(0, 0)]


def reach(puzzle: Puzzle, terms: LinearTerms, candidates: Sequence[Sequence[int]]) -> Reach:
    """The reach of ``terms`` (``candidates`` as for :func:`suffix_reach`)."""
    shift = puzzle.first - 1
    least = most = 0
    groups: dict[int, list[int]] = {}  # coefficient -> cells that may be grouped
    seen: set[int] = set()
    for coefficient, cell in terms:
        values = candidates[cell]
        if not values:  # a given
            least += coefficient * (puzzle.givens[cell] + shift)
            most += coefficient * (puzzle.givens[cell] + shift)
        elif cell in seen:
            low, high = _extent(coefficient, [v + shift for v in values])
            least, most = least + low, most + high
        else:
            seen.add(cell)
            groups.setdefault(coefficient, []).append(cell)
    units = [u.cells for u in puzzle.units]
    for coefficient, cells in groups.items():
        for group in distinct_groups(units, cells):
            written = sorted({v + shift for c in group for v in candidates[c]})
            if len(written) < len(group):  # more cells than values: nothing reaches
                return (1, 0)
            small = sum(written[: len(group)])
            large = sum(written[-len(group) :])
            low, high = sorted((coefficient * small, coefficient * large))
            least, most = least + low, most + high
    return least, most


def _extent(coefficient: int, values: Sequence[int]) -> Reach:
    low, high = sorted((coefficient * min(values), coefficient * max(values)))
    return low, high


def distinct_groups(units: Sequence[Sequence[int]], cells: Sequence[int]) -> list[list[int]]:
    """``cells`` split into groups of cells that share one of ``units``, largest first."""
    left = set(cells)
    groups: list[list[int]] = []
    while left:
        best = max((left.intersection(u) for u in units), key=len, default=set())
        if len(best) < 2:
            groups.extend([c] for c in sorted(left))
            break
        groups.append(sorted(best))
        left -= best
    return groups
