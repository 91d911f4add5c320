"""Write grids in the notations of other Sudoku programs: Simple Sudoku's ``.ss`` layout,
SadMan Sudoku's ``[Puzzle]`` file (``.sdk``), one-line ``.sdm`` collections, and the step
trace line.

Each writer takes a puzzle and a value per cell (a solution, or the givens: 0 is a blank) and
returns the text without a final newline. They write values only: the extra units of a
variant (diagonals, cages) are not part of these notations. A grid a notation cannot hold is
refused with a :class:`~satdoku.errors.UsageError` naming the notation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from satdoku.errors import UsageError
from satdoku.model import Puzzle

CHARS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The character of each value 1..35 (``1-9`` then ``A-Z``)."""


def value_char(value: int) -> str:
    """One character per value (``1-9`` then ``A-Z``), ``.`` for a blank; ``(36)`` past 35."""
    if not value:
        return "."
    return CHARS[value - 1] if value <= len(CHARS) else f"({value})"


def trace_line(puzzle: Puzzle, grid: Sequence[int]) -> str:
    """The grid as one line of the step trace: its rows of N characters separated by spaces
    (``..3.2.6.. 9..3.5..1 ...``), ``.`` for a blank; a puzzle without a box shape (jigsaw),
    every cell separated by a space."""
    chars = [value_char(v) for v in grid]
    if puzzle.geometry is None:
        return " ".join(chars)
    n = puzzle.geometry.size
    return " ".join("".join(chars[r * n : (r + 1) * n]) for r in range(n))


def format_ss(puzzle: Puzzle, grid: Sequence[int]) -> str:
    """The grid in Simple Sudoku's ``.ss`` layout: one row per line, ``|`` between boxes,
    a rule of dashes between bands of boxes, ``.`` for a blank::

        ..3|.2.|6..
        9..|3.5|..1
        ..1|8.6|4..
        -----------
        ...

    Any box shape is written the same way (a 6x6 with 2x3 boxes: ``..3|.2.`` and
    ``-------``), values above 9 as ``A-Z``.

    Raises:
        UsageError: the puzzle has no box shape (jigsaw, Kakuro) or more than 35 values.
    """
    geometry = puzzle.geometry
    if geometry is None:
        raise UsageError(f"the ss format draws boxes; a {puzzle.kind} puzzle has none")
    n = geometry.size
    if n > len(CHARS):
        raise UsageError(f"the ss format writes one character per cell: up to 35x35, not {n}x{n}")
    chars = [value_char(v) for v in grid]
    bc, br = geometry.box_cols, geometry.box_rows
    rows = [
        "|".join("".join(chars[r * n + c : r * n + c + bc]) for c in range(0, n, bc))
        for r in range(n)
    ]
    rule = "-" * len(rows[0])
    lines: list[str] = []
    for r, row in enumerate(rows):
        if r and r % br == 0:
            lines.append(rule)
        lines.append(row)
    return "\n".join(lines)


def format_sdk(puzzle: Puzzle, grid: Sequence[int]) -> str:
    """The grid as a SadMan Sudoku file (``.sdk``): a ``[Puzzle]`` line, then nine rows of
    nine digits, ``.`` for a blank.

    Raises:
        UsageError: the grid is not 9x9 (SadMan Sudoku holds 9x9 grids only).
    """
    chars = _nine_by_nine(puzzle, grid, "sdk")
    return "\n".join(["[Puzzle]", *("".join(chars[r * 9 : r * 9 + 9]) for r in range(9))])


def format_sdm(puzzle: Puzzle, grid: Sequence[int]) -> str:
    """The grid as one line of a ``.sdm`` collection: 81 digits, ``0`` for a blank.

    Raises:
        UsageError: the grid is not 9x9 (an ``.sdm`` line holds 81 cells).
    """
    return "".join(_nine_by_nine(puzzle, grid, "sdm")).replace(".", "0")


def _nine_by_nine(puzzle: Puzzle, grid: Sequence[int], name: str) -> list[str]:
    """The grid's characters, row by row, when it is a full 9x9 square of values 1..9."""
    square = puzzle.ncells == 81 and puzzle.positions == tuple(
        (r, c) for r in range(9) for c in range(9)
    )
    if not (square and puzzle.values == 9):
        raise UsageError(f"the {name} format writes 9x9 grids only, not a {_shape(puzzle)}")
    return [value_char(v) for v in grid]


def _shape(puzzle: Puzzle) -> str:
    """``16x16 grid``, or ``kakuro puzzle`` for cells that do not fill their rectangle."""
    if puzzle.ncells == puzzle.nrows * puzzle.ncols:
        return f"{puzzle.nrows}x{puzzle.ncols} grid"
    return f"{puzzle.kind} puzzle"


NOTATIONS: dict[str, Callable[[Puzzle, Sequence[int]], str]] = {
    "ss": format_ss,
    "sdk": format_sdk,
    "sdm": format_sdm,
    "trace": trace_line,
}
"""The writers by ``--format`` name."""
