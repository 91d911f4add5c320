"""Independent checks of a grid against a puzzle, written without the encoder's help.

Every solution a backend returns passes through :func:`check` before anyone sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import compress
from operator import add, itemgetter

from satdoku.errors import VerificationError
from satdoku.geometry import Geometry
from satdoku.model import AllDifferent, Puzzle, Sum, sudoku_units


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
    """Raise :class:`VerificationError` unless ``grid`` solves ``puzzle``.

    A plain Sudoku whose grid is right takes a fast path (a few C-level passes, about 10 µs
    for 9x9, so that batches can afford to check every grid); anything else, and every grid
    that fails the fast path, goes through :func:`violations` for the messages.
    """
    if _plain_sudoku_ok(puzzle, grid):
        return
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


def _plain_sudoku_ok(puzzle: Puzzle, grid: Sequence[int]) -> bool:
    """True when ``puzzle`` is a plain Sudoku and ``grid`` provably solves it: every value an
    int in 1..N, every row, column and box (recomputed by arithmetic) a permutation of 1..N, and
    every given kept. False means "look closer", not "wrong"."""
    geometry = puzzle.geometry
    if geometry is None or not _is_plain_sudoku(puzzle):
        return False
    if len(grid) != geometry.ncells or set(map(type, grid)) != {int}:
        return False
    if min(grid) < 1 or max(grid) > geometry.size:
        return False
    cells, offsets, expected = _unit_keys(geometry)
    # With values in 1..N, unit u's keys u*(N+1)+v stay in u's own band: the set equals the
    # expected one exactly when each unit holds every value once.
    if set(map(add, offsets, cells(grid))) != expected:
        return False
    givens = puzzle.givens
    return list(compress(grid, givens)) == [g for g in givens if g]


def _is_plain_sudoku(puzzle: Puzzle) -> bool:
    """Rows, columns and boxes only, as :func:`sudoku_units` makes them."""
    return puzzle.geometry is not None and puzzle.constraints is sudoku_units(puzzle.geometry)


@cache
def _unit_keys(
    geometry: Geometry,
) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], tuple[int, ...], frozenset[int]]:
    """For ``geometry``: a getter of every unit's cells in a row (rows, columns, boxes), the
    offset u*(N+1) of each position's unit u, and the set of keys u*(N+1)+v of a solved grid."""
    br, bc = geometry.box_rows, geometry.box_cols
    n = br * bc
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [
        [(top + dr) * n + left + dc for dr in range(br) for dc in range(bc)]
        for top in range(0, n, br)
        for left in range(0, n, bc)
    ]
    flat = [cell for unit in units for cell in unit]
    offsets = tuple(u * (n + 1) for u, unit in enumerate(units) for _ in unit)
    expected = frozenset(u * (n + 1) + v for u in range(len(units)) for v in range(1, n + 1))
    return itemgetter(*flat), offsets, expected
