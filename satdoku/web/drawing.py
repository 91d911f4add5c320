"""What the page needs to draw a puzzle and to mark it: the picture of ``--format svg``, where
its cells are in that picture, its units, its rules and the candidates its givens leave."""

from __future__ import annotations

from satdoku.errors import SatdokuError, UsageError
from satdoku.formats.kinds import get_kind
from satdoku.formats.output import format_line
from satdoku.formats.records import OutputRecord
from satdoku.formats.svg import puzzle_svg, scale, symbol
from satdoku.geometry import Geometry
from satdoku.model import Constraint, Puzzle

MAX_DRAWN = 2500
"""Cells of the largest puzzle the page draws (50x50); larger ones are answered as text."""
PLAIN = frozenset({"row", "column", "box"})
"""The families every Sudoku has: not listed among a puzzle's rules."""


def drawing(puzzle: Puzzle) -> OutputRecord:
    """The picture of ``puzzle`` (``svg``, as ``satdoku solve --format svg`` draws it with
    its givens only) and the numbers to draw on it: the pixel size of a ``cell``, the
    ``margin`` (the grid's top-left corner is at (margin, margin) in the picture's
    coordinates; clues outside the grid widen the picture beyond that) and the font size of
    a digit (``digit_size``), as the picture uses them; each cell's place (``cells``: row,
    column) and name, the ``givens``, the ``units`` (name and cells), the ``rules`` beyond
    rows, columns and boxes (:func:`rules`) and the ``candidates`` of each cell (None for
    puzzles with a rule that is not an all-different unit: the logic engine reads only those).
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
        "rules": rules(puzzle),
        "candidates": _candidates(puzzle),
        "line": line,
        "editable": _reads_back(puzzle, line),
    }


def picture_scale(puzzle: Puzzle) -> tuple[int, float, float]:
    """The pixels of a cell, of the margin and of a digit's font in ``puzzle_svg(puzzle)``."""
    cell, margin, size = scale(puzzle)
    return cell, round(margin, 2), round(size, 2)


def rules(puzzle: Puzzle) -> list[dict[str, object]]:
    """The families of ``puzzle``'s rules other than rows, columns and boxes, in the order
    met: how many groups of cells each constrains (``count``: a killer cage's sum and its
    all-different are one) and whether its rules are all-different units and nothing more
    (``unit``: the logic engine and the page's clash marks read them whole)."""
    groups: dict[str, set[frozenset[int]]] = {}
    units: dict[str, bool] = {}
    for constraint in puzzle.constraints:
        family = constraint.family
        if family not in PLAIN:
            groups.setdefault(family, set()).add(frozenset(constraint.cells))
            units[family] = units.get(family, True) and _unit(constraint, puzzle.values)
    return [{"family": f, "count": len(g), "unit": units[f]} for f, g in groups.items()]


def _unit(constraint: Constraint, size: int) -> bool:
    """Whether ``constraint`` only says that its cells differ (a cage with a total says more)."""
    return constraint.distinct and constraint.needs(size) in ("unit", "partial-unit")


def _candidates(puzzle: Puzzle) -> list[list[int]] | None:
    """The candidates the logic engine starts from, or None when a rule is not a unit."""
    from satdoku.logic.grid import CandidateGrid
    from satdoku.logic.layout import values_of

    if not all(_unit(c, puzzle.values) for c in puzzle.constraints):
        return None
    try:
        grid = CandidateGrid.of(puzzle)
    except UsageError:  # a rule the logic engine does not read
        return None
    return [values_of(mask) for mask in grid.cands]


def _reads_back(puzzle: Puzzle, line: str) -> bool:
    """Whether ``line`` (the givens in one line) is read as ``puzzle`` by its kind."""
    geometry: Geometry | None = puzzle.geometry
    try:
        return get_kind(puzzle.kind).parse(line, geometry, "auto") == puzzle
    except SatdokuError:
        return False
