"""Check a DRUP proof against a DIMACS formula, with satdoku's own compiled checker.

The checker (``satdoku/proof/_rup.c``) shares no code with any SAT solver: it reads the two
files as anyone else would, and accepts the proof only when every lemma follows from the
formula and the lemmas before it by unit propagation and the empty clause is reached
(deletions honoured, except those of the reasons of literals fixed at the top level, which
drat-trim ignores too). RAT lemmas are refused: the proofs of CaDiCaL, MiniSat and Glucose on
these formulas have none. The same files can be checked by drat-trim: docs/proofs.md.
"""

from __future__ import annotations

import importlib
import os
import time
from dataclasses import dataclass
from types import ModuleType

from satdoku.errors import UsageError

try:
    _rup: ModuleType | None = importlib.import_module("satdoku.proof._rup")
except ImportError:  # built without a C compiler
    _rup = None

VERIFIED = "verified"
FAILED = "failed"
INVALID = "invalid"
TIMEOUT = "timeout"

Path = str | os.PathLike[str]


@dataclass(frozen=True)
class Check:
    """What the checker found: ``verdict`` is ``verified``, ``failed`` (a lemma does not
    follow, or the proof never reaches the empty clause), ``invalid`` (a file is not DIMACS
    CNF or text DRAT) or ``timeout``; ``lemmas`` and ``deletions`` count the proof lines read,
    ``ignored`` the deletions not carried out, ``line`` is the proof line reached and
    ``message`` says what happened there."""

    verdict: str
    lemmas: int
    deletions: int
    ignored: int
    line: int
    message: str
    seconds: float

    @property
    def verified(self) -> bool:
        return self.verdict == VERIFIED


def compiled() -> ModuleType:
    """The compiled checker; :class:`UsageError` when it is not built."""
    if _rup is None:
        raise UsageError(
            "the proof checker is not built (satdoku/proof/_rup.c needs a C compiler at"
            " install time); reinstall satdoku where one is present"
        )
    return _rup


def check_proof(formula: Path, proof: Path, seconds: float | None = None) -> Check:
    """Check the text DRUP ``proof`` against the DIMACS CNF ``formula`` (two file paths),
    within ``seconds`` (None: no limit).

    Raises:
        UsageError: the checker is not built.
        OSError: a file cannot be read.
    """
    check = compiled().check
    started = time.perf_counter()
    limit = -1.0 if seconds is None else max(0.0, seconds)
    verdict, lemmas, deletions, ignored, line, message = check(formula, proof, limit)
    return Check(verdict, lemmas, deletions, ignored, line, message, time.perf_counter() - started)
