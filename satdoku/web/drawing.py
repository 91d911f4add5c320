"""What the page needs to draw a puzzle and to mark it: the picture of ``--format svg``, where
its cells are in that picture, its units and the candidates its givens leave."""

from __future__ import annotations

from satdoku.errors import SatdokuError, UsageError
from satdoku.formats.kinds import get_kind
from satdoku.formats.output import format_line
from satdoku.formats.records import OutputRecord
from satdoku.formats.svg import puzzle_svg, scale, symbol
from satdoku.geometry import Geometry
from satdoku.model import Puzzle

MAX_DRAWN = 2500
"""Cells of the largest puzzle the page draws (50x50); larger ones are answered as text."""


def drawing(puzzle: Puzzle) -> OutputRecord:
    """The picture of ``puzzle`` (``svg``, as ``satdoku solve --format svg`` draws it with
    its givens only) and the numbers to draw on it: the pixel size of a ``cell``, the
    ``margin`` (the grid's top-left corner is at (margin, margin) in the picture's
    coordinates; clues outside the grid widen the picture beyond that) and the font size of
    a digit (``digit_size``), as the picture uses them; each cell's place (``cells``: row,
    column) and name, the ``givens``, the ``units`` (name and cells) and the ``candidates``
    of each cell (None for puzzles with sums, which the logic engine does not handle).
    ``line`` is the givens as one line, and ``editable`` says whether that line reads back
    as the same puzzle (then a grid typed on the page can be sent as one line).

    Raises:
        UsageError: the puzzle has more than :data:`MAX_DRAWN` cells.
    """
    if puzzle.ncells > MAX_DRAWN:
        raise UsageError(
            f"the page draws puzzles of up to {MAX_DRAWN} cells, this one has"
            f" {puzzle.ncells}; the API answers it (POST /api/solve)"
        )
    cell, margin, digit_size = picture_scale(puzzle)
    line = format_line(puzzle, puzzle.givens)
    return {
        "kind": puzzle.kind,
        "size": puzzle.values,
        "rows": puzzle.nrows,
        "cols": puzzle.ncols,
        "box": None if puzzle.geometry is None else str(puzzle.geometry),
        "svg": puzzle_svg(puzzle),
        "cell": cell,
        "margin": margin,
        "digit_size": digit_size,
        "symbols": [symbol(puzzle, v) for v in range(1, puzzle.values + 1)],
        "cells": [list(p) for p in puzzle.positions],
        "names": [puzzle.cell_name(i) for i in range(puzzle.ncells)],
        "givens": list(puzzle.givens),
        "units": [{"name": u.name, "cells": list(u.cells)} for u in puzzle.units],
        "candidates": _candidates(puzzle),
        "line": line,
        "editable": _reads_back(puzzle, line),
    }


def picture_scale(puzzle: Puzzle) -> tuple[int, float, float]:
    """The pixels of a cell, of the margin and of a digit's font in ``puzzle_svg(puzzle)``."""
    cell, margin, size = scale(puzzle)
    return cell, round(margin, 2), round(size, 2)


def _candidates(puzzle: Puzzle) -> list[list[int]] | None:
    from satdoku.logic.grid import CandidateGrid, values_of

    try:
        grid = CandidateGrid.of(puzzle)
    except UsageError:  # sums: the logic engine does not read them
        return None
    return [values_of(mask) for mask in grid.cands]


def _reads_back(puzzle: Puzzle, line: str) -> bool:
    """Whether ``line`` (the givens in one line) is read as ``puzzle`` by its kind."""
    geometry: Geometry | None = puzzle.geometry
    try:
        return get_kind(puzzle.kind).parse(line, geometry, "auto") == puzzle
    except SatdokuError:
        return False
