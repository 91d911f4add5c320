"""Taking givens out of a solved grid while the puzzle keeps one solution, a symmetric group
of cells (an orbit) at a time."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from satdoku.deadline import Deadline

SYMMETRIES = ("none", "rotational", "diagonal", "mirror")
"""How the givens of a puzzle may be placed: ``rotational`` (180 degrees), ``diagonal``
(mirrored on the main diagonal), ``mirror`` (left to right), or ``none``."""

Unique = Callable[[Sequence[int]], bool]
"""Whether a grid of givens (0: blank) has exactly one solution."""


def orbits(n: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells of an ``n`` x ``n`` grid in groups that stay given or blank together."""
    seen: set[int] = set()
    groups: list[tuple[int, ...]] = []
    for r in range(n):
        for c in range(n):
            if r * n + c in seen:
                continue
            if symmetry == "rotational":
                cells = {(r, c), (n - 1 - r, n - 1 - c)}
            elif symmetry == "diagonal":
                cells = {(r, c), (c, r)}
            elif symmetry == "mirror":
                cells = {(r, c), (r, n - 1 - c)}
            else:
                cells = {(r, c)}
            group = tuple(sorted(i * n + j for i, j in cells))
            seen.update(group)
            groups.append(group)
    return groups


def dig(
    solution: Sequence[int],
    groups: list[tuple[int, ...]],
    unique: Unique,
    rng: random.Random,
    fewest: int,
    deadline: Deadline,
) -> list[int]:
    """The givens left after trying each group once, in random order: a group goes when the
    puzzle stays unique and at least ``fewest`` givens remain."""
    givens = list(solution)
    order = list(groups)
    rng.shuffle(order)
    left = len(givens)
    for group in order:
        deadline.check()
        if left - len(group) < fewest:
            continue
        for cell in group:
            givens[cell] = 0
        if unique(givens):
            left -= len(group)
        else:
            for cell in group:
                givens[cell] = solution[cell]
    return givens


def removable(givens: Sequence[int], unique: Unique) -> list[int]:
    """The givens whose removal alone leaves the puzzle unique (none: the puzzle is minimal)."""
    grid = list(givens)
    found = []
    for cell, value in enumerate(givens):
        if value:
            grid[cell] = 0
            if unique(grid):
                found.append(cell)
            grid[cell] = value
    return found
