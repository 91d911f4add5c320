"""What a sum method sees of the formula being built (:class:`satdoku.encodings.context.
CnfContext` is one): the puzzle, its candidates, clauses, fresh variables and the weighted
literals of a cell."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from satdoku.encodings.formula import Formula
from satdoku.model import Puzzle
from satdoku.targets import Term


class SumContext(Protocol):
    """The formula of a puzzle as a sum method adds to it."""

    formula: Formula
    puzzle: Puzzle
    candidates: Sequence[Sequence[int]]

    def weighted(self, coefficient: int, cell: int) -> list[tuple[int, Term]]:
        """(coefficient x value, "``cell`` holds value") for each value ``cell`` may take."""

    def one_value(self, cells: Sequence[int]) -> None:
        """Each of ``cells`` holds at most one value, where the encoding does not say so."""

    def clause(self, terms: Sequence[Term]) -> None: ...

    def new_var(self) -> int: ...
