"""One deduction: what a technique found and what it changes, in plain words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from satdoku.logic.grid import CandidateGrid

REPR_TEXT = 160
"""The longest description a step's repr shows."""


@dataclass(frozen=True)
class Step:
    """A technique applied once: the pattern (cells, digits, units), its placements
    ``(cell, value)`` and eliminations ``(cell, value)``, and a description for people.

    Attributes:
        technique: the technique's name.
        difficulty: its difficulty on the Sudoku Explainer scale.
        description: the step in words (``r2c2 = 6 (hidden single in box 1)``).
        cells: the cells of the pattern (0-based indexes; :meth:`name` gives ``r2c2``).
        digits: the values of the pattern.
        units: the names of the units of the pattern.
        placements: ``(cell, value)`` pairs the step places.
        eliminations: ``(cell, value)`` pairs the step removes from the candidates.
    """

    technique: str
    difficulty: float
    description: str
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    units: tuple[str, ...] = ()
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    names: tuple[str, ...] = field(default=(), repr=False, compare=False)
    """The puzzle's cell names, so that the step can name its cells on its own."""

    def __str__(self) -> str:
        return self.description

    def __repr__(self) -> str:
        text = self.description
        if len(text) > REPR_TEXT:
            text = text[: REPR_TEXT - 3] + "..."
        return (
            f"Step({self.technique!r}, {self.difficulty}, {text!r}, "
            f"{len(self.placements)} placed, {len(self.eliminations)} eliminated)"
        )

    def name(self, cell: int) -> str:
        """The name of ``cell`` (``r2c2``), or its index when the step has no names."""
        return self.names[cell] if self.names else str(cell)

    def applies_to(self, grid: CandidateGrid) -> bool:
        """True when the step still changes ``grid`` (used when several are applied at once)."""
        return any(grid.has(c, v) for c, v in self.placements) or any(
            grid.has(c, v) for c, v in self.eliminations
        )

    def apply(self, grid: CandidateGrid) -> None:
        """Make the step's eliminations and placements on ``grid`` (in place)."""
        for cell, value in self.eliminations:
            grid.eliminate(cell, value)
        for cell, value in self.placements:
            if grid.has(cell, value):
                grid.place(cell, value)

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON, cells by name."""
        return {
            "technique": self.technique,
            "difficulty": self.difficulty,
            "description": self.description,
            "cells": [self.name(c) for c in self.cells],
            "digits": list(self.digits),
            "units": list(self.units),
            "placements": [{"cell": self.name(c), "value": v} for c, v in self.placements],
            "eliminations": [{"cell": self.name(c), "value": v} for c, v in self.eliminations],
        }


def cell_list(names: Sequence[str], cells: Iterable[int]) -> str:
    """``r1c2, r1c5``."""
    return ", ".join(names[c] for c in cells)


def digit_list(digits: Iterable[int]) -> str:
    return ", ".join(map(str, digits))


def losses(names: Sequence[str], eliminations: Iterable[tuple[int, int]]) -> str:
    """Eliminations in words, cells grouped by the values they lose:
    ``r2c7, r2c8 lose 4; r5c1 loses 3, 8``."""
    by_cell: dict[int, list[int]] = {}
    for cell, value in eliminations:
        by_cell.setdefault(cell, []).append(value)
    groups: dict[tuple[int, ...], list[int]] = {}
    for cell in sorted(by_cell):
        groups.setdefault(tuple(sorted(by_cell[cell])), []).append(cell)
    parts = []
    for values, cells in groups.items():
        verb = "loses" if len(cells) == 1 else "lose"
        parts.append(f"{cell_list(names, cells)} {verb} {digit_list(values)}")
    return "; ".join(parts)
