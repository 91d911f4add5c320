"""The backend, encoding and strategy a command names, checked before any puzzle is read."""

from __future__ import annotations

from satdoku.errors import UsageError
from satdoku.solver.defaults import DEFAULT_BACKEND


def check_solver(backend: str | None, encoding: str | None, strategy: str | None = None) -> None:
    """Refuse, before any puzzle is read, a backend, encoding or strategy that no puzzle could
    take: checked against ``backend`` or, when none is named, the python-sat default."""
    if backend is None and encoding is None and strategy is None:
        return
    from satdoku.geometry import Geometry
    from satdoku.kinds.classic import sudoku
    from satdoku.solver.backend import strategy_for
    from satdoku.solver.registry import get_backend

    chosen = get_backend(backend or DEFAULT_BACKEND)
    if not chosen.capabilities.available:
        raise UsageError(f"the {chosen.name} backend is not installed; choose another backend")
    if encoding is not None:
        chosen.encoding_for(sudoku(Geometry(3, 3), [0] * 81), encoding)
    if strategy is not None:
        strategy_for(chosen, strategy)
