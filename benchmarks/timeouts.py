"""How well `--timeout` is kept: run `satdoku COMMAND -f FILE --timeout T --backend B` as a
whole process for every file, backend and time limit, and print a markdown table of the wall
time, how far past the time limit the process ended, the exit status and the status it gave
(docs/benchmarks.md, "Time limits").

    python benchmarks/timeouts.py FILE... [--timeouts 1,5,20] [--backends minisat22,cadical195]
        [--command solve] [--repeat 3]

"past" is the median over --repeat runs of wall time minus the time limit, so it includes
what lies outside the limit: starting Python and importing satdoku, reading and parsing the
file, and freeing the formula's memory when the process exits. A process that finished
before its limit has a negative "past".
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import header


def run(command: str, path: Path, backend: str, timeout: float) -> tuple[float, int, str]:
    """(wall seconds, exit status, the status of the first JSON line) of one whole process."""
    argv = [sys.executable, "-m", "satdoku", command, "-f", str(path)]
    argv += ["--backend", backend, "--timeout", f"{timeout:g}", "--format", "json"]
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    lines = done.stdout.splitlines()
    status = json.loads(lines[0]).get("status", "?") if lines else "?"
    if command == "count" and lines:
        status = "timeout" if json.loads(lines[0]).get("stopped") == "timeout" else "counted"
    return wall, done.returncode, status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="puzzle files (one puzzle each)")
    parser.add_argument("--timeouts", default="1,5,20", help="comma-separated seconds")
    parser.add_argument(
        "--backends", default="minisat22,cadical195", help="comma-separated backends"
    )
    parser.add_argument(
        "--command", default="solve", choices=("solve", "unique", "count"), help="subcommand"
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs per cell (median kept)")
    args = parser.parse_args()
    print(header(sys.argv))
    print("| file | backend | --timeout s | wall s | past the limit s | exit | status |")
    print("|---|---|---:|---:|---:|---:|---|")
    for path in args.files:
        for backend in args.backends.split(","):
            for timeout in (float(t) for t in args.timeouts.split(",")):
                runs = [run(args.command, path, backend, timeout) for _ in range(args.repeat)]
                wall = statistics.median(r[0] for r in runs)
                exits = "/".join(sorted({str(r[1]) for r in runs}))
                statuses = "/".join(sorted({r[2] for r in runs}))
                print(
                    f"| {path.name} | {backend} | {timeout:g} | {wall:.2f} | {wall - timeout:+.2f}"
                    f" | {exits} | {statuses} |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
