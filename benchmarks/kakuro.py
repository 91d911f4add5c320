"""Solve every Kakuro of a JSON Lines file with each method, check each solution against the
stored one, count solutions up to 2, and print a markdown table (docs/benchmarks.md).

    python benchmarks/kakuro.py ../shared/data/kakuro/janko_kakuro.jsonl \
        [--methods table,pb,cpsat] [--limit N] [--timeout S]

Methods: ``table`` = CNF ``extended+optimized`` with sums as digit-set tables (minisat22);
``pb`` = the same with sums as pseudo-Boolean constraints (pysat.pb); ``cpsat`` = CP-SAT
with linear sums. Times are per puzzle, for the whole "solve, block, solve again" run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import header

from satdoku.formats.kakuro import parse_json, solution_grid
from satdoku.solver import SolveTimeout, solutions

METHODS = {
    "table": ("minisat22", "extended+optimized"),
    "pb": ("minisat22", "extended+optimized+pb"),
    "cpsat": ("cpsat", "alldiff"),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a Kakuro JSON Lines file with solutions")
    parser.add_argument("--methods", default="table,pb,cpsat", help="comma-separated methods")
    parser.add_argument("--limit", type=int, help="only the first N puzzles")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle")
    args = parser.parse_args()
    entries = [json.loads(line) for line in args.file.read_text().splitlines() if line.strip()]
    entries = entries[: args.limit] if args.limit else entries
    print(header(sys.argv))
    rows = []
    for method in args.methods.split(","):
        backend, encoding = METHODS[method]
        times, matching, unique, several, unknown = [], 0, 0, [], []
        for lineno, entry in enumerate(entries, 1):
            puzzle = parse_json(json.dumps(entry), lineno)
            started = time.perf_counter()
            try:
                found = list(
                    solutions(
                        puzzle, backend=backend, encoding=encoding, limit=2, timeout=args.timeout
                    )
                )
            except SolveTimeout:
                unknown.append(entry["id"])
                continue
            times.append(time.perf_counter() - started)
            stored = solution_grid(entry["solution"])
            matching += any(s.grid == stored for s in found)
            if len(found) == 1:
                unique += 1
            elif len(found) > 1:
                diff = sum(a != b for a, b in zip(found[0].grid, found[1].grid, strict=True))
                several.append(f"{entry['id']} ({diff} cells differ)")
        rows.append(
            f"| {method} | {backend} {encoding} | {len(entries)} | {len(times)} | {matching} "
            f"| {unique} | {', '.join(several) or '-'} | {len(unknown)} "
            f"| {sum(times):.1f} | {statistics.median(times) * 1000:.1f} | {max(times):.2f} |"
        )
        print(f"<!-- {method} done -->", file=sys.stderr, flush=True)
    print(
        "| method | backend, encoding | puzzles | decided | match stored | unique "
        "| two or more solutions | unknown | total s | median ms | max s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
