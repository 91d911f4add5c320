"""Kakuro: white cells take digits 1-9; each run (maximal row or column stretch of white
cells) has no repeated digit and adds up to its clue. Clue cells and blocks hold no digit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.constraints import AllDifferent, Sum
from satdoku.errors import ParseError
from satdoku.model import Constraint, Puzzle

BLOCK = "-"
"""A block as written."""
WHITE = ("0", ".")
"""A blank white cell as written: in the zero-half notation, otherwise."""


@dataclass(frozen=True)
class Clue:
    """A clue cell: the sum of the run below it and of the run to its right (None: no clue)."""

    down: int | None
    across: int | None


Token = Clue | int | None
"""A parsed cell: a clue, a white cell (its given digit, 0 when blank) or None (a block)."""


@dataclass(frozen=True)
class KakuroDrawing:
    """Draws a grid with its clue cells and blocks in the notation the puzzle was read in:
    ``-``, ``17\\``, ``\\30``, ``.`` for a blank; or, with ``zero_halves``, ``0\\0``,
    ``17\\0``, ``0\\30``, ``0`` for a blank."""

    tokens: tuple[tuple[Token, ...], ...]
    zero_halves: bool = False

    def draw(self, puzzle: Puzzle, grid: Sequence[int]) -> str:
        values = {pos: grid[i] for i, pos in enumerate(puzzle.positions)}
        texts = [
            [self.text(t, values.get((r, c), 0)) for c, t in enumerate(row)]
            for r, row in enumerate(self.tokens)
        ]
        width = max(len(t) for row in texts for t in row)
        return "\n".join(" ".join(t.rjust(width) for t in row).rstrip() for row in texts)

    def text(self, token: Token, value: int) -> str:
        """The text of one cell holding ``token`` (``value``: the digit of a white cell)."""
        none = "0" if self.zero_halves else ""
        if isinstance(token, Clue):
            down = none if token.down is None else str(token.down)
            across = none if token.across is None else str(token.across)
            return f"{down}\\{across}"
        if token is None:
            return "0\\0" if self.zero_halves else BLOCK
        return str(value) if value else WHITE[0] if self.zero_halves else WHITE[1]


def kakuro(
    tokens: Sequence[Sequence[Token]],
    linenos: Sequence[int] | None = None,
    columns: Sequence[Sequence[int]] | None = None,
    zero_halves: bool = False,
) -> Puzzle:
    """The Kakuro of a grid of parsed tokens; ``linenos`` and ``columns`` (1-based) say where
    each row and token was written, for error messages; ``zero_halves`` picks the notation
    its grids are drawn in."""
    nrows, ncols = len(tokens), len(tokens[0])
    line_of = list(linenos) if linenos else list(range(1, nrows + 1))

    def where(r: int, c: int) -> tuple[int, int | None]:
        return line_of[r], columns[r][c] if columns else None

    index: dict[tuple[int, int], int] = {}
    givens: list[int] = []
    for r, row in enumerate(tokens):
        for c, t in enumerate(row):
            if isinstance(t, int):
                index[(r, c)] = len(givens)
                givens.append(t)
    if not index:
        raise ParseError("a Kakuro needs white cells (0)", line_of[0])
    constraints: list[Constraint] = []
    for r, row in enumerate(tokens):
        for c, t in enumerate(row):
            for dr, dc, name in ((0, 1, "across"), (1, 0, "down")):
                before = tokens[r - dr][c - dc] if r - dr >= 0 and c - dc >= 0 else None
                if not isinstance(t, int) or isinstance(before, int):
                    if isinstance(t, Clue) and getattr(t, name) is not None:
                        nr, nc = r + dr, c + dc
                        if nr >= nrows or nc >= ncols or not isinstance(tokens[nr][nc], int):
                            raise ParseError(
                                f"the {name} clue at r{r + 1}c{c + 1} has no white cell after it",
                                *where(r, c),
                            )
                    continue
                run = _run(tokens, index, r, c, dr, dc)
                label = f"{name} run at r{r + 1}c{c + 1}"
                if len(run) > 1:
                    constraints.append(AllDifferent(run, label, "run"))
                total = getattr(before, name) if isinstance(before, Clue) else None
                if total is not None:
                    constraints.append(Sum(run, total, label, "run"))
    return Puzzle(
        values=9,
        positions=tuple(index),
        constraints=tuple(constraints),
        givens=tuple(givens),
        nrows=nrows,
        ncols=ncols,
        kind="kakuro",
        layout=KakuroDrawing(tuple(tuple(row) for row in tokens), zero_halves),
    )


def _run(
    tokens: Sequence[Sequence[Token]],
    index: dict[tuple[int, int], int],
    r: int,
    c: int,
    dr: int,
    dc: int,
) -> tuple[int, ...]:
    cells = []
    while r < len(tokens) and c < len(tokens[0]) and isinstance(tokens[r][c], int):
        cells.append(index[(r, c)])
        r, c = r + dr, c + dc
    return tuple(cells)
