"""What a backend is: the protocol every backend implements and the capabilities it declares.

A backend finds the grids of a puzzle from one kind of model: CNF under an encoding spec
(python-sat), a CP-SAT model, the exact-cover matrix (the compiled DPLL search), or the puzzle
itself (plain backtracking). It declares what it can do as data (:class:`Capabilities`), so
callers ask instead of comparing names, and it offers two operations: :meth:`Backend.solutions`
(the answers to one puzzle, under a limit and a deadline) and :meth:`Backend.engine` (a
persistent engine for many plain Sudokus of one geometry). Backends are looked up by name in
:mod:`satdoku.solver.registry`; none of them verifies its answers (the callers do).
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from types import TracebackType
from typing import NamedTuple, Protocol

from satdoku.deadline import Deadline
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.model import Grid, Puzzle
from satdoku.results import EngineResult, Stats

Found = tuple[Grid, Stats]
"""One answer of a backend: the (unverified) grid and how it was found."""


class ModelKind(str, Enum):
    """The model a backend searches."""

    CNF = "cnf"
    """CNF over cell variables, built by an encoding spec (:mod:`satdoku.encodings`)."""
    CPSAT = "cpsat"
    """An OR-Tools CP-SAT model."""
    EXACT_COVER = "exactcover"
    """The exact-cover matrix of the puzzle's exactly-one constraints."""
    PUZZLE = "puzzle"
    """The puzzle's constraints themselves, no translation."""


class Capabilities(NamedTuple):
    """What a backend can do, as data (a named tuple: quicker to create at import than a
    dataclass)."""

    model: ModelKind
    encodings: tuple[str, ...] | None
    """The encoding (model) names it takes, its default first; None: any CNF encoding spec;
    empty: it takes none."""
    interruptible: bool = True
    """It stops in-process at a deadline; otherwise it keeps one by running in a child
    process that is killed then."""
    sums: bool = True
    """It takes ``Sum`` constraints (killer cages, Kakuro runs)."""
    full_units_only: bool = False
    """It takes only puzzles whose units each hold every value (N cells of N values)."""
    rules: bool = True
    """It takes every other rule type (through its CNF or CP-SAT form)."""
    max_values: int | None = None
    """The largest number of values (N of an N x N grid) it takes; None: no bound."""
    strategies: tuple[str, ...] = ()
    """Ways it can enumerate answers, its default first (empty: one way only)."""
    engine: bool = False
    """It offers a persistent engine for many plain Sudokus of one geometry."""
    conflict_budget: bool = False
    """Its engine takes a conflict budget per solve."""
    available: bool = True
    """It is installed (a compiled part may be missing where it could not be built)."""

    def takes(self, need: str) -> bool:
        """Whether it takes a constraint that needs ``need`` (see
        :meth:`satdoku.model.Constraint.needs`)."""
        if need == "sum":
            return self.sums
        if need == "partial-unit":
            return not self.full_units_only
        return need == "unit" or self.rules


class PuzzleEngine(Protocol):
    """A persistent engine: many plain Sudokus of one geometry, one after another."""

    def count(
        self, puzzle: Puzzle, limit: int | None = 2, deadline: Deadline = ...
    ) -> EngineResult:
        """Up to ``limit`` verified solutions of ``puzzle`` (None: all of them)."""
        ...

    def close(self) -> None:
        """Release native resources; the engine may be used again afterwards."""
        ...

    def __enter__(self) -> PuzzleEngine: ...

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None: ...


class Described(Protocol):
    """A backend's name and capabilities: all the shared checks below need."""

    name: str
    """The name it is registered and reported under (``minisat22``, ``cpsat``, ...)."""
    capabilities: Capabilities


class Backend(Described, Protocol):
    """A way to find the grids of a puzzle; see the module docstring."""

    def encoding_for(self, puzzle: Puzzle, encoding: str | None) -> str:
        """The encoding (model) name it will use for ``puzzle``: ``encoding`` when it takes
        it, its default when None. Raises :class:`UsageError` when it does not take it."""
        ...

    def solutions(
        self,
        puzzle: Puzzle,
        encoding: str,
        limit: int | None,
        deadline: Deadline,
        strategy: str | None,
    ) -> Iterator[Found]:
        """The puzzle's answers (unverified), at most ``limit``, as they are found; raises
        :class:`~satdoku.deadline.SolveTimeout` at the ``deadline``. ``encoding`` comes from
        :meth:`encoding_for`; ``strategy`` is one of its capabilities' or None."""
        ...

    def engine(
        self, geometry: Geometry, *, encoding: str | None = None, conflicts: int | None = None
    ) -> PuzzleEngine:
        """A persistent engine for plain Sudokus of ``geometry`` (only when
        ``capabilities.engine``); raises :class:`UsageError` for options it does not take."""
        ...


class NamedEncodings:
    """What most backends share: they take a fixed list of encoding names (their
    capabilities' ``encodings``) and, unless they say otherwise, have no engine."""

    name: str
    capabilities: Capabilities

    def encoding_for(self, puzzle: Puzzle, encoding: str | None) -> str:
        return named_encoding(self, encoding)

    def engine(
        self, geometry: Geometry, *, encoding: str | None = None, conflicts: int | None = None
    ) -> PuzzleEngine:
        raise no_engine(self)


def fit(backend: Described, puzzle: Puzzle) -> None:
    """Raise :class:`UsageError` when ``backend``'s capabilities do not cover ``puzzle``."""
    caps = backend.capabilities
    if caps.max_values is not None and puzzle.values > caps.max_values:
        raise UsageError(
            f"the {backend.name} backend takes grids of up to {caps.max_values} values,"
            f" not {puzzle.values}; use another backend"
        )
    for constraint in puzzle.constraints:
        need = constraint.needs(puzzle.values)
        if caps.takes(need):
            continue
        what = constraint.name or f"a {constraint.family}"
        if need == "partial-unit":
            raise UsageError(
                f"the {backend.name} backend takes units of {puzzle.values} cells only; this"
                f" puzzle has a unit of {len(constraint.cells)} cells ({what})"
            )
        rules = "sums" if need == "sum" else f"{constraint.family} rules"
        raise UsageError(
            f"the {backend.name} backend takes no {rules} ({what}); use a CNF or the cpsat backend"
        )


def strategy_for(
    backend: Described, strategy: str | None, default: str | None = None
) -> str | None:
    """The enumeration strategy ``backend`` will use: ``strategy`` if it has it, else
    ``default`` if it has that, else its own first. Raises :class:`UsageError` for a strategy
    it does not have."""
    choices = backend.capabilities.strategies
    if strategy is None:
        if not choices:
            return None
        return default if default in choices else choices[0]
    if strategy not in choices:
        offered = f"choose from {', '.join(choices)}" if choices else "it has none to choose"
        raise UsageError(f"the {backend.name} backend has no strategy {strategy!r}; {offered}")
    return strategy


def named_encoding(backend: Described, encoding: str | None) -> str:
    """``encoding`` checked against a backend that takes a fixed list of names (its
    capabilities' ``encodings``), or its default (the first; empty when it takes none)."""
    names = backend.capabilities.encodings or ()
    if encoding is None or (not names and encoding == ""):
        return names[0] if names else ""
    if encoding not in names:
        plural = "s" if len(names) > 1 else ""
        takes = f"the encoding{plural} {', '.join(names)}" if names else "no encoding"
        raise UsageError(f"the {backend.name} backend takes {takes}, not {encoding!r}")
    return encoding


def no_engine(backend: Described) -> UsageError:
    """The error for asking ``backend`` for an engine it does not have."""
    return UsageError(f"the {backend.name} backend has no persistent engine")
