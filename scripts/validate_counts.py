"""Check satdoku's solution counts against published ones (``puzzle:count[:solution]`` files).

Every puzzle of each file is counted with ``--methods`` (python-sat tree search by default, and
CP-SAT); on files of more than 1,000 puzzles CP-SAT can be run on every N-th puzzle only
(``--cpsat-every``) since it is slower. Where a file gives the solution of a unique puzzle, the
solution ``uniqueness()`` finds must equal it.
Prints a markdown table (with the machine and the exact command) and every mismatch; exit
status 1 when anything disagrees.

    python scripts/validate_counts.py ../shared/data/special/tdoku_test_puzzles.txt \\
        ../shared/data/special/tdoku_serg_benchmark_counts.txt --cpsat-every 10
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from importlib.metadata import version
from pathlib import Path

from satdoku import count, parse_puzzle, uniqueness


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="puzzle:count[:solution] files")
    parser.add_argument("--methods", default="sat,cpsat", help="comma-separated (sat,cpsat,brute)")
    parser.add_argument(
        "--cpsat-every", type=int, default=1, help="CP-SAT on every N-th puzzle of big files"
    )
    parser.add_argument("--limit", type=int, help="only the first N puzzles of each file")
    args = parser.parse_args()
    print(f"command: `python {' '.join(sys.argv)}`  ")
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()},"
        f" python-sat {version('python-sat')}, ortools {version('ortools')}\n"
    )
    print("| file | method | puzzles | match | mismatch | solutions | total s | median ms |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    bad = 0
    notes = []
    for path in args.files:
        wrong, note = _check_solutions(path)
        bad += wrong
        notes += [note] if note else []
        rows = [line.split(":") for line in path.read_text().splitlines() if line.strip()]
        rows = rows[: args.limit]
        for method in args.methods.split(","):
            every = args.cpsat_every if method == "cpsat" and len(rows) > 1000 else 1
            sample = rows[::every]
            times, match, total = [], 0, 0
            for fields in sample:
                expected = int(fields[1])
                result = count(parse_puzzle(fields[0]), backend=None if method == "sat" else method)
                times.append(result.time)
                total += result.count
                if result.complete and result.count == expected:
                    match += 1
                else:
                    bad += 1
                    print(
                        f"MISMATCH {method} {fields[0]}: {result.count} != {expected}",
                        file=sys.stderr,
                    )
            times.sort()
            median = times[len(times) // 2] * 1000 if times else 0.0
            print(
                f"| {path.name} | {method} | {len(sample)} | {match} | {len(sample) - match} |"
                f" {total} | {sum(times):.1f} | {median:.1f} |",
                flush=True,
            )
    print("", *notes, sep="\n")
    return 1 if bad else 0


def _check_solutions(path: Path) -> tuple[int, str]:
    """Compare the solution of each unique puzzle that has one stored: (mismatches, a note)."""
    rows = [line.split(":") for line in path.read_text().splitlines() if line.strip()]
    stored = [f for f in rows if len(f) > 2 and f[1] == "1"]
    wrong = 0
    for puzzle, _, solution in stored:
        found = uniqueness(puzzle)
        if found.status != "unique" or found.solutions[0].line != solution:
            wrong += 1
            print(f"WRONG SOLUTION {puzzle}", file=sys.stderr)
    note = f"{path.name}: {len(stored) - wrong} of {len(stored)} stored solutions found"
    return wrong, note if stored else ""


if __name__ == "__main__":
    started = time.perf_counter()
    status = main()
    print(
        f"\n{'all counts match' if status == 0 else 'MISMATCHES (see stderr)'}"
        f" ({time.perf_counter() - started:.0f} s)"
    )
    sys.exit(status)
