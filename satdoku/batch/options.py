"""How a batch solves: :class:`BatchOptions`, checked before any worker starts, and the engine
they choose."""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.solver import bitgrid
from satdoku.solver.backend import Backend
from satdoku.solver.defaults import DEFAULT_BACKEND
from satdoku.solver.dpll import BITMASK
from satdoku.solver.engine import ENGINE_BACKEND
from satdoku.solver.registry import get_backend

DEFAULT_ENGINES = ("dpll", ENGINE_BACKEND)
"""The engine a batch uses up to 16x16 when no backend is named: the first of these that is
installed and takes the options given."""
_PROBE = sudoku(Geometry(3, 3), [0] * 81)
"""A puzzle to check an encoding against before any real one."""


@dataclass
class BatchOptions:
    """How to solve: count up to ``limit`` solutions (2 proves uniqueness), the backend and
    encoding (None: chosen by grid size), an optional conflict budget per solve of a CDCL
    engine and a ``timeout`` in seconds per puzzle (past either: ``unknown``).

    Up to 16x16 plain Sudokus go, when no backend, encoding or conflict budget is named, a
    chunk at a time through the bitmask search (:mod:`satdoku.solver.bitgrid`). The others,
    and a puzzle past the search's node budget, go through one persistent engine per
    geometry (the backend's :meth:`~satdoku.solver.backend.Backend.engine`): by default the
    compiled exact-cover search (which hands a puzzle that exceeds its node budget to the
    CDCL engine), or the python-sat engine on MiniCard when an encoding or a conflict budget
    is given (or the compiled search is not built); see :data:`DEFAULT_ENGINES`. Other
    kinds, grids from 25x25 up and backends without an engine solve each puzzle on its own
    (:func:`satdoku.solver.solutions`, with the reduced encoding and the defaults of
    :mod:`satdoku.solver.defaults`); there the conflict budget does not apply."""

    limit: int | None = 2
    backend: str | None = None
    encoding: str | None = None
    conflicts: int | None = None
    timeout: float | None = None

    def __post_init__(self) -> None:
        """Refuse what cannot run, before any worker starts."""
        if self.timeout is not None and self.timeout < 0:
            raise UsageError(f"the timeout must be 0 or more, not {self.timeout:g}")
        if self.backend is None:
            if self.encoding is not None and self.engine_backend() is None:
                get_backend(DEFAULT_BACKEND).encoding_for(_PROBE, self.encoding)
            return
        backend = get_backend(self.backend)
        caps = backend.capabilities
        if not caps.available:
            raise UsageError(f"the {backend.name} backend is not installed; choose another backend")
        if self.encoding is not None:
            backend.encoding_for(_PROBE, self.encoding)
        if self.conflicts is not None and not caps.conflict_budget:
            raise UsageError(f"a conflict budget needs a CDCL backend, not {backend.name}")
        if self.timeout is not None and caps.engine and not caps.interruptible:
            raise UsageError(
                f"{backend.name} cannot be interrupted, so it cannot keep a time limit per"
                " puzzle in a batch; use a MiniSat-family solver with --timeout"
            )

    def bitmask_first(self) -> bool:
        """Whether plain Sudokus below 25x25 go through the bitmask search first: when it is
        built, no conflict budget is given, and the encoding is ``bitmask`` or neither backend
        nor encoding is named."""
        return (
            bitgrid.available()
            and self.conflicts is None
            and (self.encoding == BITMASK or (self.backend is None and self.encoding is None))
        )

    def engine_backend(self) -> Backend | None:
        """The backend whose engine solves plain Sudokus up to 16x16; None when the puzzles
        are solved one at a time."""
        if self.backend is not None:
            backend = get_backend(self.backend)
            return backend if backend.capabilities.engine else None
        for name in DEFAULT_ENGINES:
            backend = get_backend(name)
            if self._fits(backend):
                return backend
        return None

    def _fits(self, backend: Backend) -> bool:
        caps = backend.capabilities
        if not caps.available or (self.conflicts is not None and not caps.conflict_budget):
            return False
        if self.encoding is None:
            return True
        try:
            backend.encoding_for(_PROBE, self.encoding)
        except UsageError:
            return False
        return True
