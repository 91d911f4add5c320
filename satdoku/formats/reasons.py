"""A reason (:func:`satdoku.why`) as a picture: the puzzle with the cell explained shaded
(its forced digit written in), the givens of the reason shaded and its rules outlined."""

from __future__ import annotations

from satdoku.formats.svg import puzzle_svg
from satdoku.formats.svg_highlight import Highlight
from satdoku.model import Puzzle
from satdoku.reasons import Reason


def reason_svg(puzzle: Puzzle, reason: Reason) -> str:
    """The SVG document of ``puzzle`` picturing ``reason``."""
    grid = None
    if reason.found and reason.digit is not None:
        grid = [0] * puzzle.ncells
        grid[reason.index] = reason.digit - puzzle.first + 1
    highlight = Highlight(reason.index, reason.given_cells, reason.rule_cells)
    return puzzle_svg(puzzle, grid, highlight)
