"""Killer cages cut from a solved grid: connected groups of cells without a repeated value,
grown at random; while the cages leave more than one solution, a cell where two solutions
differ leaves its cage (which keeps its connected pieces), until one solution is left."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from satdoku.generate.regions import neighbours
from satdoku.model import Grid

Cages = list[set[int]]
Solve = Callable[[Cages], list[Grid]]
"""Up to two solutions of the killer those cages make (with the grid's sums)."""


def largest_cage(n: int) -> int:
    """The most cells a cage is grown to: about half the values up to 9x9 (5 there), 4 on
    bigger grids (CP-SAT takes seconds to count a 16x16 killer of 5-cell cages, a fraction
    of that with 4)."""
    return 4 if n > 9 else max(2, n // 2 + 1)


def grow(grid: Sequence[int], n: int, rng: random.Random) -> Cages:
    """Cages covering the ``n`` x ``n`` grid, each of 1 to :func:`largest_cage` cells, connected,
    no value twice."""
    owner = [-1] * (n * n)
    cages: Cages = []
    order = list(range(n * n))
    rng.shuffle(order)
    for start in order:
        if owner[start] >= 0:
            continue
        cage, values = {start}, {grid[start]}
        owner[start] = len(cages)
        size = rng.randint(2, largest_cage(n))
        while len(cage) < size:
            free = [
                o for c in cage for o in neighbours(n, c) if owner[o] < 0 and grid[o] not in values
            ]
            if not free:
                break
            cell = rng.choice(free)
            cage.add(cell)
            values.add(grid[cell])
            owner[cell] = len(cages)
        cages.append(cage)
    return cages


def split_until_unique(cages: Cages, n: int, solve: Solve, rng: random.Random) -> Cages:
    """``cages``, cut where two solutions differ until the killer has one solution."""
    while len(found := solve(cages)) > 1:
        differ = [c for c, (a, b) in enumerate(zip(found[0], found[1], strict=True)) if a != b]
        cell = rng.choice(differ)
        cage = next(k for k in cages if cell in k)
        cages = [k for k in cages if k is not cage] + [{cell}] + pieces(n, cage - {cell})
    return cages


def pieces(n: int, cells: set[int]) -> Cages:
    """The connected pieces of ``cells``."""
    left, found = set(cells), []
    while left:
        piece, todo = set(), [left.pop()]
        while todo:
            cell = todo.pop()
            piece.add(cell)
            for other in neighbours(n, cell):
                if other in left:
                    left.discard(other)
                    todo.append(other)
        found.append(piece)
    return found
