"""One incremental SAT solver over a puzzle whose givens and rule instances are each switched
on by a selector literal, so that any subset of them is one solve under assumptions.

The formula holds the puzzle's fixed part (its grid units, and the items not weighed) as the
unguarded ``extended`` encoding, which does not fold the givens in; a given becomes the
clause (not s, x(cell, value)), and every clause of a rule instance gets the literal (not s)
added, so that with its selector false an item holds nothing. Selectors left unassumed are
off: a solver may set one true only when its item holds anyway.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from satdoku.deadline import NEVER, Deadline
from satdoku.encodings import get_encoding
from satdoku.encodings.context import CnfContext
from satdoku.errors import UsageError
from satdoku.model import Grid, Puzzle
from satdoku.setter.items import Item, without
from satdoku.solver.pysat_solver import PysatSolver
from satdoku.status import Status
from satdoku.verify import check

ENCODING = "extended"
"""Clauses only (no native cardinality a selector could not guard), givens not folded in."""
BACKEND = "minisat22"
"""Interruptible (a time limit holds), with assumptions and their cores."""


class Switchboard(PysatSolver):
    """The solver of ``puzzle`` with a selector per item of ``weighed``.

    >>> from satdoku import parse_puzzle
    >>> from satdoku.setter.items import items
    >>> puzzle = parse_puzzle("12..34..........")
    >>> with Switchboard(puzzle, items(puzzle)) as board:
    ...     board.first(board.items) is not None
    True
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
        encoding = get_encoding(ENCODING)
        formula = encoding.encode(fixed, deadline)
        context = CnfContext(formula, fixed, formula.varmap.candidates, encoding)
        self._selector: dict[Item, int] = {}
        for item in weighed:
            start = len(formula.clauses)
            if item.cell is not None:
                formula.clauses.append([formula.varmap.var(item.cell, item.value)])
            for rule in item.rules:
                rule.cnf(context)
            if formula.atmosts:
                raise UsageError(f"{item.name}: a native cardinality constraint is not switchable")
            selector = formula.new_var()
            self._selector[item] = selector
            for k in range(start, len(formula.clauses)):
                formula.clauses[k] = [-selector, *formula.clauses[k]]
        self.formula = formula
        self.load(formula, deadline)

    def settle(self) -> tuple[Status, tuple[Grid, ...]]:
        """Whether the puzzle with every item on is unique (its solution is then blocked for
        every later :meth:`first`), with the grids found: none, one, or two that differ."""
        grid = self.first(self.items)
        if grid is None:
            return Status.NO_SOLUTION, ()
        self.block(grid)
        other = self.first(self.items)
        if other is not None:
            return Status.MULTIPLE, (grid, other)
        return Status.UNIQUE, (grid,)

    def first(self, on: Iterable[Item]) -> Grid | None:
        """A grid (verified against the fixed part and the items ``on``) that none of the
        clauses added so far rules out, or None when there is none. Raises
        :class:`~satdoku.deadline.SolveTimeout` when the deadline passes first."""
        on = list(on)
        found = self.solve([self._selector[item] for item in on], self.deadline.timeout())
        if found is None:
            raise self.deadline.error()
        if not found:
            return None
        grid = self.formula.decode(self.model())
        check(self.on_only(on), grid)
        return grid

    def core(self) -> set[Item]:
        """The items of the last refuted :meth:`first` that the refutation needs."""
        needed = set(self._solver.get_core() or ())
        return {item for item, s in self._selector.items() if s in needed}

    def block(self, grid: Grid) -> None:
        """Rule ``grid`` out of every later :meth:`first`."""
        var = self.formula.varmap.var
        self.add_clause([-var(c, v) for c, v in enumerate(grid)])

    def on_only(self, on: Iterable[Item]) -> Puzzle:
        """The puzzle with the items ``on`` and none of the other weighed ones."""
        keep = set(on)
        return without(self.puzzle, [item for item in self.items if item not in keep])
