"""Certify an answer of a uniqueness check: have the proof-logging solver refute the puzzle's
CNF without the solution found (or, for a puzzle without solution, its CNF alone), then check
its proof with the independent checker.

The answer is certified only when the checker verified the proof. With a ``prefix`` the two
files are kept as ``PREFIX.cnf`` and ``PREFIX.drat``, for anyone to check again (with
drat-trim: docs/proofs.md); without one they live in a temporary directory for the check.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

from satdoku.deadline import NEVER, Deadline, SolveTimeout
from satdoku.errors import UsageError, VerificationError
from satdoku.model import Grid, Puzzle
from satdoku.proof.checker import check_proof, compiled
from satdoku.proof.prover import PROVER, Proved, prove
from satdoku.proof.refutation import TITLE

Isolate = Callable[[Callable[[], Iterator[Proved]], Deadline, str], Iterator[Proved]]
"""Runs a prover in a child process killed at a deadline (:func:`satdoku.solver.guard.guarded`)."""


@dataclass(frozen=True)
class Certificate:
    """A checked proof, or why there is none. ``certified`` is True only after the checker
    verified the proof; ``proof_lines`` counts its lines (lemmas and deletions),
    ``prove_seconds`` the prover's time and ``check_seconds`` the checker's; ``formula`` and
    ``proof`` are the kept files (None without a prefix); ``message`` says what the checker
    found, or why no proof was checked."""

    certified: bool
    proof_lines: int = 0
    prove_seconds: float = 0.0
    check_seconds: float = 0.0
    encoding: str = ""
    variables: int = 0
    clauses: int = 0
    message: str = ""
    formula: str | None = None
    proof: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The fields as plain data."""
        return asdict(self)


def proof_files(prefix: str | os.PathLike[str]) -> tuple[str, str]:
    """The DIMACS and DRAT files of ``prefix``: ``PREFIX.cnf`` and ``PREFIX.drat``.

    Raises:
        UsageError: the prefix names no file (empty, or a directory), or one of the files
            exists and is not a certificate satdoku wrote (it may be an input: a formula or
            a puzzle), which is never written over.
    """
    text = os.fspath(prefix)
    if not text or text.endswith(("/", os.sep)) or os.path.isdir(text):
        raise UsageError(f"the proof prefix {text!r} names no file; give a path such as proofs/p1")
    formula, proof = f"{text}.cnf", f"{text}.drat"
    ours = _written_here(formula)
    for path in (formula, proof):
        if os.path.lexists(path) and not ours:
            raise UsageError(
                f"{path} exists and is not a certificate satdoku wrote; refusing to write over it"
            )
    return formula, proof


def _written_here(formula: str) -> bool:
    """Whether ``formula`` is a DIMACS file of a certificate (its first line says so)."""
    start = f"c {TITLE} ".encode()
    try:
        with open(formula, "rb") as handle:
            return handle.read(len(start)) == start
    except OSError:
        return False


def certify(
    puzzle: Puzzle,
    grid: Grid | None,
    *,
    encoding: str,
    deadline: Deadline = NEVER,
    prefix: str | os.PathLike[str] | None = None,
    isolate: Isolate | None = None,
) -> Certificate:
    """Prove and check that ``grid`` is the only solution of ``puzzle`` (None: that it has
    none), over the CNF of ``encoding``.

    Args:
        puzzle: the puzzle.
        grid: its verified solution, or None for a puzzle found to have none.
        encoding: a CNF encoding spec (without ``+native``).
        deadline: when the prover and the checker stop: past it the answer is not certified.
        prefix: keep the files as ``PREFIX.cnf`` and ``PREFIX.drat`` (written over).
        isolate: how the prover keeps a limited ``deadline`` (CaDiCaL cannot be interrupted):
            :func:`satdoku.solver.guard.guarded`; None: the prover runs here, and only the
            checker keeps the deadline.

    Raises:
        VerificationError: the prover finds a model: the answer does not hold for the CNF.
        UsageError: the prefix names no file or cannot be written, or the checker is not built.
    """
    compiled()  # refuse at once when the checker is not built
    if prefix is not None:
        formula, proof = proof_files(prefix)
        return _certified(puzzle, grid, encoding, deadline, isolate, formula, proof, True)
    with tempfile.TemporaryDirectory(prefix="satdoku-proof-") as folder:
        formula, proof = os.path.join(folder, "puzzle.cnf"), os.path.join(folder, "puzzle.drat")
        return _certified(puzzle, grid, encoding, deadline, isolate, formula, proof, False)


def _certified(
    puzzle: Puzzle,
    grid: Grid | None,
    encoding: str,
    deadline: Deadline,
    isolate: Isolate | None,
    formula: str,
    proof: str,
    keep: bool,
) -> Certificate:
    """:func:`certify` with the files' paths chosen; ``keep``: name them in the certificate."""
    run = partial(prove, puzzle, grid, encoding, formula, proof)
    done = False
    try:
        for path in (formula, proof):  # fail here, not in a child process
            open(path, "a").close()
        [proved] = isolate(run, deadline, PROVER) if isolate and deadline.limited else run()
        done = True
    except SolveTimeout:
        return Certificate(False, encoding=encoding, message="no proof within the time limit")
    except OSError as err:
        raise UsageError(f"cannot write the proof files: {err}") from None
    finally:
        if not done:  # no partial files left behind (a child killed at the deadline)
            for path in (formula, proof):
                with contextlib.suppress(OSError):
                    os.remove(path)
    if not proved.refuted:
        raise VerificationError(
            f"{PROVER} finds a model of the refutation: the answer does not hold for the"
            f" {encoding} encoding of the puzzle"
        )
    checked = check_proof(formula, proof, deadline.timeout())
    return Certificate(
        checked.verified,
        proved.lines,
        proved.seconds,
        checked.seconds,
        encoding,
        proved.variables,
        proved.clauses,
        checked.message,
        formula if keep else None,
        proof if keep else None,
    )
