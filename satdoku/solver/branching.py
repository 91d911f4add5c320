"""Enumerate solutions by branching in Python over the SAT solver's unit propagation.

The blocking-clause loop asks the solver for one model at a time and forbids it with a clause;
every clause makes the next call slower, so counting thousands of solutions crawls. Here the
search tree is walked in Python instead (DPLL without learning): a node is a list of
assumptions, the solver only propagates them (``propagate()``), and

* a conflict ends the branch;
* a node where every cell variable is assigned is one solution (no blocking clause needed:
  the branches are disjoint, so no solution is met twice);
* otherwise the node splits on the candidates still open in one cell.

Unit propagation over the ``extended`` encoding finds naked and hidden singles, so on puzzles
with many solutions the tree has about two nodes per solution. Encodings without the cell
at-most-one clauses get the other candidates of a branching cell assumed false as well, so every
leaf is one value per cell; encodings with auxiliary variables (or native cardinality) have
each leaf confirmed by a full solve, since propagation need not assign the auxiliaries.

python-sat's ``propagate()`` reports only what is assigned above the root level, and a unit
clause (a cell left with one candidate, a given of an unreduced encoding) is assigned at the
root. So every clause is loaded guarded by a fresh literal ``g`` (``clause or not g``) and every
node assumes ``g`` first: nothing is fixed at the root, and each node sees all its literals.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from satdoku.deadline import NEVER, Deadline
from satdoku.encodings import ClassicEncoding, Formula
from satdoku.model import Grid, Puzzle
from satdoku.solver.pysat_solver import PysatSolver

DEADLINE_EVERY = 256
"""Nodes between two looks at the clock."""


@dataclass
class TreeStats:
    """The shape of the walked tree: nodes propagated, dead ends, solutions."""

    nodes: int = 0
    dead_ends: int = 0
    leaves: int = 0


class PropagationTree:
    """A puzzle's search tree over one encoding, walked with python-sat's ``propagate``."""

    def __init__(
        self, puzzle: Puzzle, encoding: ClassicEncoding, deadline: Deadline = NEVER
    ) -> None:
        """Encode ``puzzle``; ``deadline`` bounds this and every walk of the tree (past it:
        :class:`~satdoku.deadline.SolveTimeout`)."""
        started = time.perf_counter()
        self.puzzle = puzzle
        self.encoding = encoding
        self.deadline = deadline
        self.formula = encoding.encode(puzzle, deadline)
        self.encode_time = time.perf_counter() - started
        self.stats = TreeStats()
        varmap = self.formula.varmap
        self._ncellvars = varmap.nvars
        self._cell_of = [0] * (varmap.nvars + 1)
        self._value_of = [0] * (varmap.nvars + 1)
        for cell, values in enumerate(varmap.candidates):
            for k, value in enumerate(values):
                x = varmap.offsets[cell] + k + 1
                self._cell_of[x] = cell
                self._value_of[x] = value
        self._cell_vars = [varmap.cell_vars(c) for c in range(puzzle.ncells)]

    def grids(self, backend: str, limit: int | None = None) -> Iterator[Grid]:
        """Yield each solution grid (unverified) once, at most ``limit``; raises
        :class:`~satdoku.deadline.SolveTimeout` when the tree's deadline passes first."""
        deadline = self.deadline
        every_var = frozenset(range(1, self._ncellvars + 1))
        cell_of, value_of, cell_vars = self._cell_of, self._value_of, self._cell_vars
        guard = self.formula.nvars + 1
        nvars = guard  # every variable, the guard included
        confirm = self.formula.nvars > self._ncellvars or bool(self.formula.atmosts)
        one_hot = self.encoding.cell_amo
        givens = self.puzzle.givens
        stats = self.stats
        found = 0
        if limit is not None and limit <= 0:
            return
        with PysatSolver(backend) as solver:
            solver.load(
                Formula(
                    self.formula.varmap,
                    [[*clause, -guard] for clause in self.formula.clauses],
                    self.formula.atmosts,
                    guard,
                ),
                deadline,
            )
            propagate = solver.propagate
            stack: list[list[int]] = [[guard]]
            while stack:
                stats.nodes += 1
                if stats.nodes % DEADLINE_EVERY == 0:
                    deadline.check()
                assumptions = stack.pop()
                ok, lits = propagate(assumptions)
                if not ok:
                    stats.dead_ends += 1
                    continue
                # every variable assigned (the common leaf) makes the set difference needless
                free = every_var.difference(map(abs, lits)) if len(lits) < nvars else ()
                if free:
                    cell = cell_of[min(free)]
                    open_vars = [x for x in cell_vars[cell] if x in free]
                    if one_hot:
                        stack.extend([*assumptions, x] for x in reversed(open_vars))
                    elif not set(cell_vars[cell]).isdisjoint(lits):
                        # the cell holds a value already: the rest must be false
                        stack.append([*assumptions, *(-y for y in open_vars)])
                    else:
                        stack.extend(
                            [*assumptions, x, *(-y for y in open_vars if y != x)]
                            for x in reversed(open_vars)
                        )
                    continue
                chosen = every_var.intersection(lits)  # the true cell variables
                if confirm and not solver.solve([guard, *sorted(chosen)]):
                    stats.dead_ends += 1
                    continue
                grid = list(givens)
                for x in chosen:
                    grid[cell_of[x]] = value_of[x]
                stats.leaves += 1
                yield tuple(grid)
                found += 1
                if found == limit:
                    return
