"""Benchmark: how fast the logic engine rates puzzles (``satdoku.logic.rate``).

For each file, every puzzle (or ``--max`` of them, evenly spread) is rated ``--repeat``
times; the table gives the median wall-clock and CPU time per pass, the median and 90th-percentile time per
puzzle (each puzzle's median over the passes), throughput, and the share needing search.
Reading and parsing are done once, before timing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import header

from satdoku.formats import read_records
from satdoku.logic import rate
from satdoku.model import Puzzle


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "files", nargs="+", type=Path, help="puzzle files (any format satdoku reads)"
    )
    parser.add_argument(
        "--max", type=int, default=0, help="at most this many puzzles per file, evenly spread"
    )
    parser.add_argument("--repeat", type=int, default=3, help="passes over each file (median)")
    args = parser.parse_args(argv)
    print(header(sys.argv))
    print(
        "| file | puzzles | pass (s, median) | CPU s per pass (median) | ms/puzzle (median) "
        "| ms/puzzle (p90) | puzzles/s | needs_search |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for path in args.files:
        puzzles = _load(path, args.max)
        passes: list[float] = []
        cpu: list[float] = []
        per_puzzle: list[list[float]] = [[] for _ in puzzles]
        stuck = 0
        for _ in range(args.repeat):
            started, cpu_started = time.perf_counter(), time.process_time()
            stuck = 0
            for i, puzzle in enumerate(puzzles):
                t0 = time.perf_counter()
                rating = rate(puzzle)
                per_puzzle[i].append(time.perf_counter() - t0)
                stuck += not rating.solved
            passes.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
        each = sorted(statistics.median(times) * 1000 for times in per_puzzle)
        total = statistics.median(passes)
        n = len(puzzles)
        print(
            f"| {path.name} | {n} | {total:.2f} | {statistics.median(cpu):.2f} "
            f"| {statistics.median(each):.2f} "
            f"| {each[int(0.9 * (n - 1))]:.2f} | {n / total:.0f} | {100 * stuck / n:.1f}% |"
        )


def _load(path: Path, most: int) -> list[Puzzle]:
    with open(path) as handle:
        count = sum(1 for line in handle if line.strip())
    step = max(1, count // most) if most else 1
    with open(path) as handle:
        records = islice(read_records(handle), 0, None, step)
        return [r.puzzle for r in islice(records, most or None) if r.puzzle is not None]


if __name__ == "__main__":
    main()
