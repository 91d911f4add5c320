"""Uniqueness certificates: the proof is made, written and checked, and a broken proof is not.

The compiled checker is held against a plain forward RUP checker written here (occurrence
lists, no watches, no deletions): on proofs without deletions the two must give the same
verdict at the same line, on corrupted proofs too.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from satdoku.deadline import Deadline
from satdoku.errors import UsageError, VerificationError
from satdoku.formats.iss import parse_iss
from satdoku.formats.puzzle import as_puzzle
from satdoku.model import Puzzle
from satdoku.proof import certify, check_proof, proof_files
from satdoku.proof.checker import _rup
from satdoku.solver import solve, uniqueness
from satdoku.solver.guard import guarded
from satdoku.status import Status
from tests.cli import satdoku
from tests.conftest import DATA, data_lines, shared_file

pytestmark = pytest.mark.skipif(_rup is None, reason="the proof checker (_rup.c) is not built")

HARD = data_lines("norvig_hardest.txt")[0]
SMALL = {
    "4x4": ("....3...1..4...2", None),
    "6x6": ("13...25..4...1....3......635..2.....", "2x3"),
}
TWO_SOLUTIONS = "12..34.........."
ISS = {
    json.loads(line)["name"]: json.loads(line)
    for line in (DATA / "iss_pictures.jsonl").read_text().splitlines()
}


def certified(puzzle: Puzzle, **options: Any) -> None:
    """Assert that ``puzzle`` is unique and certified, with a proof of some lines."""
    checked = uniqueness(puzzle, certify=True, **options)
    assert checked.status is Status.UNIQUE
    assert checked.certified, checked.certificate
    assert checked.certificate is not None and checked.certificate.proof_lines >= 1


def test_a_hard_9x9_is_certified() -> None:
    certified(as_puzzle(HARD))


@pytest.mark.parametrize("size", sorted(SMALL))
def test_small_grids_are_certified(size: str) -> None:
    text, box = SMALL[size]
    certified(as_puzzle(text, box))


@pytest.mark.parametrize("name", ["Thermo", "Killer"])
def test_variants_are_certified(name: str) -> None:
    entry = ISS[name]
    puzzle = parse_iss(entry["iss"])
    certified(puzzle, timeout=120)


def test_forum_hardest_is_certified_whatever_searched() -> None:
    path = shared_file("9x9/tdoku_forum_hardest_1905_11plus.txt")
    with path.open() as handle:
        puzzle = as_puzzle(handle.readline().strip())
    certified(puzzle, backend="cpsat")


def test_a_puzzle_without_solution_is_certified() -> None:
    checked = uniqueness(as_puzzle("11" + "." * 79), certify=True)
    assert checked.status is Status.NO_SOLUTION and checked.certified


def test_a_puzzle_with_two_solutions_is_never_certified() -> None:
    puzzle = as_puzzle(TWO_SOLUTIONS)
    checked = uniqueness(puzzle, certify=True)
    assert checked.status is Status.MULTIPLE
    assert not checked.certified and checked.certificate is None
    with pytest.raises(VerificationError, match="finds a model"):
        certify(puzzle, checked.solutions[0].grid, encoding="extended")


def test_files_are_written_with_a_right_header(tmp_path: Path) -> None:
    puzzle = as_puzzle(HARD)
    prefix = tmp_path / "hard"
    checked = uniqueness(puzzle, proof=prefix)
    certificate = checked.certificate
    assert certificate is not None and certificate.certified
    assert (certificate.formula, certificate.proof) == proof_files(prefix)
    cnf = Path(certificate.formula).read_text().splitlines()
    header = [line for line in cnf if line.startswith("p ")]
    assert header == [f"p cnf {certificate.variables} {certificate.clauses}"]
    clauses = [[int(x) for x in line.split()] for line in cnf if line[0] not in "cp"]
    assert len(clauses) == certificate.clauses and all(c[-1] == 0 for c in clauses)
    assert max(abs(lit) for c in clauses for lit in c) <= certificate.variables
    cell_of = {}
    for line in cnf:
        if line.startswith("c var ") and line[6].isdigit():
            var, row, col, value = map(int, line.split()[2:])
            cell_of[var] = ((row - 1) * 9 + col - 1, value)
    solution = checked.solutions[0].grid
    blocking = sorted(cell_of[-lit] for lit in clauses[-1][:-1])
    assert blocking == [(cell, solution[cell]) for cell in puzzle.blanks]
    proof = Path(certificate.proof).read_text().splitlines()
    assert len(proof) == certificate.proof_lines and proof[-1] == "0"


def test_a_prefix_that_names_no_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="names no file"):
        uniqueness(as_puzzle(HARD), proof=tmp_path)
    with pytest.raises(UsageError, match="cannot write"):
        uniqueness(as_puzzle(HARD), proof=tmp_path / "missing" / "p")


@pytest.mark.parametrize("suffix", [".cnf", ".drat"])
def test_files_satdoku_did_not_write_are_never_written_over(tmp_path: Path, suffix: str) -> None:
    prefix = tmp_path / "puzzle"
    mine = uniqueness(as_puzzle(HARD), proof=prefix).certificate
    assert mine is not None and mine.certified
    again = uniqueness(as_puzzle(HARD), proof=prefix).certificate  # its own files: written over
    assert again is not None and again.certified
    other = tmp_path / "input"
    kept = f"{HARD}\n"
    Path(f"{other}{suffix}").write_text(kept)
    with pytest.raises(UsageError, match="not a certificate satdoku wrote"):
        uniqueness(as_puzzle(HARD), proof=other)
    assert Path(f"{other}{suffix}").read_text() == kept


def test_no_certificate_past_the_deadline(tmp_path: Path) -> None:
    puzzle = as_puzzle(HARD)
    solution = solve(puzzle)
    assert solution is not None
    prefix = tmp_path / "late"
    late = certify(
        puzzle,
        solution.grid,
        encoding="extended",
        deadline=Deadline.after(0),
        prefix=prefix,
        isolate=guarded,
    )
    assert not late.certified and "time limit" in late.message
    assert not any(Path(p).exists() for p in proof_files(prefix))


@pytest.fixture(scope="module")
def hard_proof(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """The hard 9x9's formula file and its proof's lines."""
    prefix = tmp_path_factory.mktemp("proof") / "hard"
    certificate = uniqueness(as_puzzle(HARD), proof=prefix).certificate
    assert certificate is not None and certificate.certified
    formula, proof = proof_files(prefix)
    return Path(formula), Path(proof).read_text().splitlines()


def checked(formula: Path, lines: list[str], tmp_path: Path) -> tuple[str, int]:
    """The compiled checker's verdict on ``lines`` as a proof of ``formula``, and its line."""
    path = tmp_path / "proof.drat"
    path.write_text("".join(line + "\n" for line in lines))
    result = check_proof(formula, path)
    return result.verdict, result.line


def test_the_proof_without_its_empty_clause_is_rejected(
    hard_proof: tuple[Path, list[str]], tmp_path: Path
) -> None:
    formula, lines = hard_proof
    assert lines[-1] == "0"
    path = tmp_path / "cut.drat"
    path.write_text("".join(line + "\n" for line in lines[:-1]))
    result = check_proof(formula, path)
    assert result.verdict == "failed" and "without the empty clause" in result.message


def test_a_lemma_removed_or_changed_is_rejected(
    hard_proof: tuple[Path, list[str]], tmp_path: Path
) -> None:
    formula, lines = hard_proof
    lemmas = [i for i, line in enumerate(lines) if line != "0" and not line.startswith("d")]
    clauses = formula_clauses(formula)
    removed = next(
        lines[:i] + lines[i + 1 :]
        for i in reversed(lemmas)
        if not reference(clauses, lines[:i] + lines[i + 1 :])[0]
    )
    assert checked(formula, removed, tmp_path)[0] == "failed"
    first = lines[lemmas[0]].split()
    changed = [*lines]
    changed[lemmas[0]] = " ".join([str(-int(first[0])), *first[1:]])
    assert not reference(clauses, changed)[0]
    assert checked(formula, changed, tmp_path) == ("failed", lemmas[0] + 1)


def test_the_checker_agrees_with_a_plain_one(
    hard_proof: tuple[Path, list[str]], tmp_path: Path
) -> None:
    formula, lines = hard_proof
    clauses = formula_clauses(formula)
    nvars = max(abs(lit) for clause in clauses for lit in clause)
    plain = [line for line in lines if not line.startswith("d")]
    rng = random.Random(7)
    verdicts = set()
    for n in range(24):
        broken = [*plain]
        at = rng.randrange(len(broken) - 1)
        words = broken[at].split()[:-1]
        if n % 3 == 0:
            del broken[at]
        elif n % 3 == 1:
            k = rng.randrange(len(words))
            words[k] = str(-int(words[k]))
            broken[at] = " ".join([*words, "0"])
        else:
            made = [rng.choice((-1, 1)) * v for v in rng.sample(range(1, nvars + 1), len(words))]
            broken[at] = " ".join(map(str, [*made, 0]))
        ok, line = reference(clauses, broken)
        assert checked(formula, broken, tmp_path) == ("verified" if ok else "failed", line)
        verdicts.add(ok)
    assert verdicts == {True, False}


def test_bad_files_are_invalid(tmp_path: Path) -> None:
    formula, proof = tmp_path / "f.cnf", tmp_path / "p.drat"
    proof.write_text("0\n")
    for text, message in [
        ("1 2 0\n", "no 'p cnf"),
        ("p cnf 2 2\n1 2 0\n", "has 1 clauses, not 2"),
        ("p cnf 2 1\n1 3 0\n", "variable 3 past"),
        ("p cnf 2 1\n1 x 0\n", "unexpected character 'x'"),
    ]:
        formula.write_text(text)
        result = check_proof(formula, proof)
        assert result.verdict == "invalid" and message in result.message, result
    formula.write_text("p cnf 1 2\n1 0\n-1 0\n")
    proof.write_bytes(b"a\x02\x00")
    assert check_proof(formula, proof).verdict == "invalid"
    proof.write_text("-1 9 0\n0\n")
    result = check_proof(formula, proof)
    assert result.verdict == "invalid" and "proof line 1: variable 9 past" in result.message
    proof.write_text("0\n")
    assert check_proof(formula, proof).verified
    with pytest.raises(OSError):
        check_proof(formula, tmp_path / "absent.drat")


def formula_clauses(path: Path) -> list[list[int]]:
    """The clauses of a DIMACS file."""
    return [
        [int(x) for x in line.split()[:-1]]
        for line in path.read_text().splitlines()
        if line and line[0] not in "cp"
    ]


def reference(formula: list[list[int]], proof: list[str]) -> tuple[bool, int]:
    """A plain forward RUP check of ``proof`` (deletions ignored): (verified, the line where
    it stopped: the empty clause reached, or the first lemma that does not follow)."""
    clauses: list[list[int]] = []
    occurs: dict[int, list[int]] = {}
    top: dict[int, bool] = {}

    def value(lit: int, assigned: dict[int, bool]) -> bool | None:
        held = assigned.get(abs(lit))
        return None if held is None else held == (lit > 0)

    def unassigned(clause: list[int], assigned: dict[int, bool]) -> list[int] | None:
        """The open literals of ``clause``, or None when it is satisfied."""
        if any(value(lit, assigned) for lit in clause):
            return None
        return [lit for lit in clause if value(lit, assigned) is None]

    def propagate(assigned: dict[int, bool], queue: list[int]) -> bool:
        """Propagate the literals of ``queue`` (already set); True on a conflict."""
        while queue:
            falsified = -queue.pop()
            for index in occurs.get(falsified, ()):
                open_ = unassigned(clauses[index], assigned)
                if open_ == []:
                    return True
                if open_ is not None and len(open_) == 1:
                    assigned[abs(open_[0])] = open_[0] > 0
                    queue.append(open_[0])
        return False

    def add(clause: list[int]) -> bool:
        """Add ``clause`` at the top level; True when the top level has a conflict."""
        clauses.append(clause)
        for lit in clause:
            occurs.setdefault(lit, []).append(len(clauses) - 1)
        open_ = unassigned(clause, top)
        if open_ == []:
            return True
        if open_ is not None and len(open_) == 1:
            top[abs(open_[0])] = open_[0] > 0
            return propagate(top, [open_[0]])
        return False

    inconsistent = any([add(sorted(set(c))) for c in formula])
    for number, line in enumerate(proof, 1):
        words = line.split()
        if words[0] == "d":
            continue
        lemma = sorted({int(x) for x in words[:-1]})
        if not inconsistent:
            trial = dict(top)
            queue = []
            for lit in lemma:
                if value(lit, trial) is None:
                    trial[abs(lit)] = lit < 0
                    queue.append(-lit)
            if not any(value(lit, top) for lit in lemma) and not propagate(trial, queue):
                return False, number
            inconsistent = add(lemma)
        if not lemma:
            return True, number
    return False, len(proof)


def test_the_command_line_certifies_and_keeps_the_files(tmp_path):
    prefix = tmp_path / "hardest"
    ran = satdoku("unique", HARD, "--proof", str(prefix), "--format", "json")
    record = json.loads(ran.out)
    assert ran.status == 0 and record["status"] == "unique" and record["certified"] is True
    assert record["proof_lines"] > 0 and record["formula"] == f"{prefix}.cnf"
    assert Path(f"{prefix}.cnf").read_text().splitlines()[0].startswith("c satdoku")
    several = satdoku("unique", TWO_SOLUTIONS, "--certify", "--format", "json")
    assert json.loads(several.out)["certified"] is False
