"""The formula a certificate refutes: a puzzle's CNF, plus one clause that rules out its
solution.

When the puzzle's CNF with that clause has no model, no grid other than the solution
satisfies the puzzle's encoding: the solution is unique. Without a solution (``grid`` None),
the formula is the puzzle's CNF alone, and its refutation shows that the puzzle has none.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from satdoku.encodings import Formula, get_encoding
from satdoku.encodings.dimacs import dimacs_lines
from satdoku.errors import SatdokuError
from satdoku.model import Grid, Puzzle

TITLE = "satdoku:"
"""The first word of a certificate's DIMACS file, after ``c``: files that do not start so are
never written over."""


def refutation(puzzle: Puzzle, grid: Grid | None, encoding: str) -> Formula:
    """The CNF of ``puzzle`` in ``encoding`` (a spec without ``+native``), with, for a
    ``grid``, the clause "some blank cell holds another value than in ``grid``" last."""
    formula = get_encoding(encoding).encode(puzzle)
    if grid is not None:
        formula.clauses.append(blocking_clause(formula, puzzle, grid))
    return formula


def blocking_clause(formula: Formula, puzzle: Puzzle, grid: Grid) -> list[int]:
    """The clause over the blank cells' variables that only ``grid`` falsifies."""
    var = formula.varmap.var
    try:
        return [-var(cell, grid[cell]) for cell in puzzle.blanks]
    except KeyError as missing:
        cell, value = missing.args[0]
        raise SatdokuError(
            f"the encoding leaves no variable for {puzzle.cell_name(cell)} ="
            f" {puzzle.digit(value)}, a value of the solution"
        ) from None


def describe(puzzle: Puzzle, grid: Grid | None, encoding: str) -> list[str]:
    """The comment lines that head the DIMACS file: what the formula says."""
    size = f"{puzzle.nrows}x{puzzle.ncols} {puzzle.kind}"
    lines = [
        f"{TITLE} a {size} puzzle in the {encoding} encoding",
        "givens: " + " ".join(str(puzzle.digit(v) if v else 0) for v in puzzle.givens),
    ]
    if grid is None:
        lines.append("unsatisfiable when the puzzle has no solution")
    else:
        lines += [
            "solution: " + " ".join(str(puzzle.digit(v)) for v in grid),
            "the last clause rules out that solution: unsatisfiable when it is the only one",
        ]
    return lines


def write_formula(formula: Formula, path: str | os.PathLike[str], comments: Sequence[str]) -> None:
    """Write ``formula`` to ``path`` as DIMACS CNF, ``comments`` first."""
    with open(path, "w", encoding="ascii") as handle:
        for line in dimacs_lines(formula, comments):
            handle.write(line)
            handle.write("\n")
