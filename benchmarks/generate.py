"""``satdoku generate`` against qqwing, side by side, whole processes, one run.

    python benchmarks/generate.py --count 500 --repeats 3

Times ``qqwing --generate K --one-line`` (minimal unique 9x9 puzzles; qqwing from Debian's
package ``qqwing``, not a dependency) and ``satdoku generate --count K --minimal``, then
qqwing's ``--difficulty expert`` against satdoku's ``--label fiendish`` and against the
puzzles qqwing's own techniques do not finish (``--techniques`` those, ``--label
needs_search``: qqwing's definition of expert); prints medians and
ratios, and the share of each label among satdoku's minimal puzzles. Where they are
installed (``pip install dokusan py-sudoku``; neither is a dependency), the two Python
generators are timed too, with the share of their puzzles that have one solution (counted by
satdoku). Both raters then rate the other side's hard puzzles: the share of satdoku's fiendish
puzzles that ``qqwing --solve --stats`` calls expert, and the share of qqwing's expert puzzles
that satdoku labels fiendish and that qqwing's techniques leave stuck in satdoku's engine.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from importlib.util import find_spec

from satdoku import count, rate
from satdoku.status import Status

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


def timed(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds, processor seconds (user and system) and the output of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
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
    print(f"{args.count} puzzles per run, {args.repeats} runs, medians; load {_load()}")
    print(
        "| puzzles | qqwing puzzles/s | satdoku puzzles/s | ratio |"
        " qqwing per CPU s | satdoku per CPU s | ratio |"
    )
    print("|---|---|---|---|---|---|---|")
    made: dict[str, tuple[str, str]] = {}
    for name, (theirs, mine) in pairs.items():
        qq, sd = [], []
        for seed in range(args.repeats):
            qq.append(timed(theirs))
            sd.append(timed([*mine, "--seed", str(seed)]))
        made[name] = qq[0][2], sd[0][2]
        q, s = (args.count / statistics.median(t for t, _, _ in runs) for runs in (qq, sd))
        qc, sc = (args.count / statistics.median(c for _, c, _ in runs) for runs in (qq, sd))
        print(
            f"| {name} | {q:,.1f} | {s:,.1f} | {s / q:.2f}x | {qc:,.1f} | {sc:,.1f} |"
            f" {sc / qc:.2f}x |"
        )
    print(f"load after the runs: {_load()}")
    experts, fiendish = made["expert / fiendish"]
    _cross_rate(qqwing, experts.split(), fiendish.split())
    others = [(n, m, c) for n, (m, c) in PYTHON_GENERATORS.items() if find_spec(m)]
    if others:
        print("\n| Python generator | puzzles/s | unique |")
        print("|---|---|---|")
    for name, _, code in others:
        runs = [timed([sys.executable, "-c", f"K = {k}\n{code}"]) for _ in range(args.repeats)]
        per_second = args.count / statistics.median(t for t, _, _ in runs)
        puzzles = runs[0][2].split()
        unique = sum(1 for p in puzzles if count(p, limit=2).count == 1)
        print(f"| {name} | {per_second:,.1f} | {unique / len(puzzles):.0%} |")
    out = timed([*ours, "--format", "json", "--seed", "labels"])[2]
    labels = Counter(json.loads(line)["label"] for line in out.splitlines())
    total = sum(labels.values())
    print("\nlabels of satdoku's minimal puzzles:")
    for label, n in labels.most_common():
        print(f"- {label}: {n} ({n / total:.0%})")


def _load() -> str:
    """The load averages of the last 1, 5 and 15 minutes."""
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


def _cross_rate(qqwing: str, experts: list[str], fiendish: list[str]) -> None:
    """Each rater on the other side's hard puzzles."""
    done = subprocess.run(
        [qqwing, "--solve", "--stats", "--one-line"],
        input="\n".join(fiendish) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    qq_expert = done.stdout.count("Difficulty: Expert")
    ratings = [rate(p) for p in experts]
    stuck = [rate(p, QQWING_TECHNIQUES) for p in experts]
    ours = sum(1 for r in ratings if r.label == "fiendish")
    search = sum(1 for r in stuck if r.status is Status.NEEDS_SEARCH)
    print("\n| puzzles | rater | hard by that rater |")
    print("|---|---|---|")
    print(
        f"| satdoku fiendish ({len(fiendish)}) | qqwing: expert | {qq_expert / len(fiendish):.0%} |"
    )
    print(f"| qqwing expert ({len(experts)}) | satdoku: fiendish | {ours / len(experts):.0%} |")
    print(
        f"| qqwing expert ({len(experts)}) | satdoku with qqwing's techniques: needs_search"
        f" | {search / len(experts):.0%} |"
    )


if __name__ == "__main__":
    main()
