"""Reading puzzles from text and files, and writing grids back out as text or pictures.

The names are imported on first use, so that a module of this package (the output writer, a
kind's reader) loads only what it needs."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

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


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, with those imported on first use."""
    return sorted({*globals(), *_LAZY})
