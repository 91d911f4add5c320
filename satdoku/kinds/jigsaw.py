"""Jigsaw Sudoku: N x N, rows and columns as usual, and N irregular regions of N cells (given
by a region map) instead of boxes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.constraints import AllDifferent
from satdoku.errors import ParseError
from satdoku.kinds.regions import draw_regions
from satdoku.model import Puzzle


@dataclass(frozen=True)
class JigsawDrawing:
    """Draws the grid with borders around the regions."""

    regions: tuple[tuple[str, ...], ...]

    def draw(self, puzzle: Puzzle, grid: Sequence[int]) -> str:
        n = len(self.regions)
        texts = {pos: str(grid[i]) if grid[i] else "." for i, pos in enumerate(puzzle.positions)}
        return draw_regions(n, n, texts, lambda r, c: self.regions[r][c])

    def text(self, puzzle: Puzzle) -> str:
        """The puzzle in the one-line format :mod:`satdoku.formats.jigsaw` reads: the givens
        (one character each: ``1-9`` then ``A-Z``, ``.`` blank), a space, the region
        symbols."""
        givens = "".join(_base36(v) if v else "." for v in puzzle.givens)
        return givens + " " + "".join("".join(row) for row in self.regions)


def _base36(value: int) -> str:
    return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[value]


def jigsaw(n: int, givens: Sequence[int], regions: Sequence[Sequence[str]], lineno: int) -> Puzzle:
    """The jigsaw puzzle of ``givens`` (row-major) and a region map (``regions[r][c]``);
    a map that is not N regions of N cells raises :class:`ParseError` at ``lineno``."""
    members: dict[str, list[int]] = {}
    for r, row in enumerate(regions):
        for c, symbol in enumerate(row):
            members.setdefault(symbol, []).append(r * n + c)
    wrong = [f"{s!r} has {len(cells)}" for s, cells in members.items() if len(cells) != n]
    if len(members) != n or wrong:
        raise ParseError(
            f"expected {n} regions of {n} cells each, found {len(members)} regions"
            + (f" ({', '.join(wrong[:3])} cells)" if wrong else ""),
            lineno,
        )
    rows = tuple(
        AllDifferent(tuple(r * n + c for c in range(n)), f"row {r + 1}", "row") for r in range(n)
    )
    cols = tuple(
        AllDifferent(tuple(r * n + c for r in range(n)), f"column {c + 1}", "column")
        for c in range(n)
    )
    areas = tuple(
        AllDifferent(tuple(cells), f"region {s}", "region") for s, cells in members.items()
    )
    return Puzzle(
        values=n,
        positions=tuple((r, c) for r in range(n) for c in range(n)),
        constraints=rows + cols + areas,
        givens=tuple(givens),
        nrows=n,
        ncols=n,
        kind="jigsaw",
        layout=JigsawDrawing(tuple(tuple(row) for row in regions)),
    )
