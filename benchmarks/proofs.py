"""Uniqueness certificates: for each puzzle of each file, check uniqueness with the default
engine, have CaDiCaL refute the puzzle's CNF without its solution with proof logging, check
the proof with satdoku's checker and, with --drat-trim, with drat-trim too; print a markdown
table of proof sizes and times per file (docs/benchmarks.md, "Uniqueness certificates").

    python benchmarks/proofs.py FILE... [--first N] [--lines 3,7] [--timeout S]
        [--drat-trim PATH] [--each]

A FILE holds puzzles one per line, read by satdoku.formats.puzzle.parse_puzzle; write it
KIND=FILE for another kind than Sudoku (kakuro=../shared/data/kakuro/janko_kakuro.jsonl), or
iss=FILE for a collection of ISS puzzles as JSON lines (iss=../shared/data/variants/
iss_puzzles.jsonl): the entries satdoku reads, as scripts/check_iss.py reads them, named by
their line and name; the entries not read are counted under the table.
Columns: puzzles, certified answers (unique or no solution), those not certified (several
solutions, or out of time: status unknown), then medians and maxima of the proof's lines (lemmas and
deletions), of the seconds of the proof-logging solve (the proof written included), of the
check and, with --drat-trim, of drat-trim's check (backward, whole process) with how many
proofs it verified. --each adds a row per puzzle.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from check_iss import is_read, read
from machine import header

from satdoku.errors import ParseError
from satdoku.formats.puzzle import parse_puzzle
from satdoku.model import Puzzle
from satdoku.proof import proof_files
from satdoku.solver import uniqueness


@dataclass
class Row:
    """One puzzle's certificate."""

    line: str
    status: str
    certified: bool
    lines: int = 0
    search: float = 0.0
    prove: float = 0.0
    check: float = 0.0
    trim: float | None = None
    trim_verified: bool = False


def drat_trim(program: str, prefix: Path, timeout: float) -> tuple[float, bool]:
    """drat-trim's seconds (the whole process) and whether it said ``s VERIFIED``."""
    formula, proof = proof_files(prefix)
    started = time.perf_counter()
    try:
        run = subprocess.run(
            [program, formula, proof, "-t", str(int(timeout))],
            capture_output=True,
            text=True,
            timeout=timeout + 5,
        )
    except subprocess.TimeoutExpired:
        return time.perf_counter() - started, False
    return time.perf_counter() - started, "s VERIFIED" in run.stdout.splitlines()


def read_file(path: Path, kind: str | None) -> tuple[list[tuple[str, Puzzle]], int]:
    """The puzzles of ``path``, each with its line (and name, of an ISS entry), and how many
    ISS entries were not read."""
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    if kind != "iss":
        return [(str(n), parse_puzzle(text, kind=kind)) for n, text in enumerate(lines, 1)], 0
    puzzles = []
    for number, line in enumerate(lines, 1):
        entry = json.loads(line)
        try:
            if is_read(entry["iss"]):
                puzzles.append((f"{number} {entry['name'] or '(no name)'}", read(entry["iss"])))
        except ParseError:
            pass
    return puzzles, len(lines) - len(puzzles)


def certify_file(puzzles: list[tuple[str, Puzzle]], args: argparse.Namespace) -> list[Row]:
    """A row per puzzle."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        prefix = Path(folder) / "proof"
        chosen = puzzles[: args.first]
        if args.lines:
            chosen = [(label, p) for label, p in chosen if int(label.split()[0]) in args.lines]
        for label, puzzle in chosen:
            checked = uniqueness(puzzle, proof=prefix, timeout=args.timeout)
            row = Row(label, str(checked.status), checked.certified, search=checked.time)
            certificate = checked.certificate
            if certificate is not None:
                row.lines = certificate.proof_lines
                row.prove = certificate.prove_seconds
                row.check = certificate.check_seconds
                if args.drat_trim and certificate.proof is not None:
                    row.trim, row.trim_verified = drat_trim(args.drat_trim, prefix, args.timeout)
            rows.append(row)
            print(f"<!-- {label}: {row} -->", file=sys.stderr, flush=True)
    return rows


def spread(values: list[float], form: str) -> str:
    """``median / max`` of ``values`` in ``form``, or a dash."""
    if not values:
        return "-"
    return f"{format(statistics.median(values), form)} / {format(max(values), form)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "files",
        nargs="+",
        help="puzzle files, KIND=FILE for other kinds, iss=FILE for ISS JSON lines",
    )
    parser.add_argument("--first", type=int, help="only the first N puzzles of each file")
    parser.add_argument(
        "--lines",
        type=lambda text: {int(n) for n in text.split(",")},
        help="only the puzzles of these lines, as 3,7 (of the file's lines that hold one)",
    )
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per puzzle")
    parser.add_argument("--drat-trim", help="the drat-trim program, to check each proof again")
    parser.add_argument("--each", action="store_true", help="a row per puzzle too")
    args = parser.parse_args()
    print(header(sys.argv))
    trim = args.drat_trim is not None
    titles = ["file", "puzzles", "certified", "not certified", "proof lines", "prove s", "check s"]
    titles += ["drat-trim s", "drat-trim verified"] if trim else []
    table = [f"| {' | '.join(titles)} |", "|---|" + "---:|" * (len(titles) - 1)]
    each, notes = [], []
    for spec in args.files:
        kind, _, name = spec.rpartition("=")
        puzzles, unread = read_file(Path(name), kind or None)
        rows = certify_file(puzzles, args)
        if unread:
            notes.append(f"{Path(name).name}: {unread} entries not read")
        done = [r for r in rows if r.certified]
        others = ", ".join(f"{r.line} {r.status}" for r in rows if not r.certified) or "-"
        cells = [
            Path(name).name,
            str(len(rows)),
            str(len(done)),
            others,
            spread([r.lines for r in done], ",.0f"),
            spread([r.prove for r in done], ".3f"),
            spread([r.check for r in done], ".3f"),
        ]
        timed = [r.trim for r in done if r.trim is not None]
        if trim:
            cells += [spread(timed, ".3f"), f"{sum(r.trim_verified for r in done)}"]
        table.append(f"| {' | '.join(cells)} |")
        each += [
            f"| {Path(name).name} | {r.line} | {r.status} | {r.certified} | {r.lines:,}"
            f" | {r.search:.2f} | {r.prove:.2f} | {r.check:.3f}"
            + (f" | {r.trim:.3f} | {r.trim_verified}" if r.trim is not None else "")
            + " |"
            for r in rows
        ]
    print("\n".join(table))
    if notes:
        print("\n" + "  \n".join(notes))
    if args.each:
        titles = ["file", "line", "status", "certified", "proof lines", "search s", "prove s"]
        titles += ["check s"] + (["drat-trim s", "drat-trim verified"] if trim else [])
        print(f"\n| {' | '.join(titles)} |\n|---|" + "---:|" * (len(titles) - 1))
        print("\n".join(each))
    return 0


if __name__ == "__main__":
    sys.exit(main())
