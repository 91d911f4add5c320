"""The rules a puzzle of each kind is made under, and the puzzle made from them: fixed units
for Sudoku, X-sudoku and windoku; random regions for jigsaw; for killer, the cages cut from
the solved grid with their sums (and no givens)."""

from __future__ import annotations

import random
import string
from collections.abc import Sequence

from satdoku.formats.output import format_line
from satdoku.generate.cages import Cages
from satdoku.generate.regions import random_regions
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.kinds.jigsaw import jigsaw
from satdoku.kinds.killer import killer
from satdoku.kinds.windoku import WINDOKU
from satdoku.kinds.xsudoku import X_SUDOKU
from satdoku.model import Puzzle

KINDS = ("sudoku", "x", "windoku", "jigsaw", "killer")
"""The kinds :func:`satdoku.generate.generate` makes."""
SYMBOLS = string.ascii_letters + string.digits
"""Region and cage labels, one character each while they last."""
MAX_JIGSAW = 35
"""The largest jigsaw made: its one-line text has one character per value (1-9, A-Z)."""


def fixed_rules(kind: str, geometry: Geometry) -> Puzzle | None:
    """The empty puzzle of ``kind`` when every puzzle of it has the same rules (None for
    jigsaw, whose regions are drawn for each puzzle)."""
    if kind == "jigsaw":
        return None
    blank = sudoku(geometry, [0] * geometry.ncells)
    if kind in ("sudoku", "killer"):
        return blank
    return {"x": X_SUDOKU, "windoku": WINDOKU}[kind].build(blank)


def jigsaw_rules(geometry: Geometry, rng: random.Random) -> Puzzle:
    """An empty jigsaw of ``geometry``'s size with random regions."""
    n = geometry.size
    region = random_regions(geometry, rng)
    rows = [[SYMBOLS[region[r * n + c]] for c in range(n)] for r in range(n)]
    return jigsaw(n, [0] * (n * n), rows, 0)


def killer_puzzle(geometry: Geometry, cages: Cages, grid: Sequence[int]) -> Puzzle:
    """The killer of ``cages`` over the solved ``grid``: each cage's sum, no givens."""
    n = geometry.size
    cages = sorted(cages, key=min)
    labels = [_label(k, len(cages)) for k in range(len(cages))]
    owner = {cell: labels[k] for k, cage in enumerate(cages) for cell in cage}
    rows = [[owner[r * n + c] for c in range(n)] for r in range(n)]
    sums = {labels[k]: sum(grid[cell] for cell in cage) for k, cage in enumerate(cages)}
    return killer(geometry, rows, sums, 0)


def _label(k: int, count: int) -> str:
    """Cage ``k``'s label: one character when the cages are few, else ``c1``, ``c2``, ..."""
    return SYMBOLS[k] if count <= len(SYMBOLS) else f"c{k + 1}"


def puzzle_text(puzzle: Puzzle) -> str:
    """The puzzle in a text format satdoku reads back (with ``--kind``)."""
    write = getattr(puzzle.layout, "text", None)
    return write(puzzle) if write is not None else format_line(puzzle, puzzle.givens)
