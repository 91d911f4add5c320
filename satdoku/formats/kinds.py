"""Puzzle kinds by name: each reader module holds one kind's text format, and ``KINDS``
names them. Adding a kind is one module with a ``KIND`` and one line here (see
docs/adding-a-puzzle.md).

    from satdoku.formats.kinds import get_kind
    kakuro = get_kind("kakuro")
    puzzle = kakuro.parse(text)
"""

from __future__ import annotations

import importlib

from satdoku.errors import UsageError
from satdoku.kinds.base import Kind

KINDS = {
    "sudoku": "satdoku.kinds.sudoku",
    "x": "satdoku.kinds.xsudoku",
    "windoku": "satdoku.kinds.windoku",
    "jigsaw": "satdoku.kinds.jigsaw",
    "killer": "satdoku.kinds.killer",
    "kakuro": "satdoku.kinds.kakuro",
    "centredot": "satdoku.kinds.centredot",
}
"""Kind name -> module holding its ``KIND`` (imported on first use)."""

ALIASES = {"x-sudoku": "x", "xsudoku": "x", "diagonal": "x", "hyper": "windoku"}


def get_kind(name: str) -> Kind:
    """The kind called ``name`` (or one of its aliases, e.g. ``hyper`` for ``windoku``)."""
    key = ALIASES.get(name.lower(), name.lower())
    if key not in KINDS:
        raise UsageError(f"unknown puzzle kind {name!r}; choose from {', '.join(KINDS)}")
    kind: Kind = importlib.import_module(KINDS[key]).KIND
    return kind


__all__ = ["KINDS", "Kind", "get_kind"]
