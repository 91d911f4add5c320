"""Throughput of satdoku's engine against a plain incremental baseline, side by side.

Both solve and prove unique (limit 2) every 9x9 puzzle of each file, one process:

* baseline: the extended encoding of the empty grid in ONE persistent CaDiCaL 1.5.3 solver
  (python-sat ``cadical153``), the givens as assumptions, the found grid blocked by one clause
  guarded by a fresh activation literal (retired after the puzzle), a second solve;
* satdoku: what ``satdoku batch`` runs, without the file I/O: :func:`satdoku.batch.run_batch`
  (chunks of 8,192 puzzles, every grid verified). The engine is the one ``satdoku batch``
  picks: the bitmask search (:mod:`satdoku.solver.bitgrid`, a chunk per call) where it is
  built; ``--backend dpll`` measures the exact-cover search
  (:class:`satdoku.solver.dpll.DpllEngine`), ``--backend minicard`` (or another python-sat
  solver) the CDCL engine (:class:`satdoku.solver.engine.Engine`). With ``--in-order`` the puzzles are solved
  in file order instead of sorted by their givens within each chunk.

Puzzles are parsed before the clock starts, for both. Each repeat runs the baseline and the
engine one after the other on the same puzzles, the baseline first in odd repeats and the
engine first in even ones (so that a machine whose load drifts favours neither); the table
gives the medians of puzzles/s and of the per-repeat ratio (the machine is shared and noisy:
only same-run ratios mean much).

Example:
    python benchmarks/throughput.py ../shared/data/9x9/tdoku_17_clue_49158.txt \\
        ../shared/data/9x9/tdoku_magictour_top1465.txt --repeats 3
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import statistics
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

from satdoku.batch import BatchOptions, Engines, as_job, run_batch
from satdoku.encodings import get_encoding
from satdoku.formats import Record, parse_line
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.solver import bitgrid
from satdoku.solver.dpll import BACKEND as DPLL
from satdoku.solver.engine import ENGINE_BACKEND, ENGINE_ENCODING


def baseline(lines: list[str]) -> Callable[[], list[int]]:
    """The plain approach; returns a runner giving the solution count (capped at 2) of each."""
    from pysat.solvers import Solver

    formula = get_encoding("extended").encode(sudoku(Geometry(3, 3), [0] * 81))
    givens = [[9 * i + int(ch) for i, ch in enumerate(line) if ch not in ".0"] for line in lines]
    blanks = [[i for i, ch in enumerate(line) if ch in ".0"] for line in lines]

    def run() -> list[int]:
        solver = Solver(name="cadical153", bootstrap_with=formula.clauses)
        top = formula.nvars
        counts = []
        for assumptions, empty in zip(givens, blanks, strict=True):
            if not solver.solve(assumptions=assumptions):
                counts.append(0)
                continue
            model = solver.get_model()
            grid = [(lit - 1) % 9 + 1 for lit in model[:729] if lit > 0]
            top += 1
            solver.add_clause([-top, *(-(9 * i + grid[i]) for i in empty)])
            counts.append(2 if solver.solve(assumptions=[*assumptions, top]) else 1)
            solver.add_clause([-top])
        solver.delete()
        return counts

    return run


def engine(
    lines: list[str], backend: str | None, encoding: str | None, in_order: bool
) -> Callable[[], list[int]]:
    records = [Record(i, line, parse_line(line)) for i, line in enumerate(lines, 1)]
    options = BatchOptions(limit=2, backend=backend, encoding=encoding)

    def run() -> list[int]:
        if in_order:
            engines = Engines(options)
            try:
                return [engines.solve(as_job(r)).count for r in records]
            finally:
                engines.close()
        return [r.count for r in run_batch(records, options)]

    return run


def timed(run: Callable[[], list[int]]) -> tuple[float, list[int]]:
    started = time.perf_counter()
    counts = run()
    return time.perf_counter() - started, counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path, help="9x9 puzzle files, one per line")
    parser.add_argument("--limit", type=int, help="first N puzzles of each file")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each (median quoted)")
    parser.add_argument(
        "--backend",
        help=f"satdoku's backend: {DPLL} or a python-sat solver (default: what satdoku batch"
        f" picks, the bitmask search where it is built, else {ENGINE_BACKEND})",
    )
    parser.add_argument(
        "--encoding", help=f"python-sat engine's encoding spec (default {ENGINE_ENCODING})"
    )
    parser.add_argument(
        "--in-order",
        action="store_true",
        help="run the engine on the puzzles in file order instead of the batch path",
    )
    args = parser.parse_args(argv)

    rows = []
    for path in args.files:
        with path.open() as handle:
            lines = [line.strip() for line in handle if line.strip()]
        lines = lines[: args.limit] if args.limit else lines
        runners = {
            "baseline": baseline(lines),
            "satdoku": engine(lines, args.backend, args.encoding, args.in_order),
        }
        rates: dict[str, list[float]] = {name: [] for name in runners}
        ratios = []
        for repeat in range(args.repeats):
            seconds = {}
            answers = {}
            order = list(runners.items())
            for name, run in order if repeat % 2 == 0 else order[::-1]:
                seconds[name], answers[name] = timed(run)
                rates[name].append(len(lines) / seconds[name])
            if answers["baseline"] != answers["satdoku"]:
                print(
                    f"{path.name}: the counts differ between baseline and satdoku", file=sys.stderr
                )
                return 1
            ratios.append(seconds["baseline"] / seconds["satdoku"])
            print(f"{path.name}: {ratios[-1]:.2f}x", file=sys.stderr, flush=True)
        unique = sum(1 for c in answers["satdoku"] if c == 1)
        rows.append(
            f"| {path.name} | {len(lines):,} | {unique:,} "
            f"| {statistics.median(rates['baseline']):,.0f} "
            f"| {statistics.median(rates['satdoku']):,.0f} | {statistics.median(ratios):.2f}x |"
        )

    command = "python benchmarks/throughput.py " + " ".join(
        shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:])
    )
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}")
    print(
        f"Python {platform.python_version()}, python-sat {version('python-sat')}, "
        f"satdoku {version('satdoku')}; engine: backend "
        f"{args.backend or ('dpll, bitmask search' if bitgrid.available() else ENGINE_BACKEND)}, "
        f"encoding {args.encoding or 'default'}, "
        f"{'puzzles in file order' if args.in_order else 'batch path (chunks, similar puzzles together)'}"
    )
    print(f"Command: `{command}` ({args.repeats} repeats, medians)\n")
    print("| file | puzzles | unique | baseline puzzles/s | satdoku puzzles/s | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
