"""Telling an ISS constraint string from other puzzle text, without loading the reader: a
reader of files asks this of every line, and most runs read no ISS string at all."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satdoku.lazy import compiled

if TYPE_CHECKING:
    from satdoku.model import Puzzle

_START = compiled(r"\s*(?:\.\s*)+(?:~|[A-Za-z]\w*\s*~|[A-Z]\w*[a-z]\w*\s*(?:\.|$))")


def is_iss(text: str) -> bool:
    """Whether ``text`` starts like an ISS string: ``.`` (empty items aside) and a known item
    shape (a given ``.~R1C1_5``, ``.Type~``, or a rule without arguments such as
    ``.NoBoxes``); no other puzzle text has ``.~``, so a malformed given is still ISS."""
    return text.lstrip().startswith(".") and _START().match(text) is not None


def read_iss(text: str, lineno: int = 1) -> Puzzle:
    """:func:`satdoku.formats.iss.parse_iss`, its reader loaded on the first ISS string."""
    from satdoku.formats.iss import parse_iss

    return parse_iss(text, lineno)
