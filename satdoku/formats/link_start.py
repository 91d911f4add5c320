"""Telling an f-puzzles or SudokuPad link from other puzzle text, without loading its reader:
a reader of files asks this of every line, and most runs read no link at all."""

from __future__ import annotations

import re

from satdoku.lazy import compiled

HOST = compiled(
    r"(?:https?://)?(?:[\w-]+\.)*(?:f-puzzles\.com|sudokupad\.app|sudokupad\.svencodes\.com"
    r"|crackingthecryptic\.com)(?:[/?#]\S*)?",
    re.IGNORECASE,
)
"""A link to a puzzle of f-puzzles or SudokuPad."""


def is_link(text: str) -> bool:
    """Whether ``text`` is an f-puzzles or SudokuPad link, or f-puzzles JSON text."""
    stripped = text.strip()
    if stripped.startswith("{"):
        return '"size"' in stripped and '"grid"' in stripped
    return HOST().fullmatch(stripped) is not None
