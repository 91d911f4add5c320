"""The proof-logging solver: CaDiCaL 1.9.5 (python-sat) solves a refutation from scratch and
writes the DRUP proof of its answer.

:func:`prove` writes the formula as DIMACS CNF and, when it has no model, the proof as text
DRAT, one lemma or deletion per line, ending with the empty clause. It yields its one result,
so that it can run in a child process killed at a deadline (CaDiCaL cannot be interrupted).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass

from satdoku.model import Grid, Puzzle
from satdoku.proof.refutation import describe, refutation, write_formula

PROVER = "cadical195"
"""The python-sat solver that logs the proofs."""
EMPTY = "0"
"""The empty clause, the last line of a proof."""
OPTIONS = {"stabilizeonly": 1}
"""CaDiCaL kept in its stable mode, as satdoku's big-grid default (docs/proofs.md)."""


@dataclass(frozen=True)
class Proved:
    """What the prover answered: ``refuted`` (no model: the proof ends with the empty clause),
    the proof's ``lines`` and the formula's size, with the seconds spent solving and writing
    the proof."""

    refuted: bool
    lines: int
    variables: int
    clauses: int
    seconds: float


def prove(
    puzzle: Puzzle,
    grid: Grid | None,
    encoding: str,
    formula_path: str | os.PathLike[str],
    proof_path: str | os.PathLike[str],
) -> Iterator[Proved]:
    """Encode the refutation of ``grid`` for ``puzzle`` (:mod:`satdoku.proof.refutation`),
    write it to ``formula_path``, solve it with :data:`PROVER` and write the proof to
    ``proof_path``, ending with the empty clause (which CaDiCaL leaves out when the formula
    holds it: givens that clash, or no blank cell); yield what it found."""
    from pysat.solvers import Solver

    formula = refutation(puzzle, grid, encoding)
    write_formula(formula, formula_path, describe(puzzle, grid, encoding))
    started = time.perf_counter()
    with Solver(name=PROVER, bootstrap_with=formula.clauses, with_proof=True) as solver:
        solver.configure(OPTIONS)
        satisfiable = solver.solve()
        lines = [] if satisfiable else solver.get_proof()
    if not satisfiable and (not lines or lines[-1] != EMPTY):
        lines.append(EMPTY)  # left out when the formula holds it already; checked all the same
    with open(proof_path, "w", encoding="ascii") as handle:
        for line in lines:
            handle.write(line)
            handle.write("\n")
    yield Proved(
        not satisfiable,
        len(lines),
        formula.nvars,
        len(formula.clauses),
        time.perf_counter() - started,
    )
