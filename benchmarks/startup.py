"""Whole ``satdoku`` processes where start-up counts: one puzzle, a small file, whole files.

Each command runs ``--repeats`` times, the commands taking turns (round-robin), from cached
bytecode as an installed satdoku runs (the package is compiled first); the table gives the
median and the fastest wall-clock time, the median CPU time (user + system) and, for files,
puzzles per second of the median. The commands:

* ``python -c pass``: the interpreter alone, the floor under every command;
* ``satdoku solve PUZZLE``: the first puzzle of the first file;
* ``satdoku batch -f FIRST -o OUT``: the first ``--first`` puzzles of the first file;
* ``satdoku batch -f FILE -o OUT`` for every file given;
* with ``--tdoku PROGRAM``: tdoku's example solver (``example/solve.c`` of t-dillon/tdoku,
  built with ``-O3 -march=native``) on every file, counting two solutions as the batch does
  (``PROGRAM 2 < FILE``), and satdoku's rate as a fraction of tdoku's.

Every output is checked to hold one line per puzzle (and, for the batch, each solved). With
``--instructions``, each command also runs once under valgrind (cachegrind, no cache
simulation), whose count of instructions repeats whatever else the machine is doing.

Example:
    python benchmarks/startup.py ../shared/data/9x9/tdoku_magictour_top1465.txt \\
        ../shared/data/9x9/tdoku_17_clue_49158.txt --repeats 11 --tdoku /tmp/tdoku/tdoku_solve
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import header

import satdoku


@dataclass
class Command:
    """One command line, what it reads from stdin, and how many puzzles it answers."""

    name: str
    argv: list[str]
    puzzles: int = 0
    stdin: Path | None = None
    output: Path | None = None
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    instructions: int | None = None

    def run(self, env: dict[str, str]) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        with open(self.stdin or os.devnull, "rb") as source:
            done = subprocess.run(self.argv, stdin=source, capture_output=True, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"error: {self.name}: exit {done.returncode}: {done.stderr[-300:]!r}")
        self.check(done.stdout)
        self.walls.append(wall)
        self.cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)

    def count(self, env: dict[str, str]) -> None:
        """The instructions of one run, as valgrind counts them."""
        self.instructions = instructions(self.argv, env, self.stdin)

    def check(self, stdout: bytes) -> None:
        """One answer per puzzle: lines of the output file (or of stdout for tdoku)."""
        if not self.puzzles:
            return
        text = self.output.read_bytes() if self.output else stdout
        lines = text.splitlines()
        if len(lines) != self.puzzles:
            raise SystemExit(f"error: {self.name}: {len(lines)} answers for {self.puzzles}")
        if self.output and not all(b'"status": "solved"' in line for line in lines):
            raise SystemExit(f"error: {self.name}: a puzzle not solved")


def instructions(argv: list[str], env: dict[str, str], stdin: Path | None = None) -> int:
    """The instructions of the whole process ``argv`` (its threads too), counted by valgrind."""
    tool = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    fixed = {**env, "PYTHONHASHSEED": "0"}  # the same sets and dicts in every run
    with open(stdin or os.devnull, "rb") as source:
        done = subprocess.run([*tool, *argv], stdin=source, capture_output=True, env=fixed)
    found = re.search(rb"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"error: valgrind {argv[0]}: {done.stderr[-300:]!r}")
    return int(found.group(1).replace(b",", b""))


def puzzle_lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8") as handle:
        return [line for line in handle.read().splitlines() if line.strip()]


def satdoku_program() -> list[str]:
    """The ``satdoku`` script beside this Python (as a user types it), else ``-m satdoku``."""
    script = Path(sys.executable).parent / "satdoku"
    return [str(script)] if script.exists() else [sys.executable, "-m", "satdoku"]


def commands(args: argparse.Namespace, where: Path) -> list[Command]:
    program = satdoku_program()
    first = puzzle_lines(args.files[0])
    small = where / f"first{args.first}.txt"
    small.write_text("\n".join(first[: args.first]) + "\n")
    out = where / "out.jsonl"
    found = [
        Command("`python -c pass`", [sys.executable, "-c", "pass"]),
        Command("`satdoku solve PUZZLE`", [*program, "solve", first[0]]),
        Command(
            f"`satdoku batch`, first {min(args.first, len(first)):,} of {args.files[0].name}",
            [*program, "batch", "-f", str(small), "-o", str(out), "--format", "json", "-q"],
            min(args.first, len(first)),
            output=out,
        ),
    ]
    for path in args.files:
        count = len(puzzle_lines(path))
        found.append(
            Command(
                f"`satdoku batch`, {path.name}",
                [*program, "batch", "-f", str(path), "-o", str(out), "--format", "json", "-q"],
                count,
                output=out,
            )
        )
        if args.tdoku:
            found.append(Command(f"tdoku, {path.name}", [args.tdoku, "2"], count, stdin=path))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path, help="9x9 puzzle files, one per line")
    parser.add_argument("--repeats", type=int, default=11, help="runs of each command")
    parser.add_argument("--first", type=int, default=1000, help="puzzles of the small batch")
    parser.add_argument("--tdoku", metavar="PROGRAM", help="tdoku's example/solve, built")
    parser.add_argument("--instructions", action="store_true", help="also count instructions")
    args = parser.parse_args()
    if args.tdoku and shutil.which(args.tdoku) is None:
        raise SystemExit(f"error: --tdoku {args.tdoku}: no such program")
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("error: --instructions needs valgrind")
    compileall.compile_dir(Path(satdoku.__file__).parent, quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as where:
        found = commands(args, Path(where))
        for command in found:  # once untimed: caches warm, outputs checked
            command.run(env)
            command.walls.clear()
            command.cpus.clear()
        for _ in range(args.repeats):
            for command in found:
                command.run(env)
        if args.instructions:
            for command in found:
                command.count(env)
    print(header(sys.argv))
    print(f"median of {args.repeats} runs each, the commands in turn; load average before the"
          f" end: {os.getloadavg()[0]:.1f}")  # fmt: skip
    print()
    print("| command | median s | fastest s | CPU s | puzzles/s | instructions |")
    print("|---|---:|---:|---:|---:|---:|")
    rates: dict[str, float] = {}
    for command in found:
        wall = statistics.median(command.walls)
        rate = f"{command.puzzles / wall:,.0f}" if command.puzzles else ""
        if command.puzzles:
            rates[command.name] = command.puzzles / wall
        counted = f"{command.instructions / 1e6:,.0f} M" if command.instructions else ""
        print(f"| {command.name} | {wall:.3f} | {min(command.walls):.3f} |"
              f" {statistics.median(command.cpus):.3f} | {rate} | {counted} |")  # fmt: skip
    if args.tdoku:
        print()
        for path in args.files:
            ours, theirs = rates[f"`satdoku batch`, {path.name}"], rates[f"tdoku, {path.name}"]
            print(f"- {path.name}: satdoku batch at {ours / theirs:.2f}x tdoku's rate")


if __name__ == "__main__":
    main()
