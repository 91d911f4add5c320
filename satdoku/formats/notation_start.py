"""Telling the Interactive Sudoku Solver's other one-line notations apart (SudokuWiki killer
codes, its short killer, pencil-mark grids) without loading their readers: a reader of files
asks this of every line, and most runs read none of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satdoku.lazy import compiled

if TYPE_CHECKING:
    from satdoku.model import Puzzle

_KILLER_CODES = compiled(r"\s*3x3:d?:k:")
_ARROWS = frozenset("<>^v`',")
_SHORT_KILLER = compiled(r"\s*(?=[^<>^v`',]*[<>^v`',])[0-9A-Za-j<>^v`',.]{81}\s*")
_PENCILMARKS = compiled(r"\s*(?:[1.][2.][3.][4.][5.][6.][7.][8.][9.]){81}\s*")


def is_killer_codes(text: str) -> bool:
    """Whether ``text`` starts like SudokuWiki killer codes (``3x3::k:`` or ``3x3:d:k:``)."""
    return text.lstrip().startswith("3x3:") and _KILLER_CODES().match(text) is not None


def is_short_killer(text: str) -> bool:
    """Whether ``text`` is 81 characters of cage totals and arrows, one arrow at least."""
    return not _ARROWS.isdisjoint(text) and _SHORT_KILLER().fullmatch(text) is not None


def is_pencilmarks(text: str) -> bool:
    """Whether ``text`` is 81 cells of 9 pencil marks, each its digit or ``.``."""
    return len(text) >= 729 and _PENCILMARKS().fullmatch(text) is not None


def is_notation(text: str) -> bool:
    """Whether ``text`` is written in one of these notations."""
    return is_killer_codes(text) or is_short_killer(text) or is_pencilmarks(text)


def read_notation(text: str, lineno: int = 1) -> Puzzle:
    """The puzzle of ``text`` (one of these notations), its reader loaded when first met."""
    if is_killer_codes(text):
        from satdoku.formats.killer_codes import parse_killer_codes

        return parse_killer_codes(text, lineno)
    if is_short_killer(text):
        from satdoku.formats.short_killer import parse_short_killer

        return parse_short_killer(text, lineno)
    from satdoku.formats.pencilmarks import parse_pencilmarks

    return parse_pencilmarks(text, lineno)
