"""Read SudokuWiki killer codes, as the Interactive Sudoku Solver (ISS) reads them:
``3x3::k:6150:6150:6401:...:`` (a killer) or ``3x3:d:k:...:`` (a killer X: both diagonals
also all different).

After ``k:`` come 81 numbers, one per cell (row-major), each ``total * 256 + cage``, and a
final ``:`` (may be left out): cells of one cage number form a cage with that total; a cell
whose total is 0 is in no cage.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from satdoku.constraints.cage import Cage
from satdoku.errors import ParseError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku_units
from satdoku.kinds.xsudoku import diagonals
from satdoku.model import Puzzle

SIZE = 9
"""The side of the grid of these notations (they write 9x9 killers only)."""
_START = re.compile(r"\s*3x3:d?:k:")
_CODES = 81


def parse_killer_codes(text: str, lineno: int = 1) -> Puzzle:
    """The killer (kind ``variant``) of SudokuWiki killer codes ``text``.

    Raises:
        ParseError: a start other than ``3x3::k:`` or ``3x3:d:k:``, other than 81 numbers,
            a part that is not a number, a cage number with two totals, a cage of more than
            9 cells or a total its cells cannot make; the message names the cell.
    """
    start = _START.match(text)
    if start is None:
        raise ParseError("expected killer codes starting with 3x3::k: or 3x3:d:k:", lineno, 1)
    body = text.rstrip()
    parts = body[start.end() :].split(":")
    if parts[-1] == "":
        parts.pop()
    if len(parts) != _CODES:
        raise ParseError(
            f"expected {_CODES} cage codes after k:, found {len(parts)}", lineno, start.end() + 1
        )
    members: dict[int, list[int]] = {}
    totals: dict[int, int] = {}
    columns: list[int] = []
    column = start.end() + 1
    for cell, part in enumerate(parts):
        columns.append(column)
        place = f"{cell_name(cell)} (character {column})"
        if not (part.isascii() and part.isdigit() and len(part) <= 9):
            raise ParseError(
                f"expected a cage code (total * 256 + cage number) for {place}, found {part!r}",
                lineno,
                column,
            )
        total, cage = divmod(int(part), 256)
        if total:
            if totals.setdefault(cage, total) != total:
                raise ParseError(
                    f"cage {cage} has total {total} at {place} but {totals[cage]} before",
                    lineno,
                    column,
                )
            members.setdefault(cage, []).append(cell)
        column += len(part) + 1
    cages = []
    for cage, cells in members.items():
        problem = cage_problem(len(cells), totals[cage])
        if problem:
            raise ParseError(
                f"cage {cage} from {cell_name(cells[0])}: {problem}", lineno, columns[cells[0]]
            )
        cages.append(Cage(tuple(cells), totals[cage]))
    return killer_puzzle(cages, "d" in start.group())


def cell_name(cell: int) -> str:
    """``r1c1`` for cell 0 of the grid."""
    row, col = divmod(cell, SIZE)
    return f"r{row + 1}c{col + 1}"


def cage_problem(size: int, total: int | None) -> str | None:
    """Why a cage of ``size`` cells cannot have ``total`` (None: no total); None when it can."""
    if size > SIZE:
        return f"{size} cells cannot differ in 1-{SIZE}"
    low, high = size * (size + 1) // 2, size * (2 * SIZE + 1 - size) // 2
    if total is not None and not low <= total <= high:
        return f"total {total} is out of range {low}-{high} for {size} cell{'s' * (size > 1)}"
    return None


def killer_puzzle(cages: Sequence[Cage], diagonal: bool) -> Puzzle:
    """The 9x9 Sudoku with ``cages`` (and both diagonals all different when ``diagonal``)."""
    geometry = Geometry(3, 3)
    units = sudoku_units(geometry) + (diagonals(geometry) if diagonal else ())
    return Puzzle(
        values=SIZE,
        positions=tuple(divmod(cell, SIZE) for cell in range(SIZE * SIZE)),
        constraints=(*units, *cages),
        givens=(0,) * SIZE * SIZE,
        nrows=SIZE,
        ncols=SIZE,
        kind="variant",
        geometry=geometry,
    )
