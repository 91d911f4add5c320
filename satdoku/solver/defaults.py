"""The backend and encoding a solve uses when the caller names neither: chosen by grid size.

Up to 16x16 the defaults are MiniSat 2.2 over ``extended+optimized`` (fast on thousands of
small puzzles). From 25x25 up, hard puzzles need a stronger solver and big ones a cheap
encoding: CaDiCaL 1.9.5 kept in its stable mode (``cadical195+stable``) over
``extended+singles`` (the givens' reduction, then naked and hidden singles). Counting there uses
blocking clauses rather than the propagation tree. The measurements behind the choice are in
docs/benchmarks.md, "Big Sudoku".
"""

from __future__ import annotations

from satdoku.encodings import DEFAULT_ENCODING
from satdoku.model import Puzzle

DEFAULT_BACKEND = "minisat22"
BIG_VALUES = 25
"""Puzzles with at least this many values (25x25 grids and up) get the big defaults."""
BIG_BACKEND = "cadical195+stable"
BIG_ENCODING = "extended+singles"
DEFAULT_STRATEGY = "branching"
"""How ``count`` enumerates with python-sat up to 16x16: tree search over unit propagation."""
BIG_STRATEGY = "blocking"
"""From 25x25 up: one blocking clause per solution. Big puzzles have few solutions and hard
proofs, where CDCL learning wins over the propagation tree (docs/benchmarks.md, "Big
Sudoku")."""


def is_big(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` gets the big-grid defaults."""
    return puzzle.values >= BIG_VALUES


def default_backend(puzzle: Puzzle, backend: str | None, strategy: str = "blocking") -> str:
    """``backend`` if given, else the default for the puzzle's size. The ``branching``
    strategy only propagates, which MiniSat does far faster than CaDiCaL, so it keeps
    MiniSat."""
    if backend is not None:
        return backend
    return BIG_BACKEND if strategy == "blocking" and is_big(puzzle) else DEFAULT_BACKEND


def default_strategy(puzzle: Puzzle, strategy: str | None) -> str:
    """``strategy`` if given, else the counting strategy for the puzzle's size."""
    if strategy is not None:
        return strategy
    return BIG_STRATEGY if is_big(puzzle) else DEFAULT_STRATEGY


def default_encoding(puzzle: Puzzle) -> str:
    """The CNF encoding spec for ``puzzle`` when none is given: ``extended+singles`` for big
    grids, else the general default."""
    return BIG_ENCODING if is_big(puzzle) else DEFAULT_ENCODING
