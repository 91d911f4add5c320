"""For each puzzle set: the share of puzzles the logic engine solves with the techniques up to
each level, easiest first (the rest need search).

A puzzle is solved with the techniques up to level k exactly when the hardest technique of its
full logical solve is at level k or below: the engine always takes the easiest step, so
leaving out harder techniques changes nothing until one of them is needed.

Prints a markdown table (one column per set) with the exact command.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import islice
from pathlib import Path

from satdoku.formats import read_records
from satdoku.logic import TECHNIQUES, rate


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "files", nargs="+", type=Path, help="puzzle files (any format satdoku reads)"
    )
    parser.add_argument(
        "--max",
        type=int,
        default=0,
        help="rate at most this many puzzles per file, evenly spread (0: all)",
    )
    args = parser.parse_args(argv)
    columns = []
    for path in args.files:
        started = time.perf_counter()
        hardest, total, bad = _rate_file(path, args.max)
        columns.append((path.stem, hardest, total))
        print(
            f"{path.stem}: {total} rated ({bad} unreadable) in "
            f"{time.perf_counter() - started:.1f} s",
            file=sys.stderr,
        )
    print(f"Command: `python {' '.join(sys.argv)}`\n")
    print("| solved with techniques up to | " + " | ".join(name for name, _, _ in columns) + " |")
    print("|---|" + "---:|" * len(columns))
    print("| puzzles rated | " + " | ".join(str(total) for _, _, total in columns) + " |")
    for technique in TECHNIQUES:
        cells = []
        for _, hardest, total in columns:
            solved = sum(
                count
                for name, count in hardest.items()
                if name is not None and _level(name) <= _level(technique.name)
            )
            cells.append(f"{100 * solved / total:.1f}%" if total else "-")
        print(f"| {technique.name} ({technique.difficulty}) | " + " | ".join(cells) + " |")
    cells = [
        f"{100 * hardest[None] / total:.1f}%" if total else "-" for _, hardest, total in columns
    ]
    print("| needs_search | " + " | ".join(cells) + " |")


def _level(name: str) -> int:
    return next(i for i, t in enumerate(TECHNIQUES) if t.name == name)


def _rate_file(path: Path, most: int) -> tuple[Counter[str | None], int, int]:
    """Per puzzle, the hardest technique of its logical solve (None when it needs search or
    has no solution), counted; and how many puzzles were rated and unreadable."""
    with open(path) as handle:
        count = sum(1 for line in handle if line.strip())
    step = max(1, count // most) if most else 1
    hardest: Counter[str | None] = Counter()
    total = bad = 0
    with open(path) as handle:
        records = islice(read_records(handle), 0, None, step)
        for record in islice(records, most or None):
            if record.puzzle is None:
                bad += 1
                continue
            rating = rate(record.puzzle)
            total += 1
            hardest[rating.hardest if rating.solved else None] += 1
    return hardest, total, bad


if __name__ == "__main__":
    main()
