"""``satdoku generate`` against qqwing, side by side, whole processes, one run.

    python benchmarks/generate.py --count 300 --repeats 3

Times ``qqwing --generate K --one-line`` (minimal unique 9x9 puzzles; qqwing from Debian's
package ``qqwing``, not a dependency) and ``satdoku generate --count K --minimal``, then
qqwing's ``--difficulty expert`` against satdoku's ``--label fiendish`` and against the
puzzles qqwing's own techniques do not finish (``--techniques`` those, ``--label
needs_search``: qqwing's definition of expert); prints medians and
ratios, and the share of each label among satdoku's minimal puzzles. Where they are
installed (``pip install dokusan py-sudoku``; neither is a dependency), the two Python
generators are timed too, with the share of their puzzles that have one solution (counted by
satdoku).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from importlib.util import find_spec

from satdoku import count

QQWING_TECHNIQUES = "singles,pointing,claiming,naked-pair,hidden-pair"
"""What qqwing's solver knows; its expert puzzles are those these do not finish."""

PYTHON_GENERATORS = {
    "dokusan": (
        "dokusan",
        "from dokusan import generators\n"
        "for _ in range(K):\n"
        "    print(str(generators.random_sudoku(avg_rank=150)).replace('0', '.'))",
    ),
    "py-sudoku (difficulty 0.5)": (
        "sudoku",
        "from sudoku import Sudoku\n"
        "for i in range(K):\n"
        "    board = Sudoku(3, seed=i).difficulty(0.5).board\n"
        "    print(''.join(str(v) if v else '.' for row in board for v in row))",
    ),
}


def timed(command: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    qqwing = shutil.which("qqwing")
    if qqwing is None:
        sys.exit("qqwing is not installed (Debian: apt-get install qqwing)")
    k = str(args.count)
    ours = [sys.executable, "-m", "satdoku", "generate", "--count", k, "--minimal", "-q"]
    pairs = {
        "minimal unique": ([qqwing, "--generate", k, "--one-line"], ours),
        "expert / fiendish": (
            [qqwing, "--generate", k, "--one-line", "--difficulty", "expert"],
            [*ours, "--label", "fiendish"],
        ),
        "expert / stuck with qqwing's techniques": (
            [qqwing, "--generate", k, "--one-line", "--difficulty", "expert"],
            [*ours, "--techniques", QQWING_TECHNIQUES, "--label", "needs_search"],
        ),
    }
    print(f"{args.count} puzzles per run, {args.repeats} runs, medians")
    print("| puzzles | qqwing puzzles/s | satdoku puzzles/s | ratio |")
    print("|---|---|---|---|")
    for name, (theirs, mine) in pairs.items():
        qq, sd = [], []
        for seed in range(args.repeats):
            qq.append(timed(theirs)[0])
            sd.append(timed([*mine, "--seed", str(seed)])[0])
        q, s = args.count / statistics.median(qq), args.count / statistics.median(sd)
        print(f"| {name} | {q:,.1f} | {s:,.1f} | {s / q:.2f}x |")
    others = [(n, m, c) for n, (m, c) in PYTHON_GENERATORS.items() if find_spec(m)]
    if others:
        print("\n| Python generator | puzzles/s | unique |")
        print("|---|---|---|")
    for name, _, code in others:
        runs = [timed([sys.executable, "-c", f"K = {k}\n{code}"]) for _ in range(args.repeats)]
        rate = args.count / statistics.median(t for t, _ in runs)
        puzzles = runs[0][1].split()
        unique = sum(1 for p in puzzles if count(p, limit=2).count == 1)
        print(f"| {name} | {rate:,.1f} | {unique / len(puzzles):.0%} |")
    _, out = timed([*ours, "--format", "json", "--seed", "labels"])
    labels = Counter(json.loads(line)["label"] for line in out.splitlines())
    total = sum(labels.values())
    print("\nlabels of satdoku's minimal puzzles:")
    for label, n in labels.most_common():
        print(f"- {label}: {n} ({n / total:.0%})")


if __name__ == "__main__":
    main()
