"""Plain result records: solver statistics, verified solutions and engine answers.

They hold data only. Turning them into text, JSON or pictures belongs to
:mod:`satdoku.formats`; the display hooks below (``str``, ``line``, Jupyter's ``_repr_svg_``)
only hand a solution to it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from satdoku.model import Grid, Puzzle
from satdoku.status import Status


@dataclass
class Stats:
    """What one solve cost. Times in seconds; counters are the backend's own, accumulated over
    the solver's life (so the n-th solution of ``solutions`` includes the earlier searches).

    ``solve_time`` includes handing the formula to the solver (for the first solution), as
    CP-SAT's wall time includes loading its model. With ``cpsat``, ``variables`` and
    ``clauses`` count the model's variables and constraints and ``literals`` stays 0; its
    counters are 0 whenever presolve settles the puzzle.
    """

    encoding: str = ""
    backend: str = ""
    variables: int = 0
    clauses: int = 0
    literals: int = 0
    encode_time: float = 0.0
    solve_time: float = 0.0
    conflicts: int = 0
    decisions: int = 0
    propagations: int = 0
    restarts: int = 0
    propagation_only: bool | None = None
    """True when unit propagation on the formula alone decides every cell (see
    :mod:`satdoku.solver.propagation`), whatever the backend did; set for the first solution of
    a CNF solve, None otherwise and for CP-SAT."""

    def to_dict(self) -> dict[str, Any]:
        """The fields as a plain dict."""
        return asdict(self)


@dataclass(frozen=True)
class Solution:
    """A grid that solves ``puzzle``; verified by :mod:`satdoku.verify` before it is made."""

    puzzle: Puzzle
    grid: Grid
    stats: Stats = field(default_factory=Stats, compare=False)

    @property
    def rows(self) -> list[list[int]]:
        """The grid as its rows of written values (0 where the layout has no cell)."""
        puzzle = self.puzzle
        rows = [[0] * puzzle.ncols for _ in range(puzzle.nrows)]
        for cell, (r, c) in enumerate(puzzle.positions):
            rows[r][c] = puzzle.digit(self.grid[cell])
        return rows

    @property
    def line(self) -> str:
        """The grid as one line, in the notation satdoku reads."""
        from satdoku.formats.output import format_line

        return format_line(self.puzzle, self.grid)

    def __str__(self) -> str:
        from satdoku.formats.output import format_grid

        return format_grid(self.puzzle, self.grid)

    def _repr_svg_(self) -> str:
        """The puzzle and this grid drawn as a picture (Jupyter shows it)."""
        from satdoku.formats.svg import puzzle_svg

        return puzzle_svg(self.puzzle, self.grid)

    def __repr__(self) -> str:
        return f"<Solution {self.puzzle.nrows}x{self.puzzle.ncols} {self.puzzle.kind}: {self.line[:40]}>"


@dataclass(frozen=True)
class EngineResult:
    """What a persistent engine found for one puzzle: the verified grids (at most the limit)
    and whether the count is complete (no further solution exists)."""

    puzzle: Puzzle
    grids: tuple[Grid, ...]
    complete: bool

    @property
    def count(self) -> int:
        return len(self.grids)

    @property
    def unique(self) -> bool:
        return self.complete and len(self.grids) == 1

    @property
    def status(self) -> Status:
        """``solved``, ``no_solution`` (proven), or ``unknown`` (a budget or time ran out
        before any grid)."""
        if self.grids:
            return Status.SOLVED
        return Status.NO_SOLUTION if self.complete else Status.UNKNOWN
