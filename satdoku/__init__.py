"""satdoku: solve, count and explain grid logic puzzles with SAT and CP-SAT.

Every function takes a puzzle as a :class:`Puzzle`, as its text (``box="2x3"`` for sizes
that are not square numbers, ``kind="killer"`` for kinds other than Sudoku, as the command
line's ``--kind``) or as the rows of a grid (``[[5, 3, 0, ...], ...]``, 0 for a blank, or
``["53..7....", ...]``); every grid returned has been verified by independent code.

>>> import satdoku
>>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> satdoku.solve(puzzle).grid[:9]
(4, 1, 7, 3, 6, 9, 8, 2, 5)
>>> satdoku.count(puzzle).count
1
>>> satdoku.rate(puzzle)
Rating(status=solved, score=2.6, label='medium', hardest='pointing', steps=71)
>>> str(satdoku.hint(puzzle))
'r6c2 = 4 (hidden single in box 4)'
>>> satdoku.explain(puzzle)
<Explanation solved: 71 steps>

Solving and counting: :func:`solve`, :func:`solutions`, :func:`count`, :func:`is_unique`,
:func:`uniqueness`, :func:`candidates`. Reasons: :func:`why`. Setting: :func:`redundant`,
:func:`minimize`. Human logic: :func:`explain`, :func:`rate`, :func:`hint`. Reading and
writing: :func:`parse_puzzle`, :func:`read_records`, :func:`format_line`,
:func:`format_grid`. Checking: :func:`check`, :func:`violations`, :func:`given_clashes`.
Outcomes are :class:`Status` words; :class:`Exit` holds the command's exit codes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from satdoku import solver
from satdoku.lazy import lazy_names

if TYPE_CHECKING:
    from satdoku.constraints import AllDifferent, Sum
    from satdoku.deadline import SolveTimeout
    from satdoku.errors import ParseError, SatdokuError, UsageError, VerificationError
    from satdoku.formats import format_grid, format_line, parse_puzzle, read_records
    from satdoku.formats.puzzle import Rows
    from satdoku.geometry import Geometry
    from satdoku.logic import Explanation, Rating, Step, explain, hint, rate
    from satdoku.model import Grid, Puzzle
    from satdoku.reasons import Reason
    from satdoku.results import Solution, Stats
    from satdoku.setter import Minimized, Redundancy
    from satdoku.solver.candidates import Candidates
    from satdoku.solver.counting import Count, Uniqueness
    from satdoku.status import Exit, Status
    from satdoku.verify import check, given_clashes, violations

    Text = Puzzle | str | Rows
    """A puzzle, its text in any notation satdoku reads (:func:`parse_puzzle`), or the rows
    of a grid."""
    Box = Geometry | str | None
    """The box shape of a text that leaves it open (``"2x3"``): sizes that are not square
    numbers."""

__version__ = "0.1.0"

_LAZY = {
    **dict.fromkeys(("AllDifferent", "Sum"), "satdoku.constraints"),
    "SolveTimeout": "satdoku.deadline",
    **dict.fromkeys(
        ("ParseError", "SatdokuError", "UsageError", "VerificationError"), "satdoku.errors"
    ),
    **dict.fromkeys(
        ("format_grid", "format_line", "parse_puzzle", "read_records"), "satdoku.formats"
    ),
    "Geometry": "satdoku.geometry",
    **dict.fromkeys(("Grid", "Puzzle"), "satdoku.model"),
    **dict.fromkeys(("Solution", "Stats"), "satdoku.results"),
    **dict.fromkeys(("Exit", "Status"), "satdoku.status"),
    **dict.fromkeys(("check", "given_clashes", "violations"), "satdoku.verify"),
    **dict.fromkeys(("Explanation", "Rating", "Step", "explain", "hint", "rate"), "satdoku.logic"),
    "Reason": "satdoku.reasons",
    "Candidates": "satdoku.solver.candidates",
    **dict.fromkeys(("Count", "Uniqueness"), "satdoku.solver.counting"),
    **dict.fromkeys(("Minimized", "Redundancy"), "satdoku.setter"),
}
"""Where each name of the package lives: imported on first use, so that importing one module
of satdoku (the command line's, say) loads neither the readers nor the logic engine."""


def _read(puzzle: Text, box: Box, kind: str | None) -> Puzzle:
    """``puzzle`` as a :class:`Puzzle` (:func:`satdoku.formats.puzzle.as_puzzle`)."""
    from satdoku.formats.puzzle import as_puzzle

    return as_puzzle(puzzle, box, kind)


def solve(
    puzzle: Text,
    *,
    backend: str | None = None,
    encoding: str | None = None,
    timeout: float | None = None,
    box: Box = None,
    kind: str | None = None,
) -> Solution | None:
    """The first solution of ``puzzle``, verified, or None when it has none; as
    :func:`satdoku.solver.solve`, with ``puzzle`` as text too. Raises :class:`ParseError` for
    text that is not a puzzle.

    >>> solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").line[:9]
    '417369825'
    """
    return solver.solve(
        _read(puzzle, box, kind), backend=backend, encoding=encoding, timeout=timeout
    )


def solutions(
    puzzle: Text,
    *,
    backend: str | None = None,
    encoding: str | None = None,
    limit: int | None = None,
    timeout: float | None = None,
    box: Box = None,
    kind: str | None = None,
    strategy: str | None = None,
    many: bool = False,
) -> Iterator[Solution]:
    """The solutions of ``puzzle`` one by one, each verified; as
    :func:`satdoku.solver.solutions`, with ``puzzle`` as text too (read at the first one)."""
    yield from solver.solutions(
        _read(puzzle, box, kind),
        backend=backend,
        encoding=encoding,
        limit=limit,
        timeout=timeout,
        strategy=strategy,
        many=many,
    )


def count(
    puzzle: Text,
    limit: int | None = None,
    *,
    backend: str | None = None,
    encoding: str | None = None,
    strategy: str | None = None,
    timeout: float | None = None,
    box: Box = None,
    kind: str | None = None,
) -> Count:
    """How many solutions ``puzzle`` has, at most ``limit``; as :func:`satdoku.solver.count`,
    with ``puzzle`` as text too."""
    return solver.count(
        _read(puzzle, box, kind),
        limit,
        backend=backend,
        encoding=encoding,
        strategy=strategy,
        timeout=timeout,
    )


def uniqueness(
    puzzle: Text,
    *,
    encoding: str | None = None,
    backend: str | None = None,
    strategy: str | None = None,
    timeout: float | None = None,
    box: Box = None,
    kind: str | None = None,
    closest: bool = True,
    certify: bool = False,
    proof: str | os.PathLike[str] | None = None,
) -> Uniqueness:
    """None, one or two solutions of ``puzzle``, with the cells where two differ, and with
    ``certify`` (or a ``proof`` prefix) a checked certificate; as
    :func:`satdoku.solver.uniqueness`, with ``puzzle`` as text too."""
    return solver.uniqueness(
        _read(puzzle, box, kind),
        encoding=encoding,
        backend=backend,
        strategy=strategy,
        timeout=timeout,
        closest=closest,
        certify=certify,
        proof=proof,
    )


def is_unique(puzzle: Text, *, box: Box = None, kind: str | None = None, **options: Any) -> bool:
    """True when ``puzzle`` has exactly one solution; ``options`` as for :func:`uniqueness`."""
    return solver.is_unique(_read(puzzle, box, kind), **options)


def candidates(
    puzzle: Text,
    *,
    limit: int | None = None,
    backend: str | None = None,
    encoding: str | None = None,
    timeout: float | None = None,
    box: Box = None,
    kind: str | None = None,
) -> Candidates:
    """For each cell, the values it takes in at least one solution of ``puzzle``; with
    ``limit``, also how many solutions (up to ``limit``) hold each. Past ``timeout`` seconds
    the status is unknown, with what was found so far. As
    :func:`satdoku.solver.candidates.candidates`, with ``puzzle`` as text too.

    >>> found = candidates("12..............", limit=20)
    >>> str(found.status), found.candidates[:4], found.counts[:4]
    ('multiple', ((1,), (2,), (3, 4), (3, 4)), ((20,), (20,), (12, 12), (12, 12)))
    """
    from satdoku.solver.candidates import candidates as true_candidates

    return true_candidates(
        _read(puzzle, box, kind),
        limit=limit,
        backend=backend,
        encoding=encoding,
        timeout=timeout,
    )


def redundant(
    puzzle: Text,
    *,
    consider: str = "givens",
    timeout: float | None = None,
    box: Box = None,
    kind: str | None = None,
) -> Redundancy:
    """The givens (``consider="rules"``: the rule instances; ``"both"``) of a unique
    ``puzzle`` that can each be taken out alone with the puzzle still unique; as
    :func:`satdoku.setter.redundant`, with ``puzzle`` as text too."""
    from satdoku.setter import redundant as redundant_items

    return redundant_items(_read(puzzle, box, kind), consider=consider, timeout=timeout)


def minimize(
    puzzle: Text,
    *,
    seed: int | str = 0,
    consider: str = "givens",
    timeout: float | None = None,
    box: Box = None,
    kind: str | None = None,
) -> Minimized:
    """A minimal subset of the givens (or rule instances, as for :func:`redundant`) that
    keeps ``puzzle`` unique, the same for the same ``seed``; as
    :func:`satdoku.setter.minimize`, with ``puzzle`` as text too."""
    from satdoku.setter import minimize as minimal_subset

    return minimal_subset(_read(puzzle, box, kind), seed=seed, consider=consider, timeout=timeout)


def why(
    puzzle: Text,
    cell: str,
    *,
    not_digit: int | None = None,
    smallest: bool = False,
    timeout: float | None = None,
    box: Box = None,
    kind: str | None = None,
) -> Reason:
    """The givens and rules that force the digit of ``cell`` (``"r5c3"``), none of which can
    be left out (with ``not_digit``: under which the cell cannot hold that digit); with
    ``smallest``, the fewest of them. As :func:`satdoku.reasons.why`, with ``puzzle`` as text
    too.

    >>> print(why("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "r1c2", not_digit=7))
    r1c2 cannot be 7 because of the givens r2c2, r7c6, r7c8, r8c1, r9c1, r9c3 and row 7, column 2, box 7
    """
    from satdoku.reasons import why as reason_why

    return reason_why(
        _read(puzzle, box, kind),
        cell,
        not_digit=not_digit,
        smallest=smallest,
        timeout=timeout,
    )


__getattr__, __dir__ = lazy_names(__name__, globals(), _LAZY)


__all__ = [
    "AllDifferent",
    "Candidates",
    "Count",
    "Exit",
    "Explanation",
    "Geometry",
    "Grid",
    "Minimized",
    "ParseError",
    "Puzzle",
    "Rating",
    "Reason",
    "Redundancy",
    "SatdokuError",
    "Solution",
    "SolveTimeout",
    "Stats",
    "Status",
    "Step",
    "Sum",
    "Uniqueness",
    "UsageError",
    "VerificationError",
    "candidates",
    "check",
    "count",
    "explain",
    "format_grid",
    "format_line",
    "given_clashes",
    "hint",
    "is_unique",
    "minimize",
    "parse_puzzle",
    "rate",
    "read_records",
    "redundant",
    "solutions",
    "solve",
    "uniqueness",
    "violations",
    "why",
]
