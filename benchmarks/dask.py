"""``satdoku batch`` in one process against ``--dask local:N``, whole processes, same file.

    python benchmarks/dask.py ../shared/data/9x9/tdoku_forum_hardest_1905_11plus.txt \\
        --workers 1 2 --repeats 3

Prints, per configuration, the median wall time over the repeats and puzzles per second, and
checks that every configuration wrote the same bytes. The scheduler's cost per chunk is the
difference between one Dask worker and one process, divided by the number of chunks.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(path: Path, extra: list[str], chunk: int) -> tuple[float, str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.jsonl"
        command = [sys.executable, "-m", "satdoku", "batch", "-f", str(path), "-o", str(out)]
        start = time.perf_counter()
        subprocess.run([*command, "-q", "--chunk", str(chunk), *extra], check=False)
        seconds = time.perf_counter() - start
        return seconds, hashlib.sha256(out.read_bytes()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--chunk", type=int, default=1000)
    args = parser.parse_args()
    puzzles = sum(1 for line in args.file.open() if line.strip() and not line.startswith("#"))
    chunks = -(-puzzles // args.chunk)
    configurations = {"one process": []} | {f"--dask local:{n}": [] for n in args.workers}
    digests = set()
    for _ in range(args.repeats):
        for name, times in configurations.items():
            extra = name.split() if name.startswith("--") else []
            seconds, digest = run(args.file, extra, args.chunk)
            times.append(seconds)
            digests.add(digest)
    print(f"{args.file.name}: {puzzles:,} puzzles, {chunks} chunks of {args.chunk}")
    print("| configuration | median s | puzzles/s | per worker |")
    print("|---|---|---|---|")
    base = statistics.median(configurations["one process"])
    for name, times in configurations.items():
        median = statistics.median(times)
        workers = int(name.rsplit(":", 1)[1]) if ":" in name else 1
        rate = puzzles / median
        print(f"| {name} | {median:.2f} | {rate:,.0f} | {rate / workers:,.0f} |")
    if "--dask local:1" in configurations:
        overhead = statistics.median(configurations["--dask local:1"]) - base
        print(
            f"\none worker against one process: {overhead:+.2f} s, {overhead / chunks * 1000:+.1f} ms a chunk"
        )
    print("outputs identical:", len(digests) == 1)


if __name__ == "__main__":
    main()
