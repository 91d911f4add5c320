"""Random solved grids of any box shape: a pattern grid, then the transformations that keep
every row, column and box whole (digits relabelled, rows within bands, bands, columns within
stacks, stacks; a transposition when the boxes are square)."""

from __future__ import annotations

import random

from satdoku.geometry import Geometry


def pattern(geometry: Geometry) -> list[int]:
    """A solved grid of ``geometry``: row ``r`` is the first row shifted by its place in the
    band and by its band."""
    rows, cols, n = geometry.box_rows, geometry.box_cols, geometry.size
    return [(cols * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n)]


def random_grid(geometry: Geometry, rng: random.Random) -> list[int]:
    """A solved grid of ``geometry`` drawn with ``rng``."""
    rows, cols, n = geometry.box_rows, geometry.box_cols, geometry.size
    grid = pattern(geometry)
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    row_order = _blocks(rows, cols, rng)  # cols bands of `rows` rows
    col_order = _blocks(cols, rows, rng)  # rows stacks of `cols` columns
    out = [digits[grid[r * n + c] - 1] for r in row_order for c in col_order]
    if rows == cols and rng.random() < 0.5:
        out = [out[c * n + r] for r in range(n) for c in range(n)]
    return out


def _blocks(size: int, count: int, rng: random.Random) -> list[int]:
    """A permutation of ``size * count`` lines that keeps each block of ``size`` together:
    the blocks shuffled, and the lines within each."""
    order = list(range(count))
    rng.shuffle(order)
    lines: list[int] = []
    for block in order:
        inside = list(range(block * size, block * size + size))
        rng.shuffle(inside)
        lines.extend(inside)
    return lines
