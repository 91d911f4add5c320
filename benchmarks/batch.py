"""``satdoku batch`` on whole files, whole processes, one job: puzzles per second.

    python benchmarks/batch.py ../shared/data/9x9/tdoku_17_clue_49158.txt \\
        ../shared/data/9x9/tdoku_forum_hardest_1905_11plus.txt --repeats 3

For each file, runs ``satdoku batch -f FILE -o OUT --jobs 1`` with the default engine (the
bitmask search) and with ``--backend dpll`` (the exact-cover search), one after the other in
each repeat (the order swapped every other repeat), and prints the median seconds and
puzzles/s of each and the median of the per-repeat ratios. Both read, solve, prove unique,
verify and write every puzzle. The children may write Python's bytecode cache (as any
install does; a first, untimed run writes it), even where ``PYTHONDONTWRITEBYTECODE`` is set.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

CONFIGS = {"default": [], "--backend dpll": ["--backend", "dpll"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{platform.machine()}, Python {platform.python_version()}, satdoku {version('satdoku')}")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as folder:  # the untimed first run
        one = Path(folder) / "one.txt"
        one.write_text("." * 81 + "\n")
        for extra in CONFIGS.values():
            command = [sys.executable, "-m", "satdoku", "batch", str(one), "-q", *extra]
            subprocess.run([*command, "-o", str(Path(folder) / "out.jsonl")], env=env, check=True)
    print("| file | puzzles | engine | seconds | puzzles/s | x `--backend dpll` |")
    print("|---|---:|---|---:|---:|---:|")
    for path in args.files:
        puzzles = sum(1 for line in path.open() if line.strip() and not line.startswith("#"))
        times: dict[str, list[float]] = {name: [] for name in CONFIGS}
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "out.jsonl"
            for repeat in range(args.repeats):
                names = list(CONFIGS) if repeat % 2 == 0 else list(CONFIGS)[::-1]
                for name in names:
                    out.unlink(missing_ok=True)
                    command = [sys.executable, "-m", "satdoku", "batch", "-f", str(path)]
                    command += ["-o", str(out), "--jobs", "1", "-q", *CONFIGS[name]]
                    started = time.perf_counter()
                    subprocess.run(command, env=env, check=False)
                    times[name].append(time.perf_counter() - started)
        ratios = [b / a for a, b in zip(times["default"], times["--backend dpll"], strict=True)]
        for name, samples in times.items():
            seconds = statistics.median(samples)
            ratio = f"{statistics.median(ratios):.2f}" if name == "default" else "1"
            print(
                f"| {path.name} | {puzzles:,} | {name} | {seconds:.2f} |"
                f" {puzzles / seconds:,.0f} | {ratio} |"
            )


if __name__ == "__main__":
    main()
