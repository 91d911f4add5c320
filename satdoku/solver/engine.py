"""A persistent incremental engine for many puzzles of one geometry.

One python-sat solver holds the rules of the empty grid (loaded once);
each puzzle's givens go in as assumptions. When unit propagation alone decides every cell,
the one forced grid is the only solution and no search runs. Otherwise every found grid is
blocked by a clause guarded by the puzzle's own activation literal, which is retired (its
negation added as a unit clause) when the puzzle is done, so no puzzle sees another's clauses.
Retired literals and their clauses pile up, so the solver is rebuilt every ``rebuild_after``
activation literals. Before each search every cell variable's preferred phase is set to true,
so the solver's decisions put a value in a cell (MiniSat's phase saving would otherwise start
each puzzle from the last one's grid). Every grid passes :func:`satdoku.verify.check` before it
is returned.

Propagation first pays when it decides a fair share of the puzzles (most 17-clue puzzles) and
is wasted on hard sets, so by default the engine keeps a
running share of the puzzles it decided and, while that share is low, tries it on one puzzle
in :data:`PROBE_EVERY` only. The answers are the same either way.
"""

from __future__ import annotations

import threading
from operator import itemgetter
from typing import Any, cast

from satdoku.deadline import NEVER, Deadline
from satdoku.encodings import ClassicEncoding, Formula, get_encoding
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Grid, Puzzle
from satdoku.results import EngineResult
from satdoku.solver.pysat_solver import (
    NATIVE_CARD_SOLVERS,
    UNINTERRUPTIBLE,
    SolverOwner,
    parse_backend,
)
from satdoku.solver.sigint import sigint_held
from satdoku.verify import check

ENGINE_BACKEND = "minicard"
ENGINE_ENCODING = "extended+native"
"""Measured fastest on the hard sets (``docs/benchmarks.md``): the extended
encoding with its at-most-one constraints native in MiniCard."""
CLAUSE_ENCODING = "extended"
"""The default for backends without native cardinality constraints."""
PROPAGATION_PAYS = 0.25
"""Share of puzzles that unit propagation must decide for ``propagate()`` first to pay."""
PROBE_EVERY = 8
"""While propagation does not pay, it is still tried on every so many puzzles."""
WINDOW = 64
"""Puzzles over which the running share of decided puzzles is averaged."""
REBUILD_AFTER = 2000
"""Activation literals (puzzles that needed search) before the solver is rebuilt; each one
adds a variable to every model python-sat hands back, so the bound keeps decoding cheap."""


class Engine(SolverOwner):
    """Count the solutions of many Sudokus of one ``geometry`` with one persistent solver.

    >>> from satdoku import parse_puzzle
    >>> p = parse_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> with Engine(p.geometry) as engine:
    ...     engine.count(p).unique
    True
    """

    def __init__(
        self,
        geometry: Geometry,
        *,
        backend: str = ENGINE_BACKEND,
        encoding: str | ClassicEncoding | None = None,
        propagate_first: bool | None = None,
        conflicts: int | None = None,
        rebuild_after: int = REBUILD_AFTER,
    ) -> None:
        name, self._options = parse_backend(backend)
        self.geometry = geometry
        self.backend = backend
        self._name = name
        if encoding is None:
            encoding = ENGINE_ENCODING if name in NATIVE_CARD_SOLVERS else CLAUSE_ENCODING
        self.encoding = _unreduced(encoding)
        self.propagate_first = propagate_first
        """True: always try unit propagation first; False: never; None: while it pays."""
        self._decided_share = 1.0
        self._skipped = 0
        self.conflicts = conflicts
        self.rebuild_after = rebuild_after
        self._empty = sudoku(geometry, [0] * geometry.ncells)
        self._formula = self.encoding.encode(self._empty)
        if self._formula.atmosts and name not in NATIVE_CARD_SOLVERS:
            raise UsageError(
                f"native cardinality needs one of {', '.join(NATIVE_CARD_SOLVERS)}, not {backend}"
            )
        n = geometry.size
        self._cell_vars = geometry.ncells * n
        # x(cell, value) = cell * N + value (the full var map), so the value of a variable:
        self._value_of = (0, *(1 + (v - 1) % n for v in range(1, self._cell_vars + 1)))
        self._bases = tuple(range(0, self._cell_vars, n))
        self._phases: list[int] | None = list(range(1, self._cell_vars + 1))
        self._solver: Any = None
        self._top = 0
        self.rebuilds = 0
        self.searched = 0
        self.propagated = 0

    def close(self) -> None:
        """Free the solver; the next puzzle starts afresh (a new solver, and propagation
        first until it proves not to pay), so what follows does not depend on what came
        before."""
        super().close()
        self._decided_share = 1.0
        self._skipped = 0

    @property
    def formula(self) -> Formula:
        """The base CNF: the rules of the empty grid."""
        return self._formula

    def count(
        self, puzzle: Puzzle, limit: int | None = 2, deadline: Deadline = NEVER
    ) -> EngineResult:
        """Up to ``limit`` verified solutions of ``puzzle`` (None: all of them); the count is
        not complete when the conflict budget or the ``deadline`` ran out first. A Ctrl-C
        meanwhile arrives when the puzzle is done (:mod:`satdoku.solver.sigint`)."""
        with sigint_held():
            return self._count(puzzle, limit, deadline)

    def _count(self, puzzle: Puzzle, limit: int | None, deadline: Deadline) -> EngineResult:
        refuse_others(self.geometry, puzzle)
        if deadline.limited and self._name.startswith(UNINTERRUPTIBLE):
            raise UsageError(
                f"{self.backend} cannot be interrupted, so it cannot keep a time limit"
            )
        if limit is not None and limit < 1:
            return EngineResult(puzzle, (), complete=False)
        solver = self._ready()
        assumptions = [base + v for base, v in zip(self._bases, puzzle.givens, strict=True) if v]
        if self._propagation_first():
            decided, forced = self._propagate(puzzle, assumptions)
            self._decided_share += (decided - self._decided_share) / WINDOW
            if decided:
                return EngineResult(puzzle, forced, complete=True)
        self.searched += 1
        grids: list[Grid] = []
        act = 0
        try:
            while limit is None or len(grids) < limit:
                outcome = self._solve(assumptions, deadline)
                if not outcome:
                    return EngineResult(puzzle, tuple(grids), complete=outcome is False)
                positives = [lit for lit in solver.get_model()[: self._cell_vars] if lit > 0]
                grid = self._decode(positives)
                check(puzzle, grid)
                grids.append(grid)
                if not act:
                    self._top += 1
                    act = self._top
                    assumptions.append(act)
                solver.add_clause([-act, *(-lit for lit in positives)])
        finally:
            if act:
                solver.add_clause([-act])
        return EngineResult(puzzle, tuple(grids), complete=False)

    def _ready(self) -> Any:
        if self._solver is None or self._top - self._formula.nvars >= self.rebuild_after:
            from pysat.solvers import Solver

            if self._solver is not None:
                self._solver.delete()
                self.rebuilds += 1
            self._solver = Solver(name=self._name)
            if self._options:
                self._solver.configure(self._options)  # before the first clause
            self._solver.append_formula(self._formula.clauses)
            for lits, bound in self._formula.atmosts:
                self._solver.add_atmost(lits, bound)
            self._top = self._formula.nvars
        return self._solver

    def _propagation_first(self) -> bool:
        if self.propagate_first is not None:
            return self.propagate_first
        if self._decided_share >= PROPAGATION_PAYS:
            return True
        self._skipped += 1
        return self._skipped % PROBE_EVERY == 0

    def _propagate(self, puzzle: Puzzle, assumptions: list[int]) -> tuple[bool, tuple[Grid, ...]]:
        """(True, grids) when unit propagation decides the puzzle: a conflict (no grid), or
        every cell variable assigned (the one forced grid, verified). (False, ()) otherwise."""
        ok, trail = self._solver.propagate(assumptions=assumptions)
        if not ok:
            self.propagated += 1
            return True, ()
        top = self._cell_vars
        if self._formula.nvars > top:  # auxiliary variables: keep the cell literals only
            trail = [lit for lit in trail if -top <= lit <= top]
        if len(trail) < top:
            return False, ()
        self.propagated += 1
        grid = self._decode(sorted([lit for lit in trail if lit > 0]))
        check(puzzle, grid)
        return True, (grid,)

    def _solve(self, assumptions: list[int], deadline: Deadline) -> bool | None:
        """True (a model), False (none), None (the budget or the deadline ran out)."""
        if self._phases is not None:
            try:
                self._solver.set_phases(self._phases)
            except NotImplementedError:  # CaDiCaL 1.0.3
                self._phases = None
        if self.conflicts is None and not deadline.limited:
            return bool(self._solver.solve(assumptions=assumptions))
        if self.conflicts is not None:
            self._solver.conf_budget(self.conflicts)
        if not deadline.limited:
            result = self._solver.solve_limited(assumptions=assumptions)
            return None if result is None else bool(result)
        if deadline.expired():
            return None
        timer = threading.Timer(deadline.remaining(), self._solver.interrupt)
        timer.start()
        try:
            result = self._solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
        finally:
            timer.cancel()
            self._solver.clear_interrupt()
        return None if result is None else bool(result)

    def _decode(self, positives: list[int]) -> Grid:
        """The grid of a model's true cell variables (sorted); the first true value per cell
        when an encoding without at-most-one-per-cell let several be true."""
        if len(positives) == self.geometry.ncells:
            return cast(Grid, itemgetter(*positives)(self._value_of))
        values = [0] * self.geometry.ncells
        n = self.geometry.size
        for lit in reversed(positives):
            values[(lit - 1) // n] = self._value_of[lit]
        return tuple(values)


def refuse_others(geometry: Geometry, puzzle: Puzzle) -> None:
    """Raise :class:`UsageError` unless ``puzzle`` is a plain Sudoku of ``geometry``: what an
    engine for that geometry solves."""
    if puzzle.geometry != geometry or not puzzle.plain:
        raise UsageError(f"this engine solves plain {geometry} Sudokus only")


def _unreduced(encoding: str | ClassicEncoding) -> ClassicEncoding:
    """The encoding without the reduction by the givens: the engine's base CNF is the empty
    grid's, and the givens act through assumptions (propagation does the reduction)."""
    enc = get_encoding(encoding) if isinstance(encoding, str) else encoding
    if enc.optimized:
        enc = get_encoding(enc.spec.replace("+optimized", ""))
    return enc
