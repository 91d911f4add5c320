"""Reading puzzles from text and files, and writing grids back out as text or pictures."""

from satdoku.formats.files import read_records
from satdoku.formats.output import format_grid, format_line
from satdoku.formats.puzzle import parse_puzzle
from satdoku.formats.record import Record
from satdoku.formats.text import parse_line

__all__ = [
    "Record",
    "format_grid",
    "format_line",
    "parse_line",
    "parse_puzzle",
    "puzzle_svg",
    "read_records",
]


def __getattr__(name: str) -> object:
    """``puzzle_svg``, imported when first asked for (drawing is seldom needed)."""
    if name == "puzzle_svg":
        from satdoku.formats.svg import puzzle_svg

        return puzzle_svg
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
