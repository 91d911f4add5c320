"""The names and bounds of the compiled searches behind the ``dpll`` backend, apart from the
searches: the planner and the defaults ask these without loading the exact-cover search
(:mod:`satdoku.solver.dpll`, with the encodings it builds its matrix from)."""

from __future__ import annotations

import importlib

try:
    Cover = importlib.import_module("satdoku.solver._dpll").Cover
except ImportError:  # built without a C compiler
    Cover = None

BACKEND = "dpll"
MATRIX = "exactcover"
"""The encoding of the exact-cover search (the default), as the statistics name it."""
BITMASK = "bitmask"
"""The encoding of the bitmask search (:mod:`satdoku.solver.bitgrid`): plain Sudokus below
25x25 when at most two solutions are listed or they are only counted; the same propagation
and branching, chronological backtracking, no learning."""
MAX_VALUES = 36
"""The largest grids the exact-cover search takes: it copies its state (one counter per
candidate and constraint) at every decision, which grows with the fourth power of the size."""
NODE_BUDGET = 200_000
"""Search nodes per puzzle before :class:`~satdoku.solver.dpll.DpllEngine` hands it to the
CDCL engine (hard 9x9 puzzles need a few thousand at most; docs/benchmarks.md)."""


class BudgetSpent(Exception):
    """The compiled search used its node budget before it searched the whole tree."""


def available() -> bool:
    """Whether the exact-cover search is installed."""
    return Cover is not None
