"""The classic Sudoku encodings over x(cell, value) (Lynce & Ouaknine 2006), with the optional
reduction by the givens (Kwon & Jain 2006).

Clause families, for every cell and every unit (AllDifferent group) and value v:

* ``cell_alo``: each cell takes at least one value;
* ``cell_amo``: each cell takes at most one value;
* ``unit_amo``: v appears at most once in the unit;
* ``unit_alo``: v appears at least once in the unit (only where the unit has as many cells as
  there are values, so it must hold every value).

``minimal`` = cell_alo + unit_amo; ``efficient`` adds cell_amo; ``extended`` adds unit_alo.
For an empty N x N grid that is N^2 + 3N^2 C(N,2), N^2 + 4N^2 C(N,2) and
4N^2 + 4N^2 C(N,2) clauses (8,829 / 11,745 / 11,988 for 9x9).
"""

from __future__ import annotations

from typing import ClassVar

from satdoku.deadline import NEVER, Deadline
from satdoku.encodings.cardinality import at_least_one, at_most_one
from satdoku.encodings.combined import combined_sums
from satdoku.encodings.context import CnfContext
from satdoku.encodings.differences import equation_differences
from satdoku.encodings.formula import Formula, VarMap
from satdoku.encodings.houses import house_sums
from satdoku.encodings.reduce import given_candidates, locked_candidates
from satdoku.model import Puzzle
from satdoku.verify import given_clashes

CHECK_EVERY = 512
"""Cells encoded between two looks at the deadline."""


class ClassicEncoding:
    """Base of the three classic encodings; subclasses choose the clause families."""

    name: ClassVar[str]
    cell_amo: ClassVar[bool]
    unit_alo: ClassVar[bool]

    def __init__(
        self,
        amo: str = "pairwise",
        optimized: bool = False,
        sums: str = "table",
        singles: bool = False,
    ) -> None:
        self.amo = amo
        self.sums = sums
        self.singles = singles
        self.optimized = optimized or singles

    @property
    def spec(self) -> str:
        """The name that rebuilds this encoding with :func:`satdoku.encodings.get_encoding`."""
        parts = [self.name]
        if self.amo != "pairwise":
            parts.append(self.amo)
        if self.singles:
            parts.append("singles")
        elif self.optimized:
            parts.append("optimized")
        if self.sums != "table":
            parts.append(self.sums)
        return "+".join(parts)

    def __repr__(self) -> str:
        return f"<encoding {self.spec}>"

    def encode(self, puzzle: Puzzle, deadline: Deadline = NEVER) -> Formula:
        """The CNF of ``puzzle``: its rules plus its givens (as unit clauses, or folded in by
        the reduction when ``optimized``). Raises :class:`~satdoku.deadline.SolveTimeout`
        when ``deadline`` passes first (looked at every few hundred cells and every unit)."""
        candidates = self.candidates(puzzle, deadline)
        formula = Formula(VarMap(puzzle, candidates))
        var = formula.varmap.var
        for cell in range(puzzle.ncells):
            if cell % CHECK_EVERY == 0:
                deadline.check()
            if self.optimized and puzzle.givens[cell]:
                continue
            lits = formula.varmap.cell_vars(cell)
            at_least_one(formula, lits)
            if self.cell_amo:
                at_most_one(formula, lits, self.amo)
        target = CnfContext(formula, puzzle, candidates, self)
        for constraint in puzzle.constraints:
            deadline.check()
            constraint.cnf(target)
        for cells, total in combined_sums(puzzle) + house_sums(puzzle):
            target.layered([(1, c) for c in cells], "==", total, grouped=True)
        for terms, constant in equation_differences(puzzle):
            target.linear(terms, "==", constant)
        if not self.optimized:
            formula.clauses.extend([var(c, v)] for c, v in enumerate(puzzle.givens) if v)
        elif given_clashes(puzzle):
            formula.clauses.append([])  # the reduction drops given cells: keep their clash
        return formula

    def candidates(self, puzzle: Puzzle, deadline: Deadline = NEVER) -> list[tuple[int, ...]]:
        """The values each cell keeps a variable for: all of them, or (``optimized``) those
        the givens leave (``singles``: and then what naked and hidden singles and locked
        candidates take out)."""
        if self.singles:
            return locked_candidates(puzzle, deadline)
        if self.optimized:
            return given_candidates(puzzle, deadline)
        return _all_values(puzzle)


def _all_values(puzzle: Puzzle) -> list[tuple[int, ...]]:
    values = tuple(range(1, puzzle.values + 1))
    return [values] * puzzle.ncells


class Minimal(ClassicEncoding):
    """cell_alo + unit_amo."""

    name = "minimal"
    cell_amo = False
    unit_alo = False


class Efficient(ClassicEncoding):
    """minimal + cell_amo."""

    name = "efficient"
    cell_amo = True
    unit_alo = False


class Extended(ClassicEncoding):
    """efficient + unit_alo: every value in every full unit."""

    name = "extended"
    cell_amo = True
    unit_alo = True
