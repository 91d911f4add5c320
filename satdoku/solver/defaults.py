"""The backend and encoding a solve uses when the caller names neither: chosen by grid size.

Up to 16x16 the defaults are MiniSat 2.2 over ``extended+optimized`` (fast on thousands of
small puzzles), and Glucose 4 for puzzles with sums (killer cages, Kakuro), whose proofs need
more learning. From 25x25 up, hard puzzles need a stronger solver and big ones a cheap
encoding: CaDiCaL 1.9.5 kept in its stable mode (``cadical195+stable``) over
``extended+singles`` (the givens' reduction, then naked and hidden singles and locked
candidates), from 64x64 up with a compact at-most-one (``+compact``). Counting there uses blocking clauses rather than the propagation tree. Below 25x25, a call that names no backend,
encoding or strategy runs the compiled search (``dpll``) where it is built and takes the puzzle
(full units only): the bitmask search for a plain Sudoku when at most two solutions are
listed or they are only counted, else the exact-cover one; a solve past its node budget goes on in the python-sat
default.
The measurements behind the choice are in docs/benchmarks.md, "Big Sudoku" and "Counting
solutions".
"""

from __future__ import annotations

from satdoku.model import Puzzle
from satdoku.solver.compiled import BACKEND, MAX_VALUES, available

DEFAULT_BACKEND = "minisat22"
SUMS_BACKEND = "glucose4"
"""The python-sat default below 25x25 for puzzles with sums: Glucose 4 proves the hard killers
in half MiniSat's time and counts janko's Kakuro in about the same (docs/benchmarks.md,
"Variant Sudoku against the Interactive Sudoku Solver")."""
NATIVE_ENCODING = "extended+native+optimized"
"""The default encoding below 25x25 for a solver that takes cardinality constraints natively
(Gluecard 4, the portfolio's first lane): every at-most-one is one constraint, not
n(n-1)/2 binary clauses, so a 9x9 variant is encoded and loaded in about a third less time
(docs/benchmarks.md, "Variant Sudoku against the Interactive Sudoku Solver")."""
BIG_VALUES = 25
"""Puzzles with at least this many values (25x25 grids and up) get the big defaults."""
BIG_BACKEND = "cadical195+stable"
BIG_ENCODING = "extended+singles"
HUGE_VALUES = 64
"""Puzzles with at least this many values (64x64 and up) get :data:`HUGE_ENCODING`."""
HUGE_ENCODING = "extended+compact+singles"
"""The big encoding with a compact at-most-one (pairwise up to a dozen literals, bimander
above): half the clauses of pairwise from 64x64 up, a 225x225 under 1 GB, the solver's
conflicts about the same (docs/benchmarks.md, "Big Sudoku")."""
DEFAULT_STRATEGY = "branching"
"""How ``count`` enumerates with python-sat up to 16x16: tree search over unit propagation."""
COMPILED_BACKEND = BACKEND
"""The default below 25x25 where the compiled search takes the puzzle. Counting walks the
propagation tree of ``branching``, compiled, without building a grid; a solve or a uniqueness
check that needs more than its node budget goes to the python-sat default (the search does
not learn)."""
BIG_STRATEGY = "blocking"
"""From 25x25 up: one blocking clause per solution. Big puzzles have few solutions and hard
proofs, where CDCL learning wins over the propagation tree (docs/benchmarks.md, "Big
Sudoku")."""


RULES_BACKEND = "portfolio"
"""Who searches a puzzle with rules beyond units (thermometers, arrows, sandwiches...) when
the caller names no engine: Gluecard 4 and CP-SAT taking turns with doubling budgets of work
(:mod:`satdoku.solver.portfolio`)."""


def has_rules(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` has a rule other than units and sums of cells."""
    return any(c.needs(puzzle.values) == "rule" for c in puzzle.constraints)


def has_sums(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` has a rule other than all-different units: a sum or another rule."""
    return any(c.needs(puzzle.values) in ("sum", "rule") for c in puzzle.constraints)


def is_big(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` gets the big-grid defaults."""
    return puzzle.values >= BIG_VALUES


def compiled_fits(puzzle: Puzzle) -> bool:
    """Whether the compiled search is built and takes ``puzzle`` (full units only)."""
    return (
        available()
        and puzzle.values <= MAX_VALUES
        and (
            puzzle.plain  # the commonest case, told at once
            or all(c.needs(puzzle.values) == "unit" for c in puzzle.constraints)
        )
    )


def default_backend(puzzle: Puzzle, backend: str | None, strategy: str = "blocking") -> str:
    """``backend`` if given, else the python-sat default for the puzzle's size and rules. The
    ``branching`` strategy only propagates, which MiniSat does fastest, so it keeps MiniSat."""
    if backend is not None:
        return backend
    if strategy != "blocking":
        return DEFAULT_BACKEND
    if is_big(puzzle):
        return BIG_BACKEND
    return SUMS_BACKEND if not puzzle.plain and has_sums(puzzle) else DEFAULT_BACKEND


def compiled_first(puzzle: Puzzle) -> bool:
    """Whether a call that names no backend, encoding or strategy runs the compiled search
    (:data:`COMPILED_BACKEND`) first: below 25x25, where it takes the puzzle."""
    return not is_big(puzzle) and compiled_fits(puzzle)


def default_strategy(puzzle: Puzzle, strategy: str | None) -> str:
    """``strategy`` if given, else the counting strategy for the puzzle: blocking clauses for
    big grids and for anything beyond all-different units (unit propagation alone sees little
    of a Kakuro run's or an arrow's sum, so the propagation tree grows without end), else
    ``branching``."""
    if strategy is not None:
        return strategy
    return BIG_STRATEGY if is_big(puzzle) or has_sums(puzzle) else DEFAULT_STRATEGY


def default_encoding(puzzle: Puzzle, native: bool = False) -> str:
    """The CNF encoding spec for ``puzzle`` when none is given: :data:`HUGE_ENCODING` from
    64x64 up, :data:`BIG_ENCODING` from 25x25, else the general default, or, for a solver
    that takes ``native`` cardinality constraints, :data:`NATIVE_ENCODING`."""
    from satdoku.encodings import DEFAULT_ENCODING  # here: a plain solve loads no encoding

    if puzzle.values >= HUGE_VALUES:
        return HUGE_ENCODING
    if is_big(puzzle):
        return BIG_ENCODING
    return NATIVE_ENCODING if native else DEFAULT_ENCODING
