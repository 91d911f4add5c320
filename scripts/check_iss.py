"""Check satdoku on the ISS variant puzzles: every puzzle of ``iss_puzzles.jsonl`` whose
constraint string (or killer or pencil-mark notation) satdoku reads is solved, proven
unique and compared with its stored solution.

Prints the machine and the exact command, a markdown table per rule type (puzzles, ok, median
and max seconds), the puzzles not read (by reason), and every failure. A puzzle is ok when its
status is ``unique`` and its solution is the stored one (or none is stored). A wrong answer is
a stored solution that breaks the puzzle as read, a unique or first solution that differs from
it, or no solution where one is stored; the exit status is 1 when there is any.

    python scripts/check_iss.py ../shared/data/variants/iss_puzzles.jsonl --timeout 10
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from satdoku.errors import ParseError
from satdoku.formats.iss import parse_iss
from satdoku.formats.iss_start import is_iss
from satdoku.formats.notation_start import is_notation, read_notation
from satdoku.model import Puzzle
from satdoku.solver import uniqueness
from satdoku.status import Status
from satdoku.verify import violations

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared/data/variants/iss_puzzles.jsonl"


@dataclass(frozen=True)
class Outcome:
    """One puzzle checked: its name, rule types, status, seconds, and what went wrong."""

    name: str
    types: tuple[str, ...]
    status: str
    seconds: float
    problem: str | None = None
    wrong: bool = False


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="example: python scripts/check_iss.py ../shared/data/variants/iss_puzzles.jsonl",
    )
    parser.add_argument("data", nargs="?", type=Path, default=DEFAULT_DATA, help="JSON lines")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per puzzle")
    parser.add_argument("--backend", help="backend to use (default: satdoku's choice)")
    parser.add_argument("--name", help="only puzzles whose name contains this text")
    args = parser.parse_args()
    if not args.data.is_file():
        parser.error(f"no such file: {args.data}")
    print(f"command: `python {' '.join(sys.argv)}`  ")
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python"
        f" {platform.python_version()}, python-sat {version('python-sat')},"
        f" ortools {version('ortools')}\n"
    )
    outcomes: list[Outcome] = []
    unread: Counter[str] = Counter()
    for line in args.data.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if args.name and args.name not in str(entry["name"]):
            continue
        text = entry["iss"]
        if not is_read(text):
            unread["neither an ISS constraint string nor a notation satdoku reads"] += 1
            continue
        try:
            puzzle = read(text)
        except ParseError as err:
            unread[_reason(err)] += 1
            continue
        outcomes.append(_check(entry, puzzle, args.timeout, args.backend))
    _table(outcomes)
    print(f"\nread {len(outcomes)} puzzles; not read: {sum(unread.values())}  ")
    for reason, n in unread.most_common():
        print(f"- {n} x {reason}")
    failures = [o for o in outcomes if o.problem]
    if failures:
        print("\n| failure | rule types | status | s | problem |\n|---|---|---|---:|---|")
        for o in failures:
            flag = "WRONG: " if o.wrong else ""
            print(
                f"| {o.name} | {', '.join(o.types)} | {o.status} | {o.seconds:.2f} | {flag}{o.problem} |"
            )
    return 1 if any(o.wrong for o in outcomes) else 0


def is_read(text: str) -> bool:
    """Whether ``text`` is an ISS string or another notation of the collection satdoku reads."""
    return is_iss(text) or is_notation(text)


def read(text: str) -> Puzzle:
    """The puzzle of an entry's text (see :func:`is_read`); ParseError when it is not one."""
    return parse_iss(text) if is_iss(text) else read_notation(text)


def read_entries(
    data: Path, names: Sequence[str] | None = None
) -> Iterator[tuple[dict[str, Any], str, Puzzle]]:
    """Each entry of ``data`` that satdoku reads (and whose name contains one of ``names``),
    with its name and its puzzle; ValueError naming the line that is not an entry."""
    try:
        text = data.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{data}: not UTF-8 text") from None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            entry = None
        if not isinstance(entry, dict) or not isinstance(entry.get("iss"), str):
            raise ValueError(f"{data}: line {number}: expected a JSON object with an iss string")
        name = str(entry.get("name") or "(no name)")
        if (names and not any(n in name for n in names)) or not is_read(entry["iss"]):
            continue
        try:
            yield entry, name, read(entry["iss"])
        except ParseError:
            continue


def _reason(err: ParseError) -> str:
    """What kept a string from being read, without the place (``unknown rule Foo``)."""
    return err.message.split(" at character")[0].split(";")[0]


def _check(
    entry: dict[str, object], puzzle: Puzzle, timeout: float, backend: str | None
) -> Outcome:
    name = str(entry["name"] or "(no name)")
    listed = entry["constraint_types"]
    types = tuple(str(t) for t in listed) if isinstance(listed, list) and listed else ()
    types = types or ("(givens only)",)
    stored = stored_grid(entry.get("solution"), puzzle)
    start = time.perf_counter()
    result = uniqueness(puzzle, backend=backend, timeout=timeout, closest=False)
    seconds = time.perf_counter() - start
    status = result.status.value
    found = tuple(result.solutions[0].grid) if result.solutions else None
    if stored is not None and (broken := violations(puzzle, stored)):
        return Outcome(name, types, status, seconds, f"stored solution breaks {broken[0]}", True)
    if stored is not None and result.status is Status.NO_SOLUTION:
        return Outcome(name, types, status, seconds, "no solution found", True)
    if stored is not None and result.status is Status.UNIQUE and found != stored:
        return Outcome(name, types, status, seconds, "solution differs from the stored one", True)
    if result.status is not Status.UNIQUE:
        return Outcome(name, types, status, seconds, f"status {status}")
    return Outcome(name, types, status, seconds)


def stored_grid(solution: object, puzzle: Puzzle) -> tuple[int, ...] | None:
    """The stored solution as grid values: digits (from 0 in a grid of values from 0), or
    letters from ``A`` = 1 above 9 values."""
    if not isinstance(solution, str) or len(solution) != puzzle.ncells:
        return None
    if puzzle.values > 9:
        return tuple(ord(ch) - ord("A") + 1 for ch in solution)
    shift = puzzle.first - 1
    return tuple(int(ch) - shift if ch.isdigit() else 0 for ch in solution)


def _table(outcomes: list[Outcome]) -> None:
    by_type: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        for t in o.types:
            by_type[t].append(o)
    print("| rule type | puzzles | ok | median s | max s |\n|---|---:|---:|---:|---:|")
    for t in sorted(by_type):
        group = by_type[t]
        seconds = [o.seconds for o in group]
        ok = sum(1 for o in group if not o.problem)
        print(
            f"| {t} | {len(group)} | {ok} | {statistics.median(seconds):.2f} | {max(seconds):.2f} |"
        )
    if outcomes:
        seconds = [o.seconds for o in outcomes]
        ok = sum(1 for o in outcomes if not o.problem)
        print(
            f"| **all** | {len(outcomes)} | {ok} | {statistics.median(seconds):.2f} |"
            f" {max(seconds):.2f} |"
        )


if __name__ == "__main__":
    sys.exit(main())
