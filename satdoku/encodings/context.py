"""What a constraint sees of the CNF it is encoded into (:class:`satdoku.model.CnfTarget`):
the literals of its cells under the encoding's candidates, and the encoding's cardinality and
sum methods."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from satdoku.encodings.cardinality import at_least_one, at_most_one
from satdoku.encodings.formula import Formula
from satdoku.encodings.sums import encode_sum
from satdoku.model import Puzzle, Term


class Options(Protocol):
    """The encoding choices a constraint's clauses depend on."""

    amo: str
    sums: str
    optimized: bool

    @property
    def unit_alo(self) -> bool: ...


class CnfContext:
    """A puzzle's formula being built, as its constraints see it."""

    def __init__(
        self,
        formula: Formula,
        puzzle: Puzzle,
        candidates: Sequence[Sequence[int]],
        options: Options,
    ) -> None:
        self.formula = formula
        self.puzzle = puzzle
        self.candidates = candidates
        self.options = options

    @property
    def size(self) -> int:
        return self.puzzle.values

    @property
    def implied(self) -> bool:
        return self.options.unit_alo

    def holders(self, cells: Sequence[int]) -> dict[int, list[int]]:
        """Value -> literals of ``cells`` that may hold it, for every value 1..size (in order)
        not placed in ``cells`` by a given when the encoding folds the givens in."""
        offsets = self.formula.varmap.offsets
        candidates = self.candidates
        givens = self.puzzle.givens
        placed = {givens[c] for c in cells} if self.options.optimized else set()
        found: dict[int, list[int]] = {}
        for c in cells:
            base = offsets[c] + 1
            for k, value in enumerate(candidates[c]):
                found.setdefault(value, []).append(base + k)
        return {
            value: found.get(value, [])
            for value in range(1, self.puzzle.values + 1)
            if value not in placed
        }

    def at_most_one(self, lits: Sequence[int]) -> None:
        at_most_one(self.formula, lits, self.options.amo)

    def at_least_one(self, lits: Sequence[int]) -> None:
        at_least_one(self.formula, lits)

    def holds(self, cell: int, value: int) -> Term:
        if not self.candidates[cell]:  # a given the encoding folded in
            return self.puzzle.givens[cell] == value
        try:
            return self.formula.varmap.var(cell, value)
        except KeyError:  # a value the givens rule out
            return False

    def clause(self, terms: Sequence[Term]) -> None:
        if any(t is True for t in terms):
            return
        self.formula.clauses.append([t for t in terms if not isinstance(t, bool)])

    def total(self, cells: Sequence[int], total: int, name: str) -> None:
        encode_sum(
            self.formula, self.puzzle, cells, total, name, self.candidates, self.options.sums
        )
