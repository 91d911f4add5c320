"""Read pencil-mark grids, as the Interactive Sudoku Solver (ISS) reads them: 729 characters,
9 per cell (row-major), each a candidate at its place or ``.``: ``123456789.2345678...``.

A cell with one candidate is a given; a cell with 2-8 is limited to them (:class:`Values`).
"""

from __future__ import annotations

from dataclasses import replace

from satdoku.constraints.values import Values
from satdoku.errors import ParseError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle

_SIZE = 9


def parse_pencilmarks(text: str, lineno: int = 1) -> Puzzle:
    """The Sudoku of the pencil-mark grid ``text``: kind ``sudoku`` when every cell has 1 or
    9 candidates, else ``variant`` with a :class:`Values` rule for each cell of 2-8.

    Raises:
        ParseError: other than 729 characters, a character other than its digit or ``.``, or
            a cell without candidates; the message names the cell and the character.
    """
    offset = len(text) - len(text.lstrip())
    chars = text.strip()
    width = _SIZE * _SIZE * _SIZE
    if len(chars) != width:
        raise ParseError(
            f"expected {width} pencil marks (9 per cell), found {len(chars)}", lineno, offset + 1
        )
    givens = [0] * _SIZE * _SIZE
    limits: list[Values] = []
    for cell in range(_SIZE * _SIZE):
        row, col = divmod(cell, _SIZE)
        marks = chars[cell * _SIZE : (cell + 1) * _SIZE]
        for value, ch in enumerate(marks, 1):
            if ch not in (".", str(value)):
                column = offset + cell * _SIZE + value
                raise ParseError(
                    f"expected {value} or '.' for r{row + 1}c{col + 1} at character {column},"
                    f" found {ch!r}",
                    lineno,
                    column,
                )
        values = tuple(v for v, ch in enumerate(marks, 1) if ch != ".")
        if not values:
            raise ParseError(
                f"r{row + 1}c{col + 1} has no candidates", lineno, offset + cell * _SIZE + 1
            )
        if len(values) == 1:
            givens[cell] = values[0]
        elif len(values) < _SIZE:
            limits.append(Values(cell, values))
    puzzle = sudoku(Geometry(3, 3), givens)
    if not limits:
        return puzzle
    return replace(puzzle, constraints=(*puzzle.constraints, *limits), kind="variant")
