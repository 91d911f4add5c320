"""A whole file through each command against ``satdoku batch``, whole processes, side by side.

    python benchmarks/files.py ../shared/data/9x9/tdoku_magictour_top1465.txt --repeats 5

Runs ``satdoku batch -f FILE``, ``solve -f FILE --format line``, ``unique -f FILE`` and
``count -f FILE`` (each writing to a file in a temporary folder), one after the other in
each repeat; prints the median seconds of each and its ratio to ``batch`` in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    satdoku = [sys.executable, "-m", "satdoku"]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        commands = {
            "batch": [*satdoku, "batch", "-f", str(args.file), "-o", str(out / "b.csv")],
            "solve -f": [*satdoku, "solve", "-f", str(args.file), "--format", "line"],
            "unique -f": [*satdoku, "unique", "-f", str(args.file), "--format", "text"],
            "count -f": [*satdoku, "count", "-f", str(args.file), "--format", "text"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.repeats):
            for name, command in commands.items():
                started = time.perf_counter()
                with open(out / "out.txt", "w") as sink:
                    subprocess.run([*command, "-q"], stdout=sink, check=False)
                times[name].append(time.perf_counter() - started)
                (out / "b.csv").unlink(missing_ok=True)
    batch = statistics.median(times["batch"])
    print(f"{args.file.name}, {args.repeats} runs each, medians, whole processes")
    print("| command | seconds | x batch |")
    print("|---|---:|---:|")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"| `{name}` | {median:.2f} | {median / batch:.2f} |")


if __name__ == "__main__":
    main()
