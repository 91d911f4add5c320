"""Time the setter tools on a file's first puzzles and print a markdown table of medians.

``satdoku.redundant`` and ``satdoku.minimize`` run on the first puzzles of a file, as they
are and with extra givens from their solutions (docs/benchmarks.md, "Setter tools").

    python benchmarks/setter.py [FILE] [--first N] [--extra K] [--seed S] [--variants FILE]

Each puzzle is taken as it is, then with ``--extra`` more of its solution's cells given
(drawn by ``--seed``), so that there are givens to take out. The redundant givens found by
one incremental solver with a selector per given are compared with the generator's way of
finding them (:func:`satdoku.generate.digging.removable`: a count from scratch by the
compiled search per given taken out), in the same run; both answers must agree. The times
of ``redundant`` and ``minimize`` include their independent checks, whose share is shown. With ``--variants``
(variant puzzles, one a line, such as ``examples/variants.iss``), their rule instances are
weighed too (``consider="rules"``), against a count from scratch by the default search per
rule instance taken out. A file that is absent is skipped with a message.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import header

import satdoku
from satdoku.deadline import NEVER
from satdoku.generate.counter import Counter
from satdoku.generate.digging import removable
from satdoku.model import Puzzle
from satdoku.setter import Item
from satdoku.setter.items import without
from satdoku.setter.recount import Recount

BACKEND = "minisat22"
DEFAULT = "../shared/data/9x9/tdoku_forum_hardest_1905_11plus.txt"


class CheckClock:
    """Seconds spent in the setter's independent counts (:class:`Recount`), from now on."""

    def __init__(self) -> None:
        self.seconds = 0.0
        counted = Recount.solutions

        def clocked(recount: Recount, puzzle: Puzzle) -> int:
            start = time.perf_counter()
            try:
                return counted(recount, puzzle)
            finally:
                self.seconds += time.perf_counter() - start

        Recount.solutions = clocked  # type: ignore[method-assign]

    def during(self, work: Callable[[], Any]) -> tuple[float, float, Any]:
        """The seconds ``work`` takes, of which in the counts, and what it returns."""
        before = self.seconds
        spent, found = timed(work)
        return spent, self.seconds - before, found


CLOCK = CheckClock()


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    found = work()
    return time.perf_counter() - start, found


def with_extra(puzzle: Puzzle, extra: int, rng: random.Random) -> Puzzle:
    """``puzzle`` with ``extra`` more cells of its solution given."""
    solved = satdoku.solve(puzzle)
    assert solved is not None
    givens = list(puzzle.givens)
    for cell in rng.sample(puzzle.blanks, extra):
        givens[cell] = solved.grid[cell]
    return puzzle.with_givens(givens)


def fresh(puzzle: Puzzle) -> list[int]:
    """The redundant givens, each from a count from scratch: a new CNF, a new MiniSat."""
    found = []
    for cell, value in enumerate(puzzle.givens):
        if value:
            givens = list(puzzle.givens)
            givens[cell] = 0
            if satdoku.count(puzzle.with_givens(givens), 2, backend=BACKEND).count == 1:
                found.append(cell)
    return found


def row(name: str, puzzles: list[Puzzle], seed: int) -> str:
    """One line of the table: medians over ``puzzles``."""
    ours, checks, theirs, cnf, minimal, found, kept = [], [], [], [], [], [], []
    for puzzle in puzzles:
        spent, checking, answer = CLOCK.during(lambda p=puzzle: satdoku.redundant(p))
        counter = Counter(puzzle.with_givens([0] * puzzle.ncells), NEVER)
        spent_too, cells = timed(lambda p=puzzle, c=counter: removable(p.givens, c.unique))
        spent_cnf, again = timed(lambda p=puzzle: fresh(p))
        listed = [item.cell for item in answer.redundant]
        if not sorted(listed) == cells == again:
            raise SystemExit(
                f"{name}: the two ways disagree on {satdoku.format_line(puzzle, puzzle.givens)}"
            )
        spent_min, made = timed(lambda p=puzzle: satdoku.minimize(p, seed=seed))
        ours.append(spent)
        checks.append(checking)
        theirs.append(spent_too)
        cnf.append(spent_cnf)
        minimal.append(spent_min)
        found.append(len(listed))
        kept.append(made.minimal.nclues)
        print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    med = statistics.median
    givens = med(p.nclues for p in puzzles)
    return (
        f"| {name} | {len(puzzles)} | {givens:g} | {med(found):g} | {med(ours) * 1e3:.1f} |"
        f" {med(checks) * 1e3:.1f} |"
        f" {med(cnf) * 1e3:.1f} | {med(cnf) / med(ours):.2f}x"
        f" | {med(theirs) * 1e3:.1f} | {med(theirs) / med(ours):.2f}x | {med(minimal) * 1e3:.1f} |"
        f" {med(kept):g} |"
    )


def rules_row(path: Path, seed: int) -> str:
    """The line of the table for the rule instances of the variants in ``path``."""
    lines = [t for t in path.read_text().splitlines() if t.strip() and not t.startswith("#")]
    ours, checks, theirs, minimal, weighed, found = [], [], [], [], [], []
    for line in lines:
        puzzle = satdoku.parse_puzzle(line)
        spent, checking, answer = CLOCK.during(
            lambda p=puzzle: satdoku.redundant(p, consider="rules")
        )
        spent_too, again = timed(lambda p=puzzle, a=answer: fresh_rules(p, a.weighed))
        if [item.name for item in answer.redundant] != again:
            raise SystemExit(f"{path.name}: the two ways disagree on {line[:60]}")
        spent_min, _ = timed(lambda p=puzzle: satdoku.minimize(p, consider="rules", seed=seed))
        ours.append(spent)
        checks.append(checking)
        theirs.append(spent_too)
        minimal.append(spent_min)
        weighed.append(len(answer.weighed))
        found.append(len(again))
        print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    med = statistics.median
    return (
        f"| {path.name}, rule instances | {len(lines)} | {med(weighed):g} | {med(found):g} |"
        f" {med(ours) * 1e3:.1f} | {med(checks) * 1e3:.1f} | {med(theirs) * 1e3:.1f} |"
        f" {med(theirs) / med(ours):.2f}x"
        f" | {med(minimal) * 1e3:.1f} |"
    )


def fresh_rules(puzzle: Puzzle, weighed: tuple[Item, ...]) -> list[str]:
    """The redundant rule instances, each from a count from scratch by the default search."""
    return [item.name for item in weighed if satdoku.count(without(puzzle, [item]), 2).count == 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=DEFAULT)
    parser.add_argument("--first", type=int, default=50)
    parser.add_argument("--extra", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", type=Path, help="variant puzzles whose rules to weigh")
    args = parser.parse_args()
    path = Path(args.file)
    if not path.is_file():
        print(f"{path} is absent: nothing to time", file=sys.stderr)
        return
    lines = [line for line in path.read_text().split() if line][: args.first]
    puzzles = [satdoku.parse_puzzle(line) for line in lines]
    rng = random.Random(args.seed)
    extra = [with_extra(p, args.extra, rng) for p in puzzles]
    print(header(sys.argv))
    print(
        "| puzzles | n | givens | redundant | redundant ms | of which checks ms"
        " | a CNF per given ms | ratio"
        " | a compiled search per given ms | ratio | minimize ms | givens kept |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    print(row(path.name, puzzles, args.seed))
    print(row(f"{path.name} + {args.extra} givens", extra, args.seed))
    if args.variants is not None and args.variants.is_file():
        print(
            "\n| puzzles | n | rule instances | redundant | redundant ms | of which checks ms"
            " | a count per rule instance ms | ratio | minimize ms |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        print(rules_row(args.variants, args.seed))


if __name__ == "__main__":
    main()
