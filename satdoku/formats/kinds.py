"""Puzzle kinds by name: each kind's reader (a :class:`Kind`) lives in a reader module of
:mod:`satdoku.formats`, and ``KINDS`` names it. Adding a kind is its composition in
:mod:`satdoku.kinds`, its reader here in formats and one line in ``KINDS`` (see
docs/adding-a-puzzle.md).

    from satdoku.formats.kinds import get_kind
    kakuro = get_kind("kakuro")
    puzzle = kakuro.parse(text)
"""

from __future__ import annotations

import importlib

from satdoku.errors import UsageError
from satdoku.formats.kind import Kind

KINDS = {
    "sudoku": "satdoku.formats.classic:SUDOKU",
    "x": "satdoku.formats.variants:X",
    "windoku": "satdoku.formats.variants:WINDOKU",
    "jigsaw": "satdoku.formats.jigsaw:KIND",
    "killer": "satdoku.formats.killer:KIND",
    "kakuro": "satdoku.formats.kakuro:KIND",
    "centredot": "satdoku.formats.variants:CENTREDOT",
    "variant": "satdoku.formats.iss:KIND",
}
"""Kind name -> ``module:name`` of its :class:`Kind` (the module is imported on first use)."""

ALIASES = {"x-sudoku": "x", "xsudoku": "x", "diagonal": "x", "hyper": "windoku"}


def get_kind(name: str) -> Kind:
    """The kind called ``name`` (or one of its aliases, e.g. ``hyper`` for ``windoku``)."""
    key = ALIASES.get(name.lower(), name.lower())
    if key not in KINDS:
        raise UsageError(f"unknown puzzle kind {name!r}; choose from {', '.join(KINDS)}")
    module, attribute = KINDS[key].split(":")
    kind: Kind = getattr(importlib.import_module(module), attribute)
    return kind


__all__ = ["KINDS", "Kind", "get_kind"]
