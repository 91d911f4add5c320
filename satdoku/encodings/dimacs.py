"""DIMACS CNF out, solver models in: so that any external SAT solver can solve a puzzle.

The CNF carries comment lines naming the encoding, the puzzle and, for every cell variable,
its cell and value (``c var 12 1 2 3``: variable 12 is "row 1, column 2 holds 3"; 1-based).
Native cardinality constraints (``+native``) are not CNF: they are written only in Minicard's
``p cnf+`` format (lines ``l1 l2 ... <= k``) when asked for, and refused otherwise.

Models are read in the usual forms: SAT-competition output (``s SATISFIABLE`` then ``v ...``
lines ending in 0), MiniSat's result file (``SAT`` then the literals), or plain literals.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from satdoku.encodings.formula import Formula
from satdoku.errors import ParseError, UsageError

SAT_WORDS = {"SATISFIABLE": True, "SAT": True, "UNSATISFIABLE": False, "UNSAT": False}
UNKNOWN_WORDS = {"UNKNOWN", "INDETERMINATE", "TIMEOUT"}


def dimacs_lines(
    formula: Formula, comments: Sequence[str] = (), cnf_plus: bool = False
) -> Iterator[str]:
    """The lines (without newlines) of ``formula`` in DIMACS CNF, comments first. Raises at
    once (not when iterated) if the formula has native constraints and ``cnf_plus`` is off."""
    if formula.atmosts and not cnf_plus:
        raise UsageError(
            "native cardinality constraints cannot be written as plain DIMACS CNF;"
            " drop +native, use another at-most-one method, or write the CNF+ format (--cnf-plus)"
        )
    return _lines(formula, comments)


def _lines(formula: Formula, comments: Sequence[str]) -> Iterator[str]:
    for comment in comments:
        yield f"c {comment}".rstrip()
    varmap = formula.varmap
    positions = varmap.puzzle.positions
    yield "c var ID ROW COL VALUE: variable ID true means the cell at ROW, COL holds VALUE"
    for cell, values in enumerate(varmap.candidates):
        row, col = positions[cell]
        for value in values:
            yield f"c var {varmap.var(cell, value)} {row + 1} {col + 1} {value}"
    if formula.nvars > varmap.nvars:
        yield f"c variables {varmap.nvars + 1}..{formula.nvars} are auxiliary"
    kind = "cnf+" if formula.atmosts else "cnf"
    yield f"p {kind} {formula.nvars} {formula.nclauses}"
    for clause in formula.clauses:
        yield " ".join(map(str, (*clause, 0)))
    for lits, bound in formula.atmosts:
        yield " ".join(map(str, lits)) + f" <= {bound}"


@dataclass(frozen=True)
class ExternalModel:
    """What an external solver answered: ``satisfiable`` (None when it did not say or gave
    up) and the literals of its model."""

    satisfiable: bool | None
    literals: tuple[int, ...]

    def assignment(self, nvars: int) -> list[int]:
        """A full model for variables 1..``nvars`` (those the solver left out are false)."""
        true = {lit for lit in self.literals if lit > 0}
        return [v if v in true else -v for v in range(1, nvars + 1)]


def parse_model(text: str) -> ExternalModel:
    """Read a solver's answer; a ``ParseError`` names the line and column of anything else."""
    satisfiable: bool | None = None
    said_unknown = False
    literals: list[int] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        words = raw.split()
        if not words or words[0] == "c":
            continue
        if words[0] == "s" or (len(words) == 1 and words[0].upper() in SAT_WORDS):
            answer = " ".join(words[1:] if words[0] == "s" else words).upper()
            if answer in SAT_WORDS:
                satisfiable = SAT_WORDS[answer]
            elif answer in UNKNOWN_WORDS:
                said_unknown = True
            else:
                raise ParseError(f"unknown solver status {answer!r}", lineno, 1)
            continue
        start = 1 if words[0] == "v" else 0
        column = raw.index(words[start]) + 1 if len(words) > start else 1
        for word in words[start:]:
            try:
                literals.append(int(word))
            except ValueError:
                raise ParseError(
                    f"expected a literal (an integer) in the model, found {word!r}",
                    lineno,
                    raw.index(word, column - 1) + 1,
                ) from None
    literals = [lit for lit in literals if lit != 0]
    if satisfiable is None and literals and not said_unknown:
        satisfiable = True
    return ExternalModel(satisfiable, tuple(literals))
