"""``satdoku count`` against the C exact-cover counter (PyPI ``exact-cover``), whole
processes, side by side in one run.

    python benchmarks/count_exact_cover.py --repeats 5

Counts every solution of one 9x9 (default: the 29,986-solution puzzle below) with
``satdoku count PUZZLE`` (the default counter) and with ``exact_cover.get_solution_count``
over the puzzle's exact-cover matrix (729 candidates x 324 constraints, the candidates that
clash with a given left out), each in its own process; prints the median seconds and
solutions per second of each, and their ratio. ``exact-cover`` is not a dependency
(``pip install exact-cover``).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

PUZZLE = ".........72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."

EXACT_COVER = """
import sys
import numpy as np
from exact_cover import get_solution_count
givens = [0 if ch == "." else int(ch) for ch in sys.argv[1]]
rows = []
for cell, given in enumerate(givens):
    r, c = divmod(cell, 9)
    b = (r // 3) * 3 + c // 3
    for v in range(1, 10):
        if given and v != given:
            continue
        row = np.zeros(324, dtype=bool)
        row[[cell, 81 + r * 9 + v - 1, 162 + c * 9 + v - 1, 243 + b * 9 + v - 1]] = True
        rows.append(row)
print(get_solution_count(np.array(rows)))
"""


def timed(command: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):  # 1: satdoku's status for several solutions
        sys.exit(done.stderr)
    return elapsed, int(done.stdout.split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzle", default=PUZZLE)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    commands = {
        "satdoku count": [sys.executable, "-m", "satdoku", "count", args.puzzle],
        "exact-cover": [sys.executable, "-c", EXACT_COVER, args.puzzle],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    counts: dict[str, int] = {}
    for _ in range(args.repeats):
        for name, command in commands.items():
            elapsed, counts[name] = timed(command)
            times[name].append(elapsed)
    if len(set(counts.values())) != 1:
        sys.exit(f"the counts differ: {counts}")
    solutions = counts["satdoku count"]
    print(f"{solutions} solutions, {args.repeats} runs each, medians, whole processes")
    print("| counter | seconds | solutions/s |")
    print("|---|---:|---:|")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"| {name} | {median:.3f} | {solutions / median:,.0f} |")
    ratio = statistics.median(times["exact-cover"]) / statistics.median(times["satdoku count"])
    print(f"\nsatdoku count is {ratio:.2f}x the speed of exact-cover")


if __name__ == "__main__":
    main()
