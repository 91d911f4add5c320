"""Read the short killer notation of the Interactive Sudoku Solver (ISS): 81 characters, one
per cell (row-major), such as ``S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^...``.

An arrow puts its cell in the cage of the neighbour it points to: ``<`` left, ``>`` right,
``^`` up, ``v`` down, a backquote up-left, ``'`` up-right, ``,`` down-left, ``.`` down-right.
Any other character is the cell the arrows lead to and gives its cage's total: ``0-9``, then
``A-Z`` for 10-35 and ``a-j`` for 36-45 (``0``: a cage without a total).
"""

from __future__ import annotations

import re

from satdoku.constraints.cage import Cage
from satdoku.errors import ParseError
from satdoku.formats.killer_codes import SIZE, cage_problem, cell_name, killer_puzzle
from satdoku.model import Puzzle

_STEPS = {
    "<": (0, -1),
    ">": (0, 1),
    "^": (-1, 0),
    "v": (1, 0),
    "`": (-1, -1),
    "'": (-1, 1),
    ",": (1, -1),
    ".": (1, 1),
}


def parse_short_killer(text: str, lineno: int = 1) -> Puzzle:
    """The killer (kind ``variant``) of the short killer notation ``text``.

    Raises:
        ParseError: other than 81 characters, a character that is neither an arrow nor a
            total, an arrow leaving the grid, arrows going round in a loop, a cage of more
            than 9 cells or a total its cells cannot make; the message names the cell.
    """
    offset = len(text) - len(text.lstrip())
    chars = text.strip()
    if len(chars) != SIZE * SIZE:
        raise ParseError(
            f"expected {SIZE * SIZE} characters of cage totals and arrows, found {len(chars)}",
            lineno,
            offset + 1,
        )
    target = [_target(cell, ch, lineno, offset + cell + 1) for cell, ch in enumerate(chars)]
    members: dict[int, list[int]] = {}
    for cell in range(len(chars)):
        root = cell
        for _ in range(SIZE * SIZE):
            if target[root] == root:
                break
            root = target[root]
        else:
            raise ParseError(
                f"the arrows from {cell_name(cell)} go round in a loop", lineno, offset + cell + 1
            )
        members.setdefault(root, []).append(cell)
    cages = []
    for root, cells in members.items():
        total = _total(chars[root])
        problem = cage_problem(len(cells), total)
        if problem:
            raise ParseError(
                f"the cage of {cell_name(root)} ({chars[root]!r}): {problem}",
                lineno,
                offset + root + 1,
            )
        cages.append(Cage(tuple(cells), total))
    return killer_puzzle(cages, diagonal=False)


def _target(cell: int, ch: str, lineno: int, column: int) -> int:
    """The cell ``ch`` at ``cell`` points to (``cell`` itself for a total)."""
    step = _STEPS.get(ch)
    if step is None:
        if not re.fullmatch(r"[0-9A-Za-j]", ch):
            raise ParseError(
                f"expected an arrow or a cage total (0-9, A-Z, a-j) for {cell_name(cell)}, "
                f"found {ch!r}",
                lineno,
                column,
            )
        return cell
    row, col = divmod(cell, SIZE)
    row, col = row + step[0], col + step[1]
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        raise ParseError(f"the arrow {ch!r} of {cell_name(cell)} leaves the grid", lineno, column)
    return row * SIZE + col


def _total(ch: str) -> int | None:
    """The cage total a character gives: 0-9, A-Z = 10-35, a-j = 36-45; None for 0."""
    if ch.isdigit():
        return int(ch) or None
    if ch.isupper():
        return ord(ch) - ord("A") + 10
    return ord(ch) - ord("a") + 36
