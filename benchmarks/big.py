"""Big Sudoku: solve each puzzle, then block its solution and solve again ("solve, block,
solve again", satdoku.solver.solutions with limit=2), verify every solution, and print a
markdown table (docs/benchmarks.md).

    python benchmarks/big.py FILE... [--configs default,minisat22:extended+singles,...]
        [--timeout S] [--limit N]

Each FILE holds puzzles one per line (comma-separated values, as ../shared/data/25x25 and
../shared/data/larger). A config is BACKEND:ENCODING (ENCODING a CNF spec, or the CP-SAT
model with backend cpsat; BACKEND may carry a CaDiCaL option set: cadical195+stable), or
``default`` (the default): neither given, so satdoku chooses by grid size
(satdoku.solver.defaults). Status: ``unique``, ``2+`` (the cells where the two solutions
found differ follow), ``none``, or ``unknown`` when --timeout seconds (per puzzle, encoding
included) ran out. Columns: seconds encoding, to the first solution (encoding included) and
in total (wall clock), and the CPU seconds of the whole run (this process and the solver's
child process): on a shared machine the CPU seconds move less with the load than the wall
clock. Conflicts: the solver's, to the last solution found (``-`` when none was). Peak MB:
the largest resident set of this process or of a finished child process
so far (it only grows from one row to the next).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import header

from satdoku.formats import read_records
from satdoku.solver import SolveTimeout, solutions
from satdoku.verify import check


def cpu_seconds() -> float:
    """CPU seconds (user and system) of this process and its finished children."""
    return sum(
        usage.ru_utime + usage.ru_stime
        for usage in (
            resource.getrusage(resource.RUSAGE_SELF),
            resource.getrusage(resource.RUSAGE_CHILDREN),
        )
    )


def peak_megabytes() -> float:
    """The largest resident set (MB) of this process and of its finished children so far."""
    return max(
        resource.getrusage(who).ru_maxrss / 1024
        for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )


def run(
    puzzle, backend: str | None, encoding: str | None, timeout: float | None
) -> tuple[str, float, float, float, str]:  # type: ignore[no-untyped-def]
    """(status, total seconds, encoding seconds, seconds to the first solution, conflicts)."""
    started = time.perf_counter()
    try:
        found = list(
            solutions(puzzle, backend=backend, encoding=encoding, limit=2, timeout=timeout)
        )
    except SolveTimeout:
        return "unknown", time.perf_counter() - started, float("nan"), float("nan"), "-"
    elapsed = time.perf_counter() - started
    for solution in found:
        check(
            puzzle, solution.grid
        )  # solutions() checked them already; this is the benchmark's own
    encode = found[0].stats.encode_time if found else float("nan")
    first = encode + found[0].stats.solve_time if found else float("nan")
    conflicts = f"{found[-1].stats.conflicts:,}" if found else "-"
    if not found:
        return "none", elapsed, encode, first, conflicts
    if len(found) == 1:
        return "unique", elapsed, encode, first, conflicts
    cells = [
        puzzle.cell_name(i)
        for i, (a, b) in enumerate(zip(*(s.grid for s in found), strict=False))
        if a != b
    ]
    shown = " ".join(cells[:8]) + (" ..." if len(cells) > 8 else "")
    return f"2+ ({len(cells)} cells differ: {shown})", elapsed, encode, first, conflicts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="puzzle files")
    parser.add_argument(
        "--configs",
        default="default",
        help="comma-separated BACKEND:ENCODING or default (default: default)",
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--limit", type=int, help="only the first N puzzles of each file")
    args = parser.parse_args()
    print(header(sys.argv))
    print(f"Load average at the start: {os.getloadavg()[0]:.1f}")
    print()
    print(
        "| file | # | N | clues | config | status | encode s | 1st s | total s | CPU s"
        " | conflicts | peak MB |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    totals: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    for path in args.files:
        with path.open() as handle:
            records = list(read_records(handle))[: args.limit]
        for index, record in enumerate(records, 1):
            assert record.puzzle is not None, record.error
            puzzle = record.puzzle
            for config in args.configs.split(","):
                backend, encoding = config.split(":", 1) if config != "default" else (None, None)
                cpu = cpu_seconds()
                status, elapsed, encode, first, conflicts = run(
                    puzzle, backend, encoding, args.timeout
                )
                cpu = cpu_seconds() - cpu
                totals.setdefault(config, []).append(elapsed)
                cpus.setdefault(config, []).append(cpu)
                print(
                    f"| {path.name} | {index} | {puzzle.values} | {puzzle.nclues} | {config} "
                    f"| {status} | {encode:.2f} | {first:.2f} | {elapsed:.2f} | {cpu:.2f} "
                    f"| {conflicts} | {peak_megabytes():.0f} |",
                    flush=True,
                )
    print()
    for config, times in totals.items():
        print(
            f"- {config}: median {statistics.median(times):.2f} s, max {max(times):.2f} s,"
            f" total {sum(times):.1f} s over {len(times)} puzzles; CPU median"
            f" {statistics.median(cpus[config]):.2f} s, max {max(cpus[config]):.2f} s,"
            f" total {sum(cpus[config]):.1f} s"
        )
    print(f"- load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
