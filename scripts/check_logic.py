"""Check the logic engine against the SAT solver over whole puzzle files.

For every puzzle (or ``--max`` of them, evenly spread), every placement and elimination of
its logical solve must agree with the unique solution the SAT side finds, and a solved grid
must equal it. Prints one line per file and the first few disagreements; exit status 1 if any.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import islice
from pathlib import Path

from satdoku.formats import read_records
from satdoku.logic import explain
from satdoku.solver import solutions
from satdoku.status import Status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="puzzle files with unique solutions")
    parser.add_argument("--max", type=int, default=0, help="at most this many per file (0: all)")
    args = parser.parse_args(argv)
    print(f"Command: `python {' '.join(sys.argv)}`")
    bad = 0
    for path in args.files:
        with open(path) as handle:
            total = sum(1 for line in handle if line.strip())
        step = max(1, total // args.max) if args.max else 1
        started = time.perf_counter()
        statuses: Counter[str] = Counter()
        checked = 0
        with open(path) as handle:
            for record in islice(islice(read_records(handle), 0, None, step), args.max or None):
                if record.puzzle is None:
                    continue
                found = [s.grid for s in solutions(record.puzzle, limit=2)]
                if len(found) != 1:
                    statuses["skipped (not unique)"] += 1
                    continue
                answer = found[0]
                explanation = explain(record.puzzle)
                statuses[explanation.status.value] += 1
                checked += 1
                for s in explanation.steps:
                    wrong = [(c, v) for c, v in s.placements if answer[c] != v]
                    wrong += [(c, v) for c, v in s.eliminations if answer[c] == v]
                    if wrong:
                        bad += 1
                        print(f"  {path.name} line {record.line}: wrong step: {s}")
                if explanation.solved and tuple(explanation.grid.values) != answer:
                    bad += 1
                    print(f"  {path.name} line {record.line}: solved grid differs")
                if explanation.status is Status.NO_SOLUTION:
                    bad += 1
                    print(f"  {path.name} line {record.line}: contradiction on a unique puzzle")
        print(
            f"{path.name}: {checked} puzzles checked in {time.perf_counter() - started:.0f} s, "
            f"{dict(statuses)}"
        )
    print(f"disagreements: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
