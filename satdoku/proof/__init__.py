"""Uniqueness certificates that anyone can check: DRUP proofs over a puzzle's CNF.

A uniqueness answer is certified when a proof-logging SAT solver (CaDiCaL, :mod:`.prover`)
refutes the puzzle's CNF with one more clause that rules out the solution found
(:mod:`.refutation`), and satdoku's own checker (:mod:`.checker`, compiled from
``_rup.c``) verifies its proof line by line (:mod:`.certificate`). The proof is about the
CNF: whichever engine found the answer, the prover solves the question again from scratch.
docs/proofs.md shows how to check the files with drat-trim.

The names are imported on first use: ``satdoku unique`` without a proof loads none of them.
"""

from typing import TYPE_CHECKING

from satdoku.lazy import lazy_names

if TYPE_CHECKING:
    from satdoku.proof.certificate import Certificate, certify, proof_files
    from satdoku.proof.checker import Check, check_proof

_LAZY = {
    **dict.fromkeys(("Certificate", "certify", "proof_files"), "satdoku.proof.certificate"),
    **dict.fromkeys(("Check", "check_proof"), "satdoku.proof.checker"),
}
"""Where each name of the package lives."""

__getattr__, __dir__ = lazy_names(__name__, globals(), _LAZY)

__all__ = ["Certificate", "Check", "certify", "check_proof", "proof_files"]
