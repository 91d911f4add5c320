"""What the logic functions accept as a puzzle: a :class:`Puzzle`, or its text."""

from __future__ import annotations

from satdoku.formats.text import parse_puzzle
from satdoku.geometry import Geometry
from satdoku.model import Puzzle


def as_puzzle(puzzle: Puzzle | str, box: Geometry | str | None = None) -> Puzzle:
    """``puzzle`` as it is, or parsed from its text.

    Args:
        puzzle: a :class:`Puzzle`, or text that :func:`satdoku.parse_puzzle` reads.
        box: the box shape of the text (a :class:`Geometry` or ``"2x3"``), needed when the
            size is not a square number; ignored for a :class:`Puzzle`.

    Returns:
        The puzzle.

    Raises:
        ParseError: the text does not parse.
        UsageError: ``box`` is not a box shape.
        TypeError: ``puzzle`` is neither a :class:`Puzzle` nor a string.
    """
    if isinstance(puzzle, Puzzle):
        return puzzle
    if not isinstance(puzzle, str):
        raise TypeError(f"expected a Puzzle or its text, got {type(puzzle).__name__}")
    geometry = Geometry.parse(box) if isinstance(box, str) else box
    return parse_puzzle(puzzle, geometry)
