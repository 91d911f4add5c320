"""Backends and the search facade: ``solve``, ``solutions``, ``count``, ``uniqueness``.

Every function here takes a :class:`~satdoku.model.Puzzle` (text becomes one at the doors:
:mod:`satdoku`'s functions, the command line, the web and SQL). Every backend implements
:class:`~satdoku.solver.backend.Backend` and is looked up by name in
:mod:`satdoku.solver.registry` (``backends()`` lists the names); which one answers a question
is decided by :func:`~satdoku.solver.planner.plan`.

The names are imported on first use, so that importing a module of this package (the
bitmask search of a plain solve, say) does not load every backend, counting and proofs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from satdoku.lazy import lazy_names

if TYPE_CHECKING:
    from satdoku.deadline import SolveTimeout
    from satdoku.results import EngineResult, Solution, Stats
    from satdoku.solver.backend import Backend, Capabilities, ModelKind, PuzzleEngine
    from satdoku.solver.counting import Count, Uniqueness, count, is_unique, uniqueness
    from satdoku.solver.defaults import DEFAULT_BACKEND
    from satdoku.solver.dpll import DpllEngine
    from satdoku.solver.engine import Engine
    from satdoku.solver.planner import Plan, Question, plan
    from satdoku.solver.pysat_solver import PysatSolver, solver_names
    from satdoku.solver.registry import backends, get_backend, register
    from satdoku.solver.search import solutions, solve

_LAZY = {
    "SolveTimeout": "satdoku.deadline",
    **dict.fromkeys(("EngineResult", "Solution", "Stats"), "satdoku.results"),
    **dict.fromkeys(
        ("Backend", "Capabilities", "ModelKind", "PuzzleEngine"), "satdoku.solver.backend"
    ),
    **dict.fromkeys(
        ("Count", "Uniqueness", "count", "is_unique", "uniqueness"), "satdoku.solver.counting"
    ),
    "DEFAULT_BACKEND": "satdoku.solver.defaults",
    "DpllEngine": "satdoku.solver.dpll",
    "Engine": "satdoku.solver.engine",
    **dict.fromkeys(("Plan", "Question", "plan"), "satdoku.solver.planner"),
    **dict.fromkeys(("PysatSolver", "solver_names"), "satdoku.solver.pysat_solver"),
    **dict.fromkeys(("backends", "get_backend", "register"), "satdoku.solver.registry"),
    **dict.fromkeys(("solutions", "solve"), "satdoku.solver.search"),
}
"""Where each name of the package lives."""


__getattr__, __dir__ = lazy_names(__name__, globals(), _LAZY)


__all__ = [
    "DEFAULT_BACKEND",
    "Backend",
    "Capabilities",
    "Count",
    "DpllEngine",
    "Engine",
    "EngineResult",
    "ModelKind",
    "Plan",
    "PuzzleEngine",
    "PysatSolver",
    "Question",
    "Solution",
    "SolveTimeout",
    "Stats",
    "Uniqueness",
    "backends",
    "count",
    "get_backend",
    "is_unique",
    "plan",
    "register",
    "solutions",
    "solve",
    "solver_names",
    "uniqueness",
]
