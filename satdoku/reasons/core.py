"""Unsatisfiable cores over groups of clauses switched on by assumption literals: a minimal one
by deletion, a smallest one by implicit hitting sets (each core must hit every correction
set found, and the smallest hitting set that is a core is a smallest core)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from satdoku.deadline import NEVER, Deadline
from satdoku.solver.pysat_solver import SolverOwner, solve_within

CORE_SOLVER = "glucose4"
"""A MiniSat-family solver: it gives cores over assumptions and stops at a deadline."""


class CoreSolver(SolverOwner):
    """One solver holding ``clauses``, asked under assumptions until ``deadline``."""

    def __init__(self, clauses: Sequence[Sequence[int]], deadline: Deadline = NEVER) -> None:
        from pysat.solvers import Solver

        self.deadline = deadline
        self._solver: Any = Solver(name=CORE_SOLVER, bootstrap_with=clauses)

    def sat(self, assumptions: Sequence[int]) -> bool:
        """Whether the clauses hold with every literal of ``assumptions`` true; raises
        :class:`~satdoku.deadline.SolveTimeout` once the deadline has passed."""
        self.deadline.check()
        limited = self.deadline.limited
        seconds = self.deadline.remaining() if limited else None
        result = solve_within(self._solver, assumptions, seconds)
        if result is None:  # out of time, or Ctrl-C under a SIGINT handler that raised nothing
            raise self.deadline.error() if limited else KeyboardInterrupt
        return result

    def core(self) -> set[int]:
        """The assumptions the last unsatisfiable call needed."""
        return set(self._solver.get_core() or ())

    def model(self) -> list[int]:
        return list(self._solver.get_model())


def minimal_core(solver: CoreSolver, groups: Sequence[int], fixed: Sequence[int]) -> list[int]:
    """A subset-minimal set of ``groups`` that, with ``fixed``, is unsatisfiable (which
    ``groups`` with ``fixed`` must be): each group is dropped in turn when the others stay
    unsatisfiable without it, and each unsatisfiable answer's core drops more at once."""
    if solver.sat([*groups, *fixed]):
        raise ValueError("the groups are satisfiable: there is no core")
    left = [g for g in groups if g in solver.core()]
    needed: list[int] = []
    while left:
        trial = left.pop()
        if solver.sat([*needed, *left, *fixed]):
            needed.append(trial)
        else:
            core = solver.core()
            left = [g for g in left if g in core]
    return needed


def smallest_core(
    solver: CoreSolver, groups: Sequence[int], fixed: Sequence[int], known: Sequence[int]
) -> list[int]:
    """A smallest set of ``groups`` unsatisfiable with ``fixed``, no larger than the core
    ``known``: the smallest set hitting every correction set found so far, until one is a
    core (raises :class:`~satdoku.deadline.SolveTimeout` at the solver's deadline)."""
    from pysat.examples.hitman import Hitman

    hitman = Hitman(htype="sorted")
    try:
        while True:
            chosen: list[int] = hitman.get()
            if len(chosen) >= len(known):
                return list(known)
            if not solver.sat([*chosen, *fixed]):
                return chosen
            hitman.hit(_correction_set(solver, groups, fixed, chosen))
    finally:
        hitman.delete()


def _correction_set(
    solver: CoreSolver, groups: Sequence[int], fixed: Sequence[int], satisfiable: Sequence[int]
) -> list[int]:
    """The complement of a maximal satisfiable set of ``groups`` that holds ``satisfiable``
    (whose last call was satisfiable): a set every core meets."""
    kept = set(satisfiable)
    kept.update(_true_in(solver.model(), groups))
    for group in groups:
        if group not in kept and solver.sat([*kept, group, *fixed]):
            kept.update(_true_in(solver.model(), groups))
            kept.add(group)
    return [g for g in groups if g not in kept]


def _true_in(model: Sequence[int], groups: Sequence[int]) -> list[int]:
    """The groups whose literal ``model`` makes true: their clauses all hold in it."""
    return [g for g in groups if model[abs(g) - 1] == g]
