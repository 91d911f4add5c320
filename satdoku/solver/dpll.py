"""The exact-cover search of the ``dpll`` backend: DPLL over exactly-one constraints, compiled.

The puzzle's rules as an exact-cover matrix (:class:`~satdoku.encodings.exactcover.ExactCover`:
the extended encoding's exactly-one constraints) are searched by a small C extension
(``satdoku/solver/_dpll.c``): unit propagation (a constraint left with one open candidate
forces it: naked and hidden singles; with none, a conflict), then a branch on the constraint
with the fewest open candidates (the shortest clause), chronological backtracking, no
learning. On 9x9 Sudoku it beats the CDCL solvers reached through python-sat, where each
puzzle pays for propagating clauses one literal at a time (docs/benchmarks.md,
"Throughput"). Without learning its worst case is exponential, so the
batch engine gives it a node budget and hands a puzzle that exceeds it to the CDCL engine.

The extension is built by ``pip install`` where a C compiler is present; without it
:func:`available` is False and satdoku runs on python-sat alone.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import islice

from satdoku.deadline import NEVER, Deadline, SolveTimeout
from satdoku.encodings.exactcover import ExactCover
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Grid, Puzzle
from satdoku.results import EngineResult, Stats
from satdoku.solver.compiled import (
    BACKEND,
    BITMASK,
    MATRIX,
    MAX_VALUES,
    NODE_BUDGET,
    BudgetSpent,
    Cover,
    available,
)
from satdoku.solver.engine import ENGINE_BACKEND, Engine, refuse_others
from satdoku.verify import check


class DpllSearch:
    """The compiled search over one rule set (an :class:`ExactCover` matrix), reused for any
    number of puzzles with those rules; answers are not verified here."""

    def __init__(self, rules: Puzzle) -> None:
        if Cover is None:
            raise UsageError(
                "the dpll backend is not built (satdoku/solver/_dpll.c needs a C compiler at"
                " install time); use a python-sat backend"
            )
        if rules.values > MAX_VALUES:
            raise UsageError(
                f"the dpll backend is for grids of up to {MAX_VALUES} values (it keeps a copy of"
                f" its state per decision and learns nothing); use a python-sat backend"
            )
        self.rules = rules.constraints
        self.matrix = ExactCover.of(rules)
        start, cols = self.matrix.rows_columns
        self.timed_out = False
        """Whether the last :meth:`search` stopped at its deadline."""
        self._cover = Cover(
            len(self.matrix.columns),
            self.matrix.ncells,
            start,
            cols,
            self.matrix.row_cells,
            self.matrix.row_values,
        )

    @property
    def nodes(self) -> int:
        """Search nodes of the last search."""
        return int(self._cover.nodes)

    def search(
        self,
        puzzle: Puzzle,
        limit: int | None,
        budget: int | None = None,
        deadline: Deadline = NEVER,
    ) -> tuple[list[Grid], bool]:
        """Up to ``limit`` solutions of ``puzzle`` (None: all) and whether they are all there
        are (False as well when ``budget`` nodes did not suffice, or the ``deadline`` passed:
        then :attr:`timed_out` is set)."""
        found: list[Grid] = []
        self.timed_out = False
        if limit is not None and limit < 1:
            return found, False
        try:
            deadline.check()
            self._start(puzzle)
            poll = deadline.check if deadline.limited else None
            while limit is None or len(found) < limit:
                grid = self._cover.next(budget or 0, poll)
                if grid is None:
                    break
                found.append(grid)
        except SolveTimeout:
            self.timed_out = True
            return found, False
        return found, bool(self._cover.exhausted)

    def count(
        self,
        givens: Puzzle | Sequence[int],
        limit: int | None,
        budget: int | None = None,
        deadline: Deadline = NEVER,
    ) -> tuple[int, bool]:
        """How many solutions a puzzle of these rules has, up to ``limit`` (None: all), and
        whether that is all of them; no grid is built (the count of a generator's thousands
        of uniqueness checks, or of a puzzle whose solutions are not shown). ``givens``: the
        puzzle, or just its givens. Past ``budget`` nodes or the ``deadline`` the count is not
        complete (then :attr:`timed_out` says which)."""
        self.timed_out = False
        if limit is not None and limit < 1:
            return 0, False
        if isinstance(givens, Puzzle):
            self._start(givens)
        else:
            self._cover.start(givens)
        poll = deadline.check if deadline.limited else None
        try:
            deadline.check()
            found = self._cover.count(limit or 0, budget or 0, poll)
        except SolveTimeout:
            self.timed_out = True
            return int(self._cover.counted), False
        return found, bool(self._cover.exhausted)

    def stream(
        self, puzzle: Puzzle, deadline: Deadline = NEVER, budget: int | None = None
    ) -> Iterator[Grid]:
        """Every solution of ``puzzle`` (within ``budget`` nodes), found one at a time as they
        are asked for."""
        deadline.check()
        self._start(puzzle)
        poll = deadline.check if deadline.limited else None
        while (grid := self._cover.next(budget or 0, poll)) is not None:
            yield grid

    @property
    def exhausted(self) -> bool:
        """Whether the last search went through the whole tree."""
        return bool(self._cover.exhausted)

    def _start(self, puzzle: Puzzle) -> None:
        if puzzle.constraints is not self.rules and puzzle.constraints != self.rules:
            raise UsageError("this search was built for the rules of another puzzle")
        self._cover.start(puzzle.givens)


IDLE_RULES = 16
"""Rule sets whose idle searches are kept for the next puzzle (a file of jigsaws has many)."""
_idle: dict[tuple[int, int, tuple[object, ...]], list[DpllSearch]] = {}


@contextmanager
def borrowed(rules: Puzzle) -> Iterator[DpllSearch]:
    """A search over the rules of ``rules``, idle until now, given back when done: the
    puzzles of a file share one instead of building one each (two searches under way at once
    get one each)."""
    key = (rules.values, rules.ncells, rules.constraints)
    idle = _idle.get(key)
    search = idle.pop() if idle else DpllSearch(rules)
    try:
        yield search
    finally:
        if len(_idle) >= IDLE_RULES and key not in _idle:
            _idle.clear()
        _idle.setdefault(key, []).append(search)


def dpll_solutions(
    puzzle: Puzzle, limit: int | None, deadline: Deadline, budget: int | None = None
) -> Iterator[tuple[Grid, Stats]]:
    """The unverified answers of the ``dpll`` backend, at most ``limit``, with statistics;
    :class:`BudgetSpent` after the last one when ``budget`` nodes did not search the tree."""
    started = time.perf_counter()
    with borrowed(puzzle) as search:
        encode_time = time.perf_counter() - started
        started = time.perf_counter()
        for grid in islice(search.stream(puzzle, deadline, budget), limit):
            yield (
                grid,
                Stats(
                    encoding=MATRIX,
                    backend=BACKEND,
                    variables=search.matrix.nrows,
                    encode_time=encode_time,
                    solve_time=time.perf_counter() - started,
                    decisions=search.nodes,
                ),
            )
            started = time.perf_counter()
        spent = budget and not search.exhausted and search.nodes >= budget
    if spent:
        raise BudgetSpent


class DpllEngine:
    """:class:`~satdoku.solver.engine.Engine`'s interface over the compiled search: many plain
    Sudokus of one geometry, each grid verified; a puzzle that needs more than ``budget``
    nodes goes to a CDCL :class:`Engine` (``fallback`` backend) instead."""

    def __init__(
        self, geometry: Geometry, *, budget: int = NODE_BUDGET, fallback: str = ENGINE_BACKEND
    ) -> None:
        self.geometry = geometry
        self.budget = budget
        self._search = DpllSearch(sudoku(geometry, [0] * geometry.ncells))
        self._fallback = fallback
        self._engine: Engine | None = None
        self.handed_over = 0
        """Puzzles that exceeded the budget and went to the CDCL engine."""

    def __enter__(self) -> DpllEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the CDCL engine, if one was needed."""
        if self._engine is not None:
            self._engine.close()
            self._engine = None

    def count(
        self, puzzle: Puzzle, limit: int | None = 2, deadline: Deadline = NEVER
    ) -> EngineResult:
        """Up to ``limit`` verified solutions of ``puzzle`` (None: all of them); the count is
        not complete when the ``deadline`` passed first."""
        refuse_others(self.geometry, puzzle)
        if limit is not None and limit < 1:
            return EngineResult(puzzle, (), complete=False)
        grids, complete = self._search.search(puzzle, limit, self.budget, deadline)
        budget_ran_out = not complete and (limit is None or len(grids) < limit)
        if budget_ran_out and not self._search.timed_out:
            self.handed_over += 1
            if self._engine is None:
                self._engine = Engine(self.geometry, backend=self._fallback)
            return self._engine.count(puzzle, limit, deadline)
        for grid in grids:
            check(puzzle, grid)
        return EngineResult(puzzle, tuple(grids), complete)


__all__ = [  # with the compiled searches' names its users take from here
    "BACKEND",
    "BITMASK",
    "MATRIX",
    "MAX_VALUES",
    "NODE_BUDGET",
    "BudgetSpent",
    "DpllEngine",
    "DpllSearch",
    "available",
    "borrowed",
    "dpll_solutions",
]
