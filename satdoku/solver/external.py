"""Answers of external SAT solvers: a model of the DIMACS CNF written for a puzzle, turned
back into a verified solution."""

from __future__ import annotations

from satdoku.encodings import DEFAULT_ENCODING, get_encoding
from satdoku.encodings.dimacs import parse_model
from satdoku.errors import UsageError, VerificationError
from satdoku.model import Puzzle
from satdoku.results import Solution, Stats
from satdoku.verify import check


def solution_from_model(
    puzzle: Puzzle, model_text: str, encoding: str = DEFAULT_ENCODING
) -> Solution | None:
    """The verified solution an external solver's model describes, or None when the solver
    answered UNSATISFIABLE. ``encoding`` must be the one the DIMACS file was written with:
    it fixes the variable numbering."""
    answer = parse_model(model_text)
    if answer.satisfiable is False:
        return None
    if answer.satisfiable is None:
        raise UsageError("the model file holds no answer (no literals, or status UNKNOWN)")
    enc = get_encoding(encoding)
    formula = enc.encode(puzzle)
    if any(abs(lit) > formula.nvars for lit in answer.literals):
        raise UsageError(
            f"the model names variables above {formula.nvars}, the number the {enc.spec}"
            " encoding of this puzzle has: was the CNF written with another encoding?"
        )
    grid = formula.decode(answer.assignment(formula.nvars))
    try:
        check(puzzle, grid)
    except VerificationError as err:
        raise VerificationError(
            f"the model does not solve the puzzle with the {enc.spec} encoding"
            f" (was the CNF written for another puzzle or encoding?): {err}"
        ) from None
    stats = Stats(
        encoding=enc.spec,
        backend="external",
        variables=formula.nvars,
        clauses=formula.nclauses,
        literals=formula.nliterals,
    )
    return Solution(puzzle, grid, stats)
