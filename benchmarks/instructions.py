"""Instructions of a whole ``satdoku batch`` process, counted by valgrind: start-up (a run of one
puzzle) and the cost per puzzle (a run of N puzzles, start-up taken off). Instruction counts
repeat whatever else the machine is doing, so two versions can be compared across runs.

Example:
    python benchmarks/instructions.py ../shared/data/9x9/tdoku_forum_hardest_1905_11plus.txt \
        --puzzles 1000
"""

from __future__ import annotations

import argparse
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def instructions(lines: list[str], work: Path) -> int:
    """The instructions valgrind counts for ``satdoku batch`` over ``lines``."""
    source, output = work / "in.txt", work / "out.jsonl"
    source.write_text("".join(lines))
    output.unlink(missing_ok=True)
    batch = ["-m", "satdoku", "batch", "-f", str(source), "-o", str(output), "-q", "--jobs", "1"]
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *batch],
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        sys.exit(f"error: valgrind gave no count: {run.stderr.strip()[-300:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a file of 9x9 puzzles, one per line")
    parser.add_argument("--puzzles", type=int, default=1000, help="puzzles in the long run")
    args = parser.parse_args()
    lines = args.file.read_text().splitlines(keepends=True)[: args.puzzles]
    with tempfile.TemporaryDirectory() as tmp:
        start = instructions(lines[:1], Path(tmp))
        whole = instructions(lines, Path(tmp))
    per_puzzle = (whole - start) / (len(lines) - 1)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    print(f"command: python benchmarks/instructions.py {args.file} --puzzles {args.puzzles}\n")
    print("| file | puzzles | start-up (1 puzzle) | per further puzzle |")
    print("|---|---:|---:|---:|")
    print(f"| {args.file.name} | {len(lines):,} | {start / 1e6:,.0f} M | {per_puzzle:,.0f} |")


if __name__ == "__main__":
    main()
