"""Random solved grids of any rule set: a few cells get random values that fit their peers,
the search completes the grid, and the values are relabelled at random (every rule of an
all-different kind, and a killer's grid, stays true under a relabelling)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from satdoku.model import Grid, Puzzle

First = Callable[[Sequence[int]], Grid | None]
"""The first solution the search finds for a grid of givens (0: blank), or None."""
TRIES = 8
"""Seedings tried before a rule set is given up as having no solved grid."""


def random_grid(rules: Puzzle, rng: random.Random, first: First) -> list[int] | None:
    """A solved grid of ``rules`` drawn with ``rng`` (None: no seeding led to one)."""
    n, peers = rules.values, rules.peers
    for _ in range(TRIES):
        givens = [0] * rules.ncells
        for cell in rng.sample(range(rules.ncells), n):
            taken = {givens[p] for p in peers[cell]}
            free = [v for v in range(1, n + 1) if v not in taken]
            if free:
                givens[cell] = rng.choice(free)
        grid = first(givens)
        if grid is not None:
            digits = list(range(1, n + 1))
            rng.shuffle(digits)
            return [digits[v - 1] for v in grid]
    return None
