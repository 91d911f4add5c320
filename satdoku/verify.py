"""Independent checks of a grid against a puzzle, written without the encoder's help.

Every solution a backend returns passes through :func:`check` before anyone sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from satdoku.errors import VerificationError
from satdoku.model import AllDifferent, Puzzle, Sum


def violations(puzzle: Puzzle, grid: Sequence[int]) -> list[str]:
    """Every way ``grid`` fails to solve ``puzzle``, as messages; empty when it is a solution."""
    if len(grid) != puzzle.ncells:
        return [f"grid has {len(grid)} cells, puzzle has {puzzle.ncells}"]
    name = puzzle.cell_name
    found = [
        f"{name(i)}: value {v} is not in 1..{puzzle.values}"
        for i, v in enumerate(grid)
        if not (isinstance(v, int) and 1 <= v <= puzzle.values)
    ]
    found += [
        f"{name(i)}: given {g} was changed to {grid[i]}"
        for i, g in enumerate(puzzle.givens)
        if g and grid[i] != g
    ]
    for constraint in puzzle.constraints:
        values = [grid[i] for i in constraint.cells]
        if isinstance(constraint, AllDifferent):
            if len(set(values)) != len(values):
                found.append(f"{constraint.name or 'unit'}: repeated value in {values}")
        elif isinstance(constraint, Sum) and sum(values) != constraint.total:
            found.append(
                f"{constraint.name or 'sum'}: {values} does not add up to {constraint.total}"
            )
    if puzzle.geometry is not None:
        found += _sudoku_violations(puzzle.geometry.box_rows, puzzle.geometry.box_cols, grid)
    return found


def _sudoku_violations(box_rows: int, box_cols: int, grid: Sequence[int]) -> list[str]:
    """Rows, columns and boxes recomputed here by arithmetic, not taken from the model."""
    n = box_rows * box_cols
    full = set(range(1, n + 1))
    found = []
    for k in range(n):
        if set(grid[k * n : (k + 1) * n]) != full:
            found.append(f"row {k + 1} is not a permutation of 1..{n}")
        if set(grid[k::n]) != full:
            found.append(f"column {k + 1} is not a permutation of 1..{n}")
        top, left = (k // box_rows) * box_rows, (k % box_rows) * box_cols
        box = {grid[(top + dr) * n + left + dc] for dr in range(box_rows) for dc in range(box_cols)}
        if box != full:
            found.append(f"box {k + 1} is not a permutation of 1..{n}")
    return found


def check(puzzle: Puzzle, grid: Sequence[int]) -> None:
    """Raise :class:`VerificationError` unless ``grid`` solves ``puzzle``."""
    problems = violations(puzzle, grid)
    if problems:
        raise VerificationError("solution failed verification: " + "; ".join(problems[:5]))


def grid_checker(puzzle: Puzzle) -> Callable[[Sequence[int]], None]:
    """:func:`check` for many grids of one puzzle, prepared once: each call tests values, givens
    and constraints with a few set operations and calls :func:`check` (which raises with the
    full story) only when something is wrong. For counting thousands of solutions."""
    values = frozenset(range(1, puzzle.values + 1))
    ncells = puzzle.ncells
    given_cells = [i for i, g in enumerate(puzzle.givens) if g]
    givens = [puzzle.givens[i] for i in given_cells]
    alldiff = [
        (itemgetter(*c.cells), len(c.cells))
        for c in puzzle.constraints
        if isinstance(c, AllDifferent) and len(c.cells) > 1
    ]
    sums = [(c.cells, c.total) for c in puzzle.constraints if isinstance(c, Sum)]

    def fast_check(grid: Sequence[int]) -> None:
        ok = (
            len(grid) == ncells
            and values.issuperset(grid)
            and [grid[i] for i in given_cells] == givens
            and all(len(set(get(grid))) == n for get, n in alldiff)
            and all(sum(grid[i] for i in cells) == total for cells, total in sums)
        )
        if not ok:
            check(puzzle, grid)

    return fast_check


def given_clashes(puzzle: Puzzle) -> list[str]:
    """Pairs of givens that break a unit, e.g. ``r1c1 and r1c5 are both 5 (row 1)``."""
    pairs: dict[tuple[int, int, int], list[str]] = {}
    for unit in puzzle.units:
        seen: dict[int, int] = {}
        for cell in unit.cells:
            v = puzzle.givens[cell]
            if v and v in seen:
                pairs.setdefault((seen[v], cell, v), []).append(unit.name or "unit")
            elif v:
                seen[v] = cell
    return [
        f"{puzzle.cell_name(a)} and {puzzle.cell_name(b)} are both {v} ({', '.join(units)})"
        for (a, b, v), units in pairs.items()
    ]
