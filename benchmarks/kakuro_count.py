"""Count every Kakuro of a file up to a limit with ``satdoku count`` as a whole process, once
per counting strategy (the default, and each strategy named), and print a markdown table:
seconds (median of --repeats runs), and the statuses of the records.

    python benchmarks/kakuro_count.py ../shared/data/kakuro/janko_kakuro.jsonl \
        [--strategies default,blocking,branching] [--limit 5] [--timeout 3] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import header


def run(file: Path, strategy: str, limit: int, timeout: float) -> tuple[float, float, Counter[str]]:
    """Seconds and CPU seconds of one ``satdoku count`` over ``file``, and how many records
    had each status."""
    command = [sys.executable, "-m", "satdoku", "count", "--kind", "kakuro", "-f", str(file)]
    command += ["--limit", str(limit), "--timeout", str(timeout), "--format", "json", "-q"]
    if strategy != "default":
        command += ["--strategy", strategy]
    start, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds, cpu = time.perf_counter() - start, _children_cpu() - cpu
    if done.returncode not in (0, 1, 3):  # 1: some puzzle not unique, 3: some unknown
        raise SystemExit(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.strip()}")
    return seconds, cpu, Counter(json.loads(line)["status"] for line in done.stdout.splitlines())


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a Kakuro JSON Lines file")
    parser.add_argument("--strategies", default="default,blocking,branching")
    parser.add_argument("--limit", type=int, default=5, help="solutions counted per puzzle")
    parser.add_argument("--timeout", type=float, default=3.0, help="seconds per puzzle")
    parser.add_argument("--repeats", type=int, default=3, help="runs per strategy")
    args = parser.parse_args()
    if not args.file.exists():
        print(f"{args.file}: not found", file=sys.stderr)
        return 2
    print(header(sys.argv))
    print(f"Load average at the start: {', '.join(f'{x:.1f}' for x in os.getloadavg())}\n")
    print("| strategy | median s | median CPU s | runs | statuses |")
    print("|---|---:|---:|---:|---|")
    for strategy in args.strategies.split(","):
        times, cpus, statuses = [], [], Counter[str]()
        for _ in range(args.repeats):
            seconds, cpu, statuses = run(args.file, strategy, args.limit, args.timeout)
            times.append(seconds)
            cpus.append(cpu)
        shown = ", ".join(f"{n} {status}" for status, n in statuses.most_common())
        print(
            f"| {strategy} | {statistics.median(times):.1f} | {statistics.median(cpus):.1f}"
            f" | {len(times)} | {shown} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
