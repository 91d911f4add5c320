"""Random jigsaw regions: N connected regions of N cells each, made from the boxes by swapping
cells across region borders, each swap kept only when both regions stay connected."""

from __future__ import annotations

import random
from collections.abc import Sequence

from satdoku.errors import VerificationError
from satdoku.geometry import Geometry

SWAPS_PER_CELL = 4
"""Swap attempts per cell of the grid: enough to leave little of the boxes."""


def neighbours(n: int, cell: int) -> list[int]:
    """The cells beside ``cell`` (up, down, left, right) in an ``n`` x ``n`` grid."""
    r, c = divmod(cell, n)
    return [
        rr * n + cc
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < n and 0 <= cc < n
    ]


def connected(n: int, cells: set[int]) -> bool:
    """Whether ``cells`` form one piece, cells joined by their sides."""
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for other in neighbours(n, todo.pop()):
            if other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def random_regions(geometry: Geometry, rng: random.Random) -> list[int]:
    """The region of each cell (0 .. N-1, row-major) of a random jigsaw of ``geometry``'s
    size."""
    n = geometry.size
    region = [geometry.box_index(r, c) for r in range(n) for c in range(n)]
    members = [{cell for cell in range(n * n) if region[cell] == k} for k in range(n)]
    for _ in range(SWAPS_PER_CELL * n * n):
        cell = rng.randrange(n * n)
        mine = region[cell]
        theirs = [region[o] for o in neighbours(n, cell) if region[o] != mine]
        if not theirs:
            continue
        other = rng.choice(theirs)
        back = [
            o
            for o in members[other]
            if any(region[x] == mine and x != cell for x in neighbours(n, o))
        ]
        if not back:
            continue
        returned = rng.choice(back)
        a = members[mine] - {cell} | {returned}
        b = members[other] - {returned} | {cell}
        if connected(n, a) and connected(n, b):
            members[mine], members[other] = a, b
            region[cell], region[returned] = other, mine
    check_regions(n, region)
    return region


def check_regions(n: int, region: Sequence[int]) -> None:
    """Raise :class:`VerificationError` unless ``region`` splits the ``n`` x ``n`` grid into
    ``n`` connected regions of ``n`` cells."""
    cells: dict[int, set[int]] = {}
    for cell, k in enumerate(region):
        cells.setdefault(k, set()).add(cell)
    if len(region) != n * n or len(cells) != n:
        raise VerificationError(f"a jigsaw of size {n} needs {n} regions, not {len(cells)}")
    for k, members in cells.items():
        if len(members) != n or not connected(n, members):
            raise VerificationError(f"jigsaw region {k} is not {n} connected cells")
