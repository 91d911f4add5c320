"""Independent checks of a grid against a puzzle, written without the encoder's help.

Every solution a backend returns passes through :func:`check` before anyone sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import compress
from operator import getitem
from typing import TYPE_CHECKING, Any

from satdoku.errors import VerificationError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle

if TYPE_CHECKING:
    from numpy.typing import NDArray


def violations(puzzle: Puzzle, grid: Sequence[int]) -> list[str]:
    """Every way ``grid`` fails to solve ``puzzle``.

    Args:
        puzzle: the puzzle.
        grid: a value per cell of the puzzle.

    Returns:
        One message per problem (wrong length, a value out of range, a changed given, a unit
        with a repeated value, a sum that does not add up, a row, column or box of a Sudoku
        that is not a permutation); empty when ``grid`` solves ``puzzle``.
    """
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
        problem = puzzle.problem(constraint, grid)
        if problem is not None:
            found.append(problem)
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

    A plain Sudoku whose grid is right takes a fast path (one sum of per-cell weights that
    counts every value of every unit, cheap enough for batches to check every grid); anything
    else, and every grid that fails the fast path, goes through :func:`violations`.

    Args:
        puzzle: the puzzle.
        grid: a value per cell of the puzzle.

    Raises:
        VerificationError: ``grid`` does not solve ``puzzle``; the message gives the first
            problems :func:`violations` finds.
    """
    if _plain_sudoku_ok(puzzle, grid):
        return
    problems = violations(puzzle, grid)
    if problems:
        raise VerificationError("solution failed verification: " + "; ".join(problems[:5]))


def batch_checker(puzzle: Puzzle) -> Callable[[Sequence[Sequence[int]]], None]:
    """:func:`check` for a batch of grids of one puzzle at once, for counting many solutions:
    with numpy, values in range, givens kept, each unit's values distinct, each Sum's total,
    and any other rule grid by grid; a bad grid is handed to :func:`check`, which raises with
    the full story."""
    import numpy as np

    from satdoku.constraints import Sum  # here: a plain Sudoku's check needs no sums

    given_cells = np.array([i for i, g in enumerate(puzzle.givens) if g], dtype=np.intp)
    givens = np.array([g for g in puzzle.givens if g], dtype=np.int32)
    by_size: dict[int, list[tuple[int, ...]]] = {}
    for c in puzzle.constraints:
        if c.distinct and len(c.cells) > 1:
            by_size.setdefault(len(c.cells), []).append(c.cells)
    groups = [np.array(cells, dtype=np.intp) for cells in by_size.values()]
    shift = puzzle.first - 1
    sums = [
        (np.array(c.cells, dtype=np.intp), c.total - shift * len(c.cells))
        for c in puzzle.constraints
        if isinstance(c, Sum)
    ]
    others = [
        c
        for c in puzzle.constraints
        if not isinstance(c, Sum) and c.needs(puzzle.values) not in ("unit", "partial-unit")
    ]

    def good_rows(grids: Sequence[Sequence[int]]) -> Any:
        a = np.array(grids, dtype=np.int32)
        if a.ndim != 2 or a.shape[1] != puzzle.ncells:
            raise ValueError("ragged")
        ok = ((a >= 1) & (a <= puzzle.values)).all(axis=1)
        ok &= (a[:, given_cells] == givens).all(axis=1)
        for cells in groups:
            units = np.sort(a[:, cells], axis=2)  # batch x units x cells
            ok &= (np.diff(units, axis=2) != 0).all(axis=(1, 2))
        for cells, total in sums:
            ok &= a[:, cells].sum(axis=1) == total
        for rule in others:
            ok &= [puzzle.problem(rule, grid) is None for grid in grids]
        return ok

    def check_batch(grids: Sequence[Sequence[int]]) -> None:
        if not grids:
            return
        try:
            ok = good_rows(grids)
        except ValueError:  # grids of different lengths: let check() name the bad one
            for grid in grids:
                check(puzzle, grid)
            return
        for row in np.flatnonzero(~ok):
            check(puzzle, grids[int(row)])

    return check_batch


def plain_failures(
    geometry: Geometry, puzzles: NDArray[Any], grids: NDArray[Any]
) -> dict[int, str]:
    """The grids that do not solve their plain Sudoku of ``geometry``, by index, with why; all
    of them checked at once with numpy. ``grids[i]`` answers the givens ``puzzles[i]``; both
    are arrays of bytes, a row per grid and a value per cell (0 for a blank).

    Every given must be kept, and each row, column and box (recomputed here from the box
    shape) must hold every value 1..N. A value v counts as 2**(v-1) and one outside 1..N as
    0; N such terms add up to 2**N - 1, a number of N binary ones, only when they are N
    different powers of two (two equal ones would merge into fewer terms, and no fewer than
    N terms make it). So one matrix product sums every unit of every grid at once."""
    import numpy as np

    n = geometry.size
    cells = n * n
    if puzzles.shape != grids.shape or puzzles.shape[1:] != (cells,):
        raise ValueError(f"expected grids of {cells} cells, one per puzzle")
    if not len(grids):
        return {}
    kept = ((puzzles == 0) | (puzzles == grids)).all(axis=1)
    # every partial sum is an integer below 2**N: exact in a float up to N = 24
    dtype = np.float32 if n <= 24 else np.float64
    power = np.zeros(256, dtype=dtype)
    power[1 : n + 1] = 2.0 ** np.arange(n)
    sums = power[grids] @ _unit_matrix(geometry.box_rows, geometry.box_cols).astype(dtype)
    ok = kept & (sums == 2.0**n - 1).all(axis=1)
    return {
        i: _failure(geometry, puzzles[i].tolist(), tuple(grids[i].tolist()))
        for i in np.flatnonzero(~ok).tolist()
    }


def grid_failures(
    geometry: Geometry, puzzles: Sequence[bytes], grids: Sequence[bytes]
) -> dict[int, str]:
    """:func:`plain_failures` without numpy, for grids as bytes: ``grids[i]`` answers the
    givens ``puzzles[i]``, a value per cell (0 for a blank), each checked as :func:`check`'s
    fast path checks a grid (every row, column and box holds every value, every given kept).
    For a few thousand 9x9 grids this costs less than importing numpy."""
    cells = geometry.ncells
    if len(puzzles) != len(grids) or {*map(len, puzzles), *map(len, grids)} - {cells}:
        raise ValueError(f"expected grids of {cells} cells, one per puzzle")
    weights, expected = _unit_weights(geometry)
    failures = {}
    for i, (givens, grid) in enumerate(zip(puzzles, grids, strict=True)):
        try:
            units_ok = sum(map(getitem, weights, grid)) == expected
        except KeyError:  # a value outside 1..N
            units_ok = False
        if not units_ok or bytes(compress(grid, givens)) != givens.replace(b"\0", b""):
            failures[i] = _failure(geometry, list(givens), tuple(grid))
    return failures


def _failure(geometry: Geometry, givens: list[int], grid: tuple[int, ...]) -> str:
    """Why ``grid`` does not solve the plain Sudoku of ``givens``, as :func:`check` says it."""
    problems = violations(sudoku(geometry, givens), grid) or ["a unit does not hold every value"]
    return "solution failed verification: " + "; ".join(problems[:5])


@cache
def _unit_matrix(box_rows: int, box_cols: int) -> NDArray[Any]:
    """A cell-by-unit matrix of 0 and 1: cell r*N+c is in row r, column c and box
    (r // box_rows) * box_rows + c // box_cols, numbered rows, then columns, then boxes."""
    import numpy as np

    n = box_rows * box_cols
    r, c = np.divmod(np.arange(n * n), n)
    box = (r // box_rows) * box_rows + c // box_cols
    matrix = np.zeros((n * n, 3 * n))
    matrix[np.arange(n * n), r] = 1
    matrix[np.arange(n * n), n + c] = 1
    matrix[np.arange(n * n), 2 * n + box] = 1
    return matrix


def given_clashes(puzzle: Puzzle) -> list[str]:
    """The givens of ``puzzle`` that clash: the same value twice in a unit.

    Args:
        puzzle: the puzzle.

    Returns:
        One message per pair of clashing givens, naming the units where they clash, e.g.
        ``r1c1 and r1c5 are both 5 (row 1)``; empty when no two givens clash.
    """
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


FAST_VALUES = 16
"""The largest plain Sudokus with a fast path: its table of weights grows as N**5 bits, and on
bigger grids the full check costs little next to the solving."""


def _plain_sudoku_ok(puzzle: Puzzle, grid: Sequence[int]) -> bool:
    """True when ``puzzle`` is a plain Sudoku and ``grid`` provably solves it: every value an
    int in 1..N, every row, column and box (recomputed by arithmetic) a permutation of 1..N, and
    every given kept. False means "look closer", not "wrong"."""
    geometry = puzzle.geometry
    if geometry is None or geometry.size > FAST_VALUES or not puzzle.plain:
        return False
    if len(grid) != geometry.ncells or set(map(type, grid)) != {int}:
        return False
    weights, expected = _unit_weights(geometry)
    try:
        total = sum(map(getitem, weights, grid))
    except KeyError:  # a value outside 1..N
        return False
    if total != expected:
        return False
    givens = puzzle.givens
    return list(compress(grid, givens)) == [g for g in givens if g]


@cache
def _unit_weights(geometry: Geometry) -> tuple[tuple[dict[int, int], ...], int]:
    """Per cell, a map from each value v in 1..N to the sum, over the cell's row, column and box
    u (numbered by arithmetic here), of B**(u*N + v - 1) with B = 2**k > N; and what a solved
    grid sums to. The digit (u, v) in base B of a grid's sum counts the cells of unit u that
    hold v: at most N < B, so digits never carry, and the sum is the solved one (every digit 1)
    exactly when every unit holds every value once."""
    br, bc = geometry.box_rows, geometry.box_cols
    n = br * bc
    k = n.bit_length()
    weights = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        units = (r, n + c, 2 * n + (r // br) * br + c // bc)
        ones = sum(1 << k * u * n for u in units)  # the cell's weight for the value 1
        weights.append({v: ones << k * (v - 1) for v in range(1, n + 1)})
    base = 1 << k
    expected = (base ** (3 * n * n) - 1) // (base - 1)  # 3 * N * N digits 1 in base B
    return tuple(weights), expected
