"""Grid-wide rules made of units: cells a chess knight's or king's move apart differ, and the
cells at the same place in each box differ (disjoint sets).

Every move is kept, also where its two cells already share a box: a unit of two cells that
another unit covers costs a few clauses and changes no count. A king's move along a row or a
column is left out: the grids these rules go with have rows and columns."""

from __future__ import annotations

from collections.abc import Iterable

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.geometry import Geometry

KNIGHT_MOVES = ((1, 2), (2, 1), (1, -2), (2, -1))
"""A knight's moves to a later row (the others are the same pairs the other way round)."""
KING_MOVES = ((1, 1), (1, -1))
"""A king's diagonal moves to a later row."""


def _moves(
    nrows: int, ncols: int, moves: Iterable[tuple[int, int]], what: str, family: str
) -> tuple[AllDifferent, ...]:
    units = []
    for r in range(nrows):
        for c in range(ncols):
            for dr, dc in moves:
                rr, cc = r + dr, c + dc
                if 0 <= rr < nrows and 0 <= cc < ncols:
                    name = f"{what} r{r + 1}c{c + 1}-r{rr + 1}c{cc + 1}"
                    units.append(AllDifferent((r * ncols + c, rr * ncols + cc), name, family))
    return tuple(units)


def anti_knight(nrows: int, ncols: int) -> tuple[AllDifferent, ...]:
    """Cells a knight's move apart differ: one unit of two cells per move.

    ISS: ``.AntiKnight``.
    """
    return _moves(nrows, ncols, KNIGHT_MOVES, "knight's move", "anti-knight")


def anti_king(nrows: int, ncols: int) -> tuple[AllDifferent, ...]:
    """Diagonal neighbours differ: one unit of two cells per diagonal step.

    ISS: ``.AntiKing``.
    """
    return _moves(nrows, ncols, KING_MOVES, "king's move", "anti-king")


def disjoint_sets(geometry: Geometry) -> tuple[AllDifferent, ...]:
    """The cells at the same place in each box form a unit (N cells, every value once).

    ISS: ``.DisjointSets``.
    """
    return tuple(
        AllDifferent(
            tuple(box[k] for box in geometry.boxes), f"disjoint set {k + 1}", "disjoint-set"
        )
        for k in range(geometry.size)
    )
