"""The ``dpll`` backend: the two compiled searches behind one name.

Its encodings name the search: ``exactcover`` (:mod:`satdoku.solver.dpll`, any puzzle of full
units) and ``bitmask`` (:mod:`satdoku.solver.bitgrid`, plain Sudokus below 25x25 of which at
most two solutions are listed). Which one answers a call that names neither is decided by
:mod:`satdoku.solver.planner`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from satdoku.deadline import Deadline
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.model import Puzzle
from satdoku.solver.backend import Capabilities, Found, ModelKind, NamedEncodings, named_encoding
from satdoku.solver.bitgrid import bitmask_solutions, lists
from satdoku.solver.compiled import BACKEND, BITMASK, MATRIX, MAX_VALUES, available

if TYPE_CHECKING:
    from satdoku.solver.dpll import DpllEngine


class DpllBackend(NamedEncodings):
    """The compiled searches as a backend (puzzles made of full units only)."""

    name = BACKEND
    capabilities = Capabilities(
        model=ModelKind.EXACT_COVER,
        encodings=(MATRIX, BITMASK),
        sums=False,
        full_units_only=True,
        rules=False,
        max_values=MAX_VALUES,
        engine=True,
        available=available(),
    )

    def solutions(
        self,
        puzzle: Puzzle,
        encoding: str,
        limit: int | None,
        deadline: Deadline,
        strategy: str | None,
    ) -> Iterator[Found]:
        if encoding == BITMASK and not lists(puzzle, limit):
            raise UsageError(
                f"the {BITMASK} encoding of {BACKEND} takes plain Sudokus below 25x25 of which at"
                f" most two solutions are wanted; use {MATRIX}"
            )
        return compiled_solutions(puzzle, encoding, limit, deadline)

    def engine(
        self, geometry: Geometry, *, encoding: str | None = None, conflicts: int | None = None
    ) -> DpllEngine:
        if encoding is not None:
            named_encoding(self, encoding)
        if conflicts is not None:
            raise UsageError(f"a conflict budget needs a CDCL backend, not {self.name}")
        from satdoku.solver.dpll import DpllEngine  # here: the bitmask search needs it not

        return DpllEngine(geometry)


def compiled_solutions(
    puzzle: Puzzle, encoding: str, limit: int | None, deadline: Deadline, budget: int = 0
) -> Iterator[Found]:
    """The unverified answers of the search ``encoding`` names, within ``budget`` nodes (0: no
    bound); :class:`~satdoku.solver.compiled.BudgetSpent` after the last one when they did not
    search the tree."""
    if encoding == BITMASK:
        return bitmask_solutions(puzzle, limit, deadline, budget)
    from satdoku.solver.dpll import dpll_solutions  # here: the bitmask search needs it not

    return dpll_solutions(puzzle, limit, deadline, budget)
