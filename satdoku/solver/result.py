"""Plain result records: solver statistics and verified solutions."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from satdoku.formats.output import format_grid, format_line
from satdoku.model import Grid, Puzzle


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
        return asdict(self)


@dataclass(frozen=True)
class Solution:
    """A grid that solves ``puzzle``; verified by :mod:`satdoku.verify` before it is made."""

    puzzle: Puzzle
    grid: Grid
    stats: Stats = field(default_factory=Stats, compare=False)

    @property
    def line(self) -> str:
        return format_line(self.puzzle, self.grid)

    def pretty(self) -> str:
        return format_grid(self.puzzle, self.grid)

    def __str__(self) -> str:
        return self.pretty()

    def to_dict(self) -> dict[str, Any]:
        return {"status": "solved", "solution": self.line, "stats": self.stats.to_dict()}
