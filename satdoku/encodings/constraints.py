"""Clauses for constraint types other than AllDifferent, by type: the classic encodings look a
constraint's type up here, so a new constraint type is one function and one registry line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from satdoku.encodings.formula import Formula
from satdoku.encodings.sums import encode_sum
from satdoku.errors import UsageError
from satdoku.model import Puzzle, Sum

ConstraintEncoder = Callable[[Formula, Puzzle, Any, Sequence[Sequence[int]], str], None]
"""(formula, puzzle, constraint, candidates per cell, sum method) -> adds clauses."""

CONSTRAINT_ENCODERS: dict[type, ConstraintEncoder] = {
    Sum: encode_sum,
}


def encode_constraint(
    formula: Formula,
    puzzle: Puzzle,
    constraint: object,
    candidates: Sequence[Sequence[int]],
    sums: str,
) -> None:
    """Add the clauses of ``constraint`` by the encoder registered for its type."""
    encoder = CONSTRAINT_ENCODERS.get(type(constraint))
    if encoder is None:
        raise UsageError(f"no CNF encoding for {type(constraint).__name__} constraints")
    encoder(formula, puzzle, constraint, candidates, sums)
