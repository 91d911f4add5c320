"""Backends and the search facade: ``solve``, ``solutions``, ``count``, ``uniqueness``.

Every function here takes a :class:`~satdoku.model.Puzzle` (text becomes one at the doors:
:mod:`satdoku`'s functions, the command line, the web and SQL). Every backend implements
:class:`~satdoku.solver.backend.Backend` and is looked up by name in
:mod:`satdoku.solver.registry` (``backends()`` lists the names); which one answers a question
is decided by :func:`~satdoku.solver.planner.plan`.
"""

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
