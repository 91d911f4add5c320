"""A python-sat solver behind one small interface: load a formula, solve under assumptions,
read the model, add clauses, read statistics."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from types import TracebackType
from typing import Any, TypeVar

from satdoku.deadline import NEVER, Deadline
from satdoku.encodings.formula import Formula
from satdoku.errors import UsageError
from satdoku.solver.propagation import unit_propagation
from satdoku.solver.sigint import interrupting

NATIVE_CARD_SOLVERS = ("minicard", "gluecard3", "gluecard4")
UNINTERRUPTIBLE = ("cadical", "lingeling", "kissat")
UNLIMITED = 1 << 62
"""A conflict budget no search reaches: a budget set by :meth:`PysatSolver.solve_budget`
lifted again (MiniSat reads -1 as "this many conflicts from now", not as none)."""
LOAD_CHUNK = 1 << 16
"""Clauses handed to the solver between two looks at the deadline while loading."""
NO_PROPAGATE = ("cadical103", "lingeling", "cryptosat", "kissat")
"""python-sat solvers without unit propagation alone (``propagate``), by name prefix: after
loading, their propagation runs over the formula's clauses in a separate MiniSat."""
CONFIGURABLE = ("cadical",)
"""Solvers whose options python-sat can set (``configure``), by name prefix."""
SOLVER_OPTIONS: dict[str, dict[str, int]] = {
    "stable": {"stabilizeonly": 1},
    "unsat": {"stabilize": 0, "walk": 0},
}
"""Named CaDiCaL option sets, chosen by a backend spec such as ``cadical195+stable``.
``stable`` keeps CaDiCaL in its stable mode (target phases, few restarts): the big Sudokus'
choice (docs/benchmarks.md, "Big Sudoku"); ``unsat`` is CaDiCaL's own "unsat" configuration
(focused mode only, no local search)."""


def solver_names() -> list[str]:
    """Every python-sat solver name (``cadical153``, ``minisat22``, ``glucose4``, ...)."""
    from pysat.solvers import SolverNames

    return sorted(k for k in vars(SolverNames) if not k.startswith("_"))


def parse_backend(spec: str) -> tuple[str, dict[str, int]]:
    """A backend spec's solver name and options: ``cadical195+stable`` ->
    (``cadical195``, ``{"stabilizeonly": 1}``); a plain name has none."""
    name, *presets = spec.split("+")
    if name not in solver_names():
        raise UsageError(f"unknown solver {name!r}; choose from {', '.join(solver_names())}")
    options: dict[str, int] = {}
    for preset in presets:
        if preset not in SOLVER_OPTIONS or not name.startswith(CONFIGURABLE):
            raise UsageError(
                f"unknown option {preset!r} for {name}; CaDiCaL takes"
                f" {', '.join(SOLVER_OPTIONS)} (e.g. cadical195+stable), other solvers none"
            )
        options.update(SOLVER_OPTIONS[preset])
    return name, options


def interrupts() -> tuple[type[BaseException], ...]:
    """The exceptions that mean Ctrl-C: ``KeyboardInterrupt``, and the error python-sat's
    native solvers raise when SIGINT arrives in the middle of a solve."""
    from pysolvers import error

    return (KeyboardInterrupt, error)


ADD_CLAUSE = {
    "Minisat22": ("minisat22_add_cl", "minisat"),
    "Cadical153": ("cadical153_add_cl", "cadical"),
    "Cadical195": ("cadical195_add_cl", "cadical"),
    "Glucose4": ("glucose41_add_cl", "glucose"),
    "Gluecard4": ("gluecard41_add_cl", "gluecard"),
}
"""python-sat's native add-a-clause function and the solver handle it takes, by python-sat
class: called directly, loading skips the two Python calls per clause of
``append_formula`` (a third of a 9x9 variant's loading time)."""


def _clause_adder(solver: Any) -> Callable[[list[int]], object]:
    """The fastest way to add one clause to the python-sat ``solver``."""
    inner = solver.solver
    native = ADD_CLAUSE.get(type(inner).__name__)
    if native is None:
        return solver.add_clause  # type: ignore[no-any-return]
    import pysolvers

    function, handle = native
    return partial(getattr(pysolvers, function), getattr(inner, handle))


def _chunks(clauses: list[list[int]], drop: bool) -> Iterator[list[list[int]]]:
    """``clauses`` in order, :data:`LOAD_CHUNK` at a time; with ``drop`` each chunk is taken
    out of the list (taken from its end, then put back in order), so that a chunk the solver
    has loaded is held by nothing."""
    if not drop:
        for start in range(0, len(clauses), LOAD_CHUNK):
            yield clauses[start : start + LOAD_CHUNK]
        return
    clauses.reverse()
    while clauses:
        chunk = clauses[-LOAD_CHUNK:]
        del clauses[-LOAD_CHUNK:]
        chunk.reverse()
        yield chunk


Owner = TypeVar("Owner", bound="SolverOwner")


class SolverOwner:
    """Owns a native python-sat solver in ``_solver``: a context manager that frees it."""

    _solver: Any = None

    def __enter__(self: Owner) -> Owner:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        if self._solver is not None:
            self._solver.delete()
            self._solver = None


class PysatSolver(SolverOwner):
    """One python-sat solver, owned for the life of a ``with`` block."""

    def __init__(self, name: str = "cadical153") -> None:
        self.name, self.options = parse_backend(name)
        self._solver: Any = None
        self.propagated: list[int] | None = []
        """What unit propagation derives from the loaded formula (None: a conflict)."""
        self._propagate_counts: dict[str, int] = {}
        self._budgeted = False

    def load(self, formula: Formula, deadline: Deadline = NEVER, release: bool = False) -> None:
        """Start a fresh solver holding ``formula``; loading a big formula takes seconds, so it
        goes in chunks and stops with :class:`~satdoku.deadline.SolveTimeout` once
        ``deadline`` has passed.

        With ``release``, for a caller that needs the formula's var map and counts but not its
        clauses any more, the formula gives its clauses up (:meth:`Formula.release`) and each
        chunk is dropped once the solver holds it, so the Python lists and the solver's copy
        are not both whole at once (a solver in :data:`NO_PROPAGATE` keeps them: its unit
        propagation reads them)."""
        from pysat.solvers import NoSuchSolverError, Solver

        self.close()
        if formula.atmosts and self.name not in NATIVE_CARD_SOLVERS:
            raise UsageError(
                f"native cardinality needs one of {', '.join(NATIVE_CARD_SOLVERS)}, not {self.name}"
            )
        units: list[int] = []
        rest: list[list[int]] = []
        for clause in formula.clauses:
            if len(clause) == 1:
                units.append(clause[0])
            else:
                rest.append(clause)
        try:
            self._solver = Solver(name=self.name)
        except NoSuchSolverError:
            raise UsageError(f"solver {self.name} is not built into this python-sat") from None
        if self.options:
            self._solver.configure(self.options)  # only before the first clause
        add = _clause_adder(self._solver)
        drop = release and not self.name.startswith(NO_PROPAGATE)
        if drop:
            formula.release()  # ``rest`` now holds the only references to the clauses
        for chunk in _chunks(rest, drop):
            deadline.check()
            deque(map(add, chunk), maxlen=0)
        deadline.check()
        for lits, bound in formula.atmosts:
            self._solver.add_atmost(lits, bound)
        self.propagated = self._propagate(formula, units)
        for unit in units:
            self._solver.add_clause([unit])

    def _propagate(self, formula: Formula, units: list[int]) -> list[int] | None:
        """Unit propagation from the unit clauses, before they are added (solvers propagate
        top-level units silently), by this solver if it can, else by a separate MiniSat;
        the propagations it costs are left out of :meth:`stats`."""
        before = self.stats()
        try:
            ok, derived = self._solver.propagate(assumptions=units)
        except NotImplementedError:
            return unit_propagation(formula)
        after = self.stats()
        self._propagate_counts = {k: after[k] - before.get(k, 0) for k in after}
        return list(derived) if ok else None

    def add_clause(self, clause: Sequence[int]) -> None:
        self._solver.add_clause(clause)

    def solve(self, assumptions: Iterable[int] = (), timeout: float | None = None) -> bool | None:
        """True (satisfiable), False (not), or None when ``timeout`` seconds ran out (or a
        Ctrl-C stopped the search and the SIGINT handler raised nothing)."""
        if self.name.startswith(UNINTERRUPTIBLE):
            if timeout is not None:
                raise UsageError(
                    f"{self.name} cannot be interrupted, so it cannot keep a time limit;"
                    " use minisat22, glucose4 or another MiniSat-family solver with --timeout"
                )
            return bool(self._solver.solve(assumptions=list(assumptions)))
        if self._budgeted:  # a budget set by :meth:`solve_budget` is lifted
            self._solver.conf_budget(UNLIMITED)
        return solve_within(self._solver, assumptions, timeout)

    def solve_budget(self, conflicts: int, timeout: float | None = None) -> bool | None:
        """True (satisfiable), False (not), or None when ``conflicts`` more conflicts, or
        ``timeout`` seconds where the solver can be interrupted, ran out first. The solver
        keeps what it learnt for the next call."""
        self._budgeted = True
        self._solver.conf_budget(conflicts)
        if self.name.startswith(UNINTERRUPTIBLE):
            result = self._solver.solve_limited()
            return None if result is None else bool(result)
        return solve_within(self._solver, (), timeout)

    def propagate(self, assumptions: list[int]) -> tuple[bool, list[int]]:
        """Unit propagation alone under ``assumptions``: (no conflict, every assigned literal)."""
        try:
            ok, lits = self._solver.propagate(assumptions=assumptions)
        except NotImplementedError:
            raise UsageError(f"{self.name} cannot run unit propagation alone") from None
        return bool(ok), lits

    def model(self) -> list[int]:
        return list(self._solver.get_model())

    def stats(self) -> dict[str, int]:
        """Accumulated restarts, conflicts, decisions and propagations (empty when the solver
        does not expose them, as Kissat does not)."""
        try:
            counts = dict(self._solver.accum_stats() or {})
        except NotImplementedError:
            return {}
        spent = self._propagate_counts
        return {k: max(0, v - spent.get(k, 0)) for k, v in counts.items()}


def solve_within(solver: Any, assumptions: Iterable[int], seconds: float | None) -> bool | None:
    """True or False as python-sat ``solver`` (an interruptible one) answers under
    ``assumptions``, or None when ``seconds`` (None: no limit) or its conflict budget ran out
    first, or a Ctrl-C stopped it and the SIGINT handler raised nothing. Ctrl-C stops it
    through the solver's own ``interrupt`` (:func:`~satdoku.solver.sigint.interrupting`),
    not through python-sat's jump out of it, wherever that can be armed."""
    with interrupting(solver.interrupt) as armed:
        if not armed and seconds is None:  # python-sat's own handler, as a last resort
            result = solver.solve_limited(assumptions=list(assumptions))
            return None if result is None else bool(result)
        timer = None if seconds is None else threading.Timer(seconds, solver.interrupt)
        if timer is not None:
            timer.start()
        try:
            result = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
        finally:
            if timer is not None:
                timer.cancel()
            solver.clear_interrupt()
    return None if result is None else bool(result)
