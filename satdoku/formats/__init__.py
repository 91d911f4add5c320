"""Reading puzzles from text and files, and writing grids back out as text or pictures.

The names are imported on first use, so that a module of this package (the output writer, a
kind's reader) loads only what it needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satdoku.lazy import lazy_names

if TYPE_CHECKING:
    from satdoku.formats.files import read_records
    from satdoku.formats.output import format_grid, format_line
    from satdoku.formats.puzzle import parse_puzzle
    from satdoku.formats.record import Record
    from satdoku.formats.svg import puzzle_svg
    from satdoku.formats.text import parse_line

_LAZY = {
    "read_records": "satdoku.formats.files",
    **dict.fromkeys(("format_grid", "format_line"), "satdoku.formats.output"),
    "parse_puzzle": "satdoku.formats.puzzle",
    "Record": "satdoku.formats.record",
    "puzzle_svg": "satdoku.formats.svg",
    "parse_line": "satdoku.formats.text",
}
"""Where each name of the package lives."""

__all__ = [
    "Record",
    "format_grid",
    "format_line",
    "parse_line",
    "parse_puzzle",
    "puzzle_svg",
    "read_records",
]


__getattr__, __dir__ = lazy_names(__name__, globals(), _LAZY)
