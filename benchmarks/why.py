"""Time ``satdoku.why`` on one blank cell of each puzzle of a file (the cell chosen by a
seeded random draw), and print a markdown table of the times per cell (docs/benchmarks.md).

    python benchmarks/why.py ../shared/data/9x9/tdoku_forum_hardest_1905_11plus.txt \
        [--kind KIND] [--first N] [--seed S] [--smallest] [--timeout S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import header

from satdoku.formats.kinds import get_kind
from satdoku.reasons import why


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a file of puzzles, one per line")
    parser.add_argument("--kind", default="sudoku", help="the puzzles' kind (killer, kakuro...)")
    parser.add_argument("--first", type=int, help="only the first N puzzles")
    parser.add_argument("--seed", type=int, default=1, help="seed of the cells drawn")
    parser.add_argument("--smallest", action="store_true", help="ask for smallest reasons")
    parser.add_argument("--timeout", type=float, help="seconds per cell")
    args = parser.parse_args()
    draw = random.Random(args.seed)
    times: list[float] = []
    sizes: list[int] = []
    statuses: dict[str, int] = {}
    proven = 0
    with args.file.open() as handle:
        for number, record in enumerate(get_kind(args.kind).read(handle, None, "auto"), 1):
            if args.first is not None and number > args.first:
                break
            puzzle = record.puzzle
            if puzzle is None:
                continue
            cell = puzzle.cell_name(draw.choice(puzzle.blanks))
            started = time.perf_counter()
            reason = why(puzzle, cell, smallest=args.smallest, timeout=args.timeout)
            times.append(time.perf_counter() - started)
            statuses[str(reason.status)] = statuses.get(str(reason.status), 0) + 1
            if reason.found:
                sizes.append(len(reason.givens) + len(reason.rules))
                proven += reason.smallest is True
    print(header(sys.argv))
    print(
        "| cells | statuses | proven smallest | median s | 90th percentile s | max s"
        " | median givens + rules |"
    )
    print("|---:|---|---:|---:|---:|---:|---:|")
    counted = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    tenth = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
    print(
        f"| {len(times)} | {counted} | {proven if args.smallest else '-'}"
        f" | {statistics.median(times):.3f} | {tenth:.3f}"
        f" | {max(times):.3f} | {statistics.median(sizes) if sizes else '-'} |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
