"""The answer to "why this digit?": the givens and rules that force a cell's digit, or that
rule one out, as data."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from satdoku.errors import UsageError
from satdoku.model import Puzzle
from satdoku.status import Status

CELL_NAME = re.compile(r"\s*[rR](\d+)\s*[cC](\d+)\s*")


@dataclass(frozen=True)
class Reason:
    """Why ``cell`` holds ``digit`` (or, with ``ruled_out``, cannot hold that digit): the
    ``givens`` and ``rules`` of a core, none of which can be left out.

    ``status`` is solved when a core was found (and checked), unknown when the time ran out,
    multiple when the cell may take several ``digits`` (or may take the digit ruled out),
    no_solution when the puzzle has none. ``smallest`` says, when a smallest core was asked
    for, whether it was proven smallest in time (else the core is only minimal)."""

    status: Status
    cell: str
    digit: int | None = None
    ruled_out: int | None = None
    givens: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    digits: tuple[int, ...] = ()
    """The digits the cell may take, when the answer is that it is not forced."""
    smallest: bool | None = None
    time: float = 0.0
    """Seconds spent."""
    index: int = field(default=0, repr=False)
    """The cell's index in the puzzle."""
    given_cells: tuple[int, ...] = field(default=(), repr=False)
    rule_cells: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    """The cells of each rule, in the order of :attr:`rules`."""

    @property
    def found(self) -> bool:
        return self.status == Status.SOLVED

    @property
    def problem(self) -> str | None:
        """Why there is no reason to show (one line), or None."""
        if self.status == Status.NO_SOLUTION:
            return "the puzzle has no solution"
        if self.status == Status.UNKNOWN:
            return f"no reason found for {self.cell} in time"
        if self.status != Status.MULTIPLE:
            return None
        *others, last = map(str, self.digits)
        may = f"{', '.join(others)} or {last}" if others else last
        if self.ruled_out is None:
            return f"{self.cell} is not forced: it may be {may}"
        if len(self.digits) == 1:
            return f"{self.cell} can be {self.ruled_out}: it is {self.ruled_out} in every solution"
        return f"{self.cell} can be {self.ruled_out}: it may be {may}"

    def __str__(self) -> str:
        """``r5c3 = 4 because of the givens r1c3, r5c7 and box 4, row 5``."""
        if self.problem is not None:
            return self.problem
        claim = (
            f"{self.cell} = {self.digit}"
            if self.ruled_out is None
            else f"{self.cell} cannot be {self.ruled_out}"
        )
        parts = []
        if self.givens:
            plural = "s" if len(self.givens) > 1 else ""
            parts.append(f"the given{plural} {', '.join(self.givens)}")
        if self.rules:
            parts.append(", ".join(self.rules))
        return f"{claim} because of {' and '.join(parts)}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON record: status, cell, digit (or not), givens, rules, time (seconds); the digits
        the cell may take and an error when there is no reason to give."""
        record: dict[str, Any] = {"status": str(self.status), "cell": self.cell}
        if self.digit is not None:
            record["digit"] = self.digit
        if self.ruled_out is not None:
            record["not"] = self.ruled_out
        if self.found:
            record["givens"] = list(self.givens)
            record["rules"] = list(self.rules)
        if self.digits:
            record["digits"] = list(self.digits)
        if self.problem is not None:
            record["error"] = self.problem
        if self.smallest is not None:
            record["smallest"] = self.smallest
        record["time"] = round(self.time, 6)
        return record


def cell_index(puzzle: Puzzle, name: str) -> int:
    """The index of the cell named ``name`` (``r5c3``, 1-based); :class:`UsageError` for a
    malformed name, a place outside the grid or one that is not a cell (a Kakuro clue)."""
    match = CELL_NAME.fullmatch(name)
    if match is None:
        raise UsageError(f"{name!r} is not a cell name: write r{{row}}c{{column}}, e.g. r5c3")
    row, col = int(match[1]) - 1, int(match[2]) - 1
    cell = f"r{row + 1}c{col + 1}"
    if not (0 <= row < puzzle.nrows and 0 <= col < puzzle.ncols):
        raise UsageError(f"{cell} is outside the {puzzle.nrows}x{puzzle.ncols} grid")
    try:
        return puzzle.positions.index((row, col))
    except ValueError:
        raise UsageError(f"{cell} is not a cell of the puzzle (it holds no digit)") from None
