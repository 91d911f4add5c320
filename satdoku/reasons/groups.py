"""A puzzle's CNF split into groups: one per rule instance (a row, a cage, a thermometer) and
one per given, each switched on by one literal, so that a solver can be asked which of them
together force a value.

The formula is that of the ``extended`` encoding of the puzzle without its givens (a
reduction by the givens would fold them into every rule): each cell holds one value
(always on), each rule's clauses carry the negation of its selector, and a given is its cell
literal itself, assumed or not. Each rule is encoded as if it were the puzzle's only rule,
since a sum's encoding is tightened by the units it sees: what a group says follows from
that rule alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from satdoku.deadline import NEVER, Deadline
from satdoku.encodings.cardinality import at_least_one, at_most_one
from satdoku.encodings.classic import Extended
from satdoku.encodings.context import CnfContext
from satdoku.encodings.formula import Formula, VarMap
from satdoku.model import Puzzle
from satdoku.setter.items import rule_names


@dataclass(frozen=True)
class Rule:
    """One rule instance: the constraints of the puzzle it holds (a killer cage is an
    all-different and a sum over the same cells) under the name people give it."""

    name: str
    constraints: tuple[int, ...]
    """Indexes into the puzzle's constraints."""
    cells: tuple[int, ...]


@dataclass
class GroupedCnf:
    """The clauses of a puzzle's rules by group, each group guarded by its ``selectors``
    literal, after the clauses no group owns (each cell holds one value)."""

    puzzle: Puzzle
    formula: Formula
    rules: tuple[Rule, ...]
    selectors: tuple[int, ...]
    """One literal per rule, in the order of :attr:`rules`."""

    def given_literal(self, cell: int) -> int:
        """The literal "``cell`` holds its given value": the given's own group."""
        return self.formula.varmap.var(cell, self.puzzle.givens[cell])

    def holds(self, cell: int, digit: int) -> int:
        """The literal "``cell`` holds ``digit``" (a written digit)."""
        return self.formula.varmap.var(cell, digit - self.puzzle.first + 1)


def rules_of(puzzle: Puzzle) -> tuple[Rule, ...]:
    """The rule instances of ``puzzle``: its constraints, those of the same name, family and
    cells taken as one, each named as ``satdoku redundant`` names it (:func:`rule_names`)."""
    found: dict[tuple[str, str, tuple[int, ...]], list[int]] = {}
    for index, constraint in enumerate(puzzle.constraints):
        key = (constraint.family, constraint.name, tuple(constraint.cells))
        found.setdefault(key, []).append(index)
    names = rule_names(puzzle, list(found))
    return tuple(
        Rule(name, tuple(indexes), cells)
        for name, ((_, _, cells), indexes) in zip(names, found.items(), strict=True)
    )


def grouped_cnf(puzzle: Puzzle, deadline: Deadline = NEVER) -> GroupedCnf:
    """The CNF of ``puzzle``'s rules, grouped by :func:`rules_of`, without its givens; raises
    :class:`~satdoku.deadline.SolveTimeout` once ``deadline`` has passed (looked at between
    rules)."""
    blank = puzzle.with_givens((0,) * puzzle.ncells)
    encoding = Extended()
    candidates = encoding.candidates(blank)
    formula = Formula(VarMap(blank, candidates))
    for cell in range(blank.ncells):
        lits = formula.varmap.cell_vars(cell)
        at_least_one(formula, lits)
        at_most_one(formula, lits, encoding.amo)
    rules = rules_of(puzzle)
    spans = []
    for rule in rules:
        deadline.check()
        constraints = tuple(puzzle.constraints[i] for i in rule.constraints)
        alone = replace(blank, constraints=constraints)
        context = CnfContext(formula, alone, candidates, encoding)
        start = len(formula.clauses)
        for constraint in constraints:
            constraint.cnf(context)
        spans.append((start, len(formula.clauses)))
    selectors = []
    for start, end in spans:
        selector = formula.new_var()
        selectors.append(selector)
        for clause in formula.clauses[start:end]:
            clause.append(-selector)
    return GroupedCnf(puzzle, formula, rules, tuple(selectors))
