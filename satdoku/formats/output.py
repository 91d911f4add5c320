"""Write grids out: one line, or a pretty grid with box separators."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from satdoku.model import Puzzle


@runtime_checkable
class Drawing(Protocol):
    """A puzzle ``layout`` that draws its own grids (Kakuro clues, jigsaw regions, cages)."""

    def draw(self, puzzle: Puzzle, grid: Sequence[int]) -> str: ...


def format_line(puzzle: Puzzle, grid: Sequence[int]) -> str:
    """A grid of ``puzzle`` as one line.

    Args:
        puzzle: the puzzle the grid belongs to (its size picks the format).
        grid: a value per cell of the puzzle, 0 for a blank (a solution, or the givens).

    Returns:
        Up to 9 values, one character per cell (``.`` for a blank); above, the values
        separated by commas (``0`` for a blank). :func:`satdoku.parse_puzzle` reads it back.
        Values written from 0 (``puzzle.first``) are written so, one character per cell.
    """
    if puzzle.first != 1:
        return "".join(str(puzzle.digit(v)) if v else "." for v in grid)
    return format_values(puzzle.values, grid)


def format_values(values: int, grid: Sequence[int]) -> str:
    """:func:`format_line` for a puzzle of ``values`` values (``grid`` may be bytes, a value
    per byte)."""
    if values <= 9:
        if isinstance(grid, bytes):
            text = grid.translate(_DIGIT_BYTES)
            if not text.translate(None, _DIGIT_CHARACTERS):  # every byte was 0..9
                return text.decode("ascii")
        try:
            return "".join(map(DIGITS.__getitem__, grid))
        except KeyError:  # not a value of the puzzle: written as it is
            return "".join(str(v) if v else "." for v in grid)
    return ",".join(map(str, grid))


DIGITS = {0: ".", **{v: str(v) for v in range(1, 10)}}
"""The character of each value 0 (blank) .. 9 in the one-line format."""
_DIGIT_CHARACTERS = "".join(DIGITS.values()).encode("ascii")
_DIGIT_BYTES = bytes.maketrans(bytes(range(10)), _DIGIT_CHARACTERS)


def format_grid(puzzle: Puzzle, grid: Sequence[int]) -> str:
    """A grid of ``puzzle`` as a picture in text, one row per line.

    Args:
        puzzle: the puzzle the grid belongs to.
        grid: a value per cell of the puzzle, 0 for a blank.

    Returns:
        The rows, values right-aligned and ``.`` for a blank; a Sudoku has ``|`` and ``-+-``
        lines between its boxes; a puzzle whose layout is a :class:`Drawing` (Kakuro,
        jigsaw, killer) is drawn by it.
    """
    if isinstance(puzzle.layout, Drawing):
        return puzzle.layout.draw(puzzle, grid)
    width = len(str(puzzle.digits[-1]))
    cells = {pos: grid[i] for i, pos in enumerate(puzzle.positions)}

    def text(r: int, c: int) -> str:
        v = cells.get((r, c))
        return (str(puzzle.digit(v)) if v else ".").rjust(width) if v is not None else " " * width

    geometry = puzzle.geometry
    if geometry is None:
        return "\n".join(
            " ".join(text(r, c) for c in range(puzzle.ncols)) for r in range(puzzle.nrows)
        )
    br, bc, n = geometry.box_rows, geometry.box_cols, geometry.size
    lines = []
    rule = "-+-".join("-" * (bc * (width + 1) - 1) for _ in range(n // bc))
    for r in range(n):
        if r and r % br == 0:
            lines.append(rule)
        chunks = (" ".join(text(r, c) for c in range(left, left + bc)) for left in range(0, n, bc))
        lines.append(" | ".join(chunks))
    return "\n".join(lines)
