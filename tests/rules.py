"""Shared checks for rule types: a puzzle made of a small Sudoku and some rules, counted by
brute force (each rule's own check), by CNF under several encodings (the sums of one of them
as totalizers) and by both CP-SAT models; every count must agree and every solution found
must keep every rule."""

from __future__ import annotations

from dataclasses import replace

from satdoku import count, solutions
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Constraint, Puzzle
from satdoku.solver.bruteforce import brute_force_count

ENCODINGS = ("minimal", "efficient+optimized", "extended+singles", "extended+optimized+tree")
CPSAT_MODELS = ("alldiff", "onehot")


def with_rules(
    *rules: Constraint, box: tuple[int, int] = (2, 2), givens: dict[int, int] | None = None
) -> Puzzle:
    """The Sudoku of ``box`` with ``givens`` (cell -> value) and ``rules`` added."""
    geometry = Geometry(*box)
    grid = [0] * geometry.ncells
    for cell, value in (givens or {}).items():
        grid[cell] = value
    blank = sudoku(geometry, grid)
    return replace(blank, constraints=blank.constraints + rules)


def agree(puzzle: Puzzle, limit: int | None = None) -> int:
    """The number of solutions of ``puzzle``, after checking that brute force, CNF under
    :data:`ENCODINGS` and CP-SAT under :data:`CPSAT_MODELS` all find it."""
    expected = brute_force_count(puzzle, limit)
    for encoding in ENCODINGS:
        found = count(puzzle, backend="minisat22", encoding=encoding, limit=limit).count
        assert found == expected, f"CNF {encoding}: {found} solutions, brute force {expected}"
    for model in CPSAT_MODELS:
        found = count(puzzle, backend="cpsat", encoding=model, limit=limit).count
        assert found == expected, f"CP-SAT {model}: {found} solutions, brute force {expected}"
    for solution in solutions(puzzle, limit=20):
        for rule in puzzle.constraints:
            assert puzzle.problem(rule, solution.grid) is None, f"{rule.name}: {solution.grid}"
    return expected
