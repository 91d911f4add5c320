"""One incremental SAT solver over a puzzle whose givens and rule instances are each switched
on by an assumption, so that any subset of them is one solve.

The formula holds the puzzle's fixed part (its grid units, and the items not weighed) in the
``extended`` encoding with native at-most-one constraints (MiniCard's), which does not fold
the givens in. A given is switched on by assuming its own literal x(cell, value); a rule
instance gets a selector s, its clauses (pairwise, so that each can be guarded) the literal
(not s) added, so that with s false it holds nothing. An item not assumed is off: the solver
may still make it hold, as a puzzle without it may.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from satdoku.deadline import NEVER, Deadline
from satdoku.encodings import get_encoding
from satdoku.encodings.context import CnfContext
from satdoku.errors import UsageError
from satdoku.model import Grid, Puzzle
from satdoku.setter.items import Item
from satdoku.setter.recount import Recount
from satdoku.solver.pysat_solver import PysatSolver
from satdoku.status import Status

FIXED_ENCODING = "extended+native"
"""The fixed part: the engine's encoding (docs/benchmarks.md), givens not folded in."""
RULE_ENCODING = "extended"
"""The rule instances: clauses only, which a selector can guard."""
BACKEND = "minicard"
"""Native cardinality, interruptible (a time limit holds), assumptions and their cores."""


class Switchboard(PysatSolver):
    """The solver of ``puzzle`` with an assumption per item of ``weighed``.

    >>> from satdoku import parse_puzzle
    >>> from satdoku.setter.items import items
    >>> puzzle = parse_puzzle("12..34..........")
    >>> with Switchboard(puzzle, items(puzzle)) as board:
    ...     board.settle()[0]
    <Status.MULTIPLE: 'multiple'>
    """

    def __init__(
        self,
        puzzle: Puzzle,
        weighed: Sequence[Item],
        backend: str = BACKEND,
        deadline: Deadline = NEVER,
    ) -> None:
        super().__init__(backend)
        self.puzzle = puzzle
        self.items = tuple(weighed)
        self.deadline = deadline
        cells = {item.cell for item in weighed if item.cell is not None}
        switched = {id(rule) for item in weighed for rule in item.rules}
        fixed = replace(
            puzzle,
            constraints=tuple(r for r in puzzle.constraints if id(r) not in switched),
            givens=tuple(0 if c in cells else v for c, v in enumerate(puzzle.givens)),
            layout=None,
        )
        formula = get_encoding(FIXED_ENCODING).encode(fixed, deadline)
        varmap = formula.varmap
        context = CnfContext(formula, fixed, varmap.candidates, get_encoding(RULE_ENCODING))
        self._literal: dict[Item, int] = {}
        for item in weighed:
            if item.cell is not None:
                self._literal[item] = varmap.var(item.cell, item.value)
                continue
            start = len(formula.clauses)
            cardinality = len(formula.atmosts)
            for rule in item.rules:
                rule.cnf(context)
            if len(formula.atmosts) != cardinality:
                raise UsageError(f"{item.name}: a native cardinality constraint has no selector")
            selector = formula.new_var()
            self._literal[item] = selector
            for k in range(start, len(formula.clauses)):
                formula.clauses[k] = [-selector, *formula.clauses[k]]
        self._item = {lit: item for item, lit in self._literal.items()}
        self._cells = varmap.nvars
        self._size = puzzle.values
        self.formula = formula
        self.load(formula, deadline)

    def settle(self) -> tuple[Status, tuple[Grid, ...]]:
        """Whether the puzzle with every item on is unique (its solution is then blocked for
        every later :meth:`first`), with the grids found: none, one, or two that differ. A
        status other than unique is checked apart from this solver before it is returned."""
        grid = self.first(self.items)
        if grid is None:
            found: tuple[Status, tuple[Grid, ...]] = Status.NO_SOLUTION, ()
        else:
            self.block(grid)
            other = self.first(self.items)
            if other is None:
                return Status.UNIQUE, (grid,)
            found = Status.MULTIPLE, (grid, other)
        Recount(self.puzzle, self.deadline).confirm_status(*found)
        return found

    def first(self, on: Iterable[Item]) -> Grid | None:
        """A grid of the fixed part and the items ``on`` (unverified) that no clause added so
        far rules out, or None when there is none. Raises
        :class:`~satdoku.deadline.SolveTimeout` when the deadline passes first."""
        found = self.solve([self._literal[item] for item in on], self.deadline.timeout())
        if found is None:
            raise self.deadline.error()
        if not found:
            return None
        n = self._size
        grid = [0] * (self._cells // n)
        for lit in self.model()[: self._cells]:
            if lit > 0:
                grid[(lit - 1) // n] = (lit - 1) % n + 1
        return tuple(grid)

    def core(self) -> set[Item]:
        """The items of the last refuted :meth:`first` that the refutation needs."""
        return {self._item[lit] for lit in self._solver.get_core() or () if lit in self._item}

    def block(self, grid: Grid) -> None:
        """Rule ``grid`` out of every later :meth:`first`."""
        var = self.formula.varmap.var
        self.add_clause([-var(c, v) for c, v in enumerate(grid)])
