"""The portfolio's lanes and the default for sums, compared on the ISS variants in one process.

Each puzzle is checked for uniqueness (``satdoku.uniqueness``, the search stopping at a second
solution) once under each configuration in turn, so that the configurations share the load of
the moment. A configuration is the portfolio's lanes in the order they take turns, each with
its first-round budget, then ``/`` and the python-sat solver of puzzles whose only rules are
sums (killers)::

    python benchmarks/portfolio_lanes.py ../shared/data/variants/iss_puzzles.jsonl \\
        --config minisat22:4000,cadical195:4000,cpsat:0.05/minisat22 \\
        --config glucose4:8000,cpsat:0.05/glucose4

Prints, per configuration, the total and the median seconds, and the puzzles that took one of
them more than half a second. The configurations' answers must agree.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from check_iss import DEFAULT_DATA, read_entries
from machine import header

from satdoku import uniqueness
from satdoku.solver import defaults, portfolio

Config = tuple[tuple[tuple[str, float], ...], str]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="?", type=Path, default=DEFAULT_DATA, help="JSON lines")
    parser.add_argument(
        "--config", action="append", required=True, help="LANE:BUDGET,.../SUMS_BACKEND"
    )
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per puzzle")
    parser.add_argument("--names", nargs="+", help="only puzzles whose name contains one of these")
    args = parser.parse_args()
    if not args.data.is_file():
        parser.error(f"no such file: {args.data}")
    try:
        configs = [_config(text) for text in args.config]
    except ValueError:
        parser.error("a --config is LANE:BUDGET,... with an optional /SUMS_BACKEND")
    try:
        cases = [(name, puzzle) for _, name, puzzle in read_entries(args.data, args.names)]
    except ValueError as err:
        parser.error(str(err))
    if not cases:
        parser.error(f"no puzzle of {args.data} that satdoku reads matches")
    print(header(sys.argv))
    uniqueness(cases[0][1], timeout=args.timeout, closest=False)  # imports, not measured
    seconds: list[list[float]] = [[] for _ in configs]
    print("| puzzle | status | " + " | ".join(args.config) + " |")
    print("|---|---|" + "---:|" * len(configs))
    for name, puzzle in cases:
        statuses, took = [], []
        for config in configs:
            portfolio.LANES, defaults.SUMS_BACKEND = config
            started = time.perf_counter()
            statuses.append(uniqueness(puzzle, timeout=args.timeout, closest=False).status)
            took.append(time.perf_counter() - started)
        answered = {s for s in statuses if s != "unknown"}
        if len(answered) > 1:
            print(f"disagreement on {name}: {statuses}", file=sys.stderr)
            return 1
        for column, value in zip(seconds, took, strict=True):
            column.append(value)
        if max(took) > 0.5:
            cells = " | ".join(f"{t:.2f}" for t in took)
            print(f"| {name} | {'/'.join(dict.fromkeys(statuses))} | {cells} |", flush=True)
    print(f"\n{len(cases)} puzzles.\n")
    print("| configuration | total s | median ms | past the limit |")
    print("|---|---:|---:|---:|")
    for text, column in zip(args.config, seconds, strict=True):
        late = sum(t >= args.timeout for t in column)
        total, median = sum(column), statistics.median(column) * 1000
        print(f"| {text} | {total:.2f} | {median:.1f} | {late} |")
    return 0


def _config(text: str) -> Config:
    """The lanes and the sums backend of ``LANE:BUDGET,.../BACKEND``."""
    lanes, _, sums = text.partition("/")
    pairs = tuple(
        (lane, float(budget)) for lane, budget in (p.split(":") for p in lanes.split(","))
    )
    return pairs, sums or defaults.SUMS_BACKEND


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
