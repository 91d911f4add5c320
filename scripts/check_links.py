"""Check satdoku on f-puzzles and SudokuPad links: every link of the files given is read,
solved, proven unique and compared with its stored solution (or the setter's, which an
f-puzzles payload may carry), and the links not read are counted by reason.

A file holds links one per line; or JSON lines, each an object with a ``link`` (or the
``src`` links of ISS's puzzle list), a ``name`` and a ``solution``; or one JSON array of
``[name, payload]`` pairs (an f-puzzles payload or a link, and after a space, maybe its
solution). Prints the machine and the exact
command, a markdown table per rule family read (puzzles, ok, median and max seconds), the
links not read (by reason) and every failure. A wrong answer is a stored solution that
breaks the puzzle as read, a unique solution that differs from it, or no solution where one
is stored; the exit status is 1 when there is any.

    python scripts/check_links.py ../shared/data/variants/iss_puzzles.jsonl --timeout 10
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from urllib.parse import unquote

from satdoku.errors import ParseError
from satdoku.formats.links import is_link, parse_link
from satdoku.formats.lzstring import LZStringError, decompress_base64
from satdoku.model import Puzzle
from satdoku.solver import uniqueness
from satdoku.status import Status
from satdoku.verify import violations

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared/data/variants/iss_puzzles.jsonl"
GRID_FAMILIES = frozenset({"row", "column", "box"})
_FPUZZLES_PAYLOAD = re.compile(r"(?:[?&]load=|/fpuzzles|/fpuz|puzzleid=fpuzzles)([^&#\s]+)")


@dataclass(frozen=True)
class Entry:
    """A link to check: its name, the link, and the solution stored with it (or None)."""

    name: str
    link: str
    solution: str | None


@dataclass(frozen=True)
class Outcome:
    """One link checked: its name, rule families, status, seconds, and what went wrong."""

    name: str
    families: tuple[str, ...]
    status: str
    seconds: float
    problem: str | None = None
    wrong: bool = False


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="example: python scripts/check_links.py ../shared/data/variants/iss_puzzles.jsonl",
    )
    parser.add_argument("data", nargs="*", type=Path, default=[DEFAULT_DATA], help="files")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per puzzle")
    parser.add_argument("--backend", help="backend to use (default: satdoku's choice)")
    args = parser.parse_args()
    for path in args.data:
        if not path.is_file():
            parser.error(f"no such file: {path}")
    print(f"command: `python {' '.join(sys.argv)}`  ")
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python"
        f" {platform.python_version()}, python-sat {version('python-sat')},"
        f" ortools {version('ortools')}\n"
    )
    outcomes: list[Outcome] = []
    unread: Counter[str] = Counter()
    for path in args.data:
        for entry in _entries(path):
            try:
                puzzle = parse_link(entry.link)
            except ParseError as err:
                unread[err.message.split(";")[0]] += 1
                continue
            outcomes.append(_check(entry, puzzle, args.timeout, args.backend))
    _table(outcomes)
    print(f"\nread {len(outcomes)} links; not read: {sum(unread.values())}  ")
    for reason, n in unread.most_common():
        print(f"- {n} x {reason}")
    failures = [o for o in outcomes if o.problem]
    if failures:
        print("\n| failure | rule families | status | s | problem |\n|---|---|---|---:|---|")
        for o in failures:
            flag = "WRONG: " if o.wrong else ""
            families = ", ".join(o.families)
            print(f"| {o.name} | {families} | {o.status} | {o.seconds:.2f} | {flag}{o.problem} |")
    return 1 if any(o.wrong for o in outcomes) else 0


def _entries(path: Path) -> Iterator[Entry]:
    """The links of a file in any of the three forms the module docstring names."""
    text = path.read_text(encoding="utf-8")
    if text.lstrip().startswith("["):
        for k, (name, payload, *_) in enumerate(json.loads(text), 1):
            payload, _, solution = str(payload).strip().partition(" ")
            link = payload if is_link(payload) else "https://f-puzzles.com/?load=" + payload
            yield Entry(str(name or f"{path.name} {k}"), link, solution.strip() or None)
        return
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.lstrip().startswith("{"):
            yield Entry(f"{path.name}:{lineno}", line.strip(), None)
            continue
        obj = json.loads(line)
        name = str(obj.get("name") or obj.get("title") or f"{path.name}:{lineno}")
        solution = obj.get("solution") if isinstance(obj.get("solution"), str) else None
        sources = obj.get("link") or obj.get("src") or []
        for link in [sources] if isinstance(sources, str) else sources:
            if isinstance(link, str) and is_link(link) and _carries_puzzle(link):
                yield Entry(name, link, solution)


def _carries_puzzle(link: str) -> bool:
    """Whether a link holds its puzzle (a short id needs the network: not checked here)."""
    return bool(_FPUZZLES_PAYLOAD.search(link) or re.search(r"/(?:scl|ctc)[A-Za-z0-9+/]", link))


def _setters_solution(link: str) -> str | None:
    """The ``solution`` an f-puzzles payload carries, when it is whole."""
    m = _FPUZZLES_PAYLOAD.search(link)
    if m is None:
        return None
    try:
        obj = json.loads(decompress_base64(unquote(m.group(1)).replace(" ", "+")))
    except (LZStringError, ValueError):
        return None
    solution = obj.get("solution") if isinstance(obj, dict) else None
    if not isinstance(solution, list) or not all(isinstance(v, int) and v > 0 for v in solution):
        return None
    return "".join(str(v) for v in solution) if all(v < 10 for v in solution) else None


def _check(entry: Entry, puzzle: Puzzle, timeout: float, backend: str | None) -> Outcome:
    families = sorted({c.family for c in puzzle.constraints} - GRID_FAMILIES)
    types = tuple(families) or ("(givens only)",)
    stored = _stored(entry.solution or _setters_solution(entry.link), puzzle)
    start = time.perf_counter()
    result = uniqueness(puzzle, backend=backend, timeout=timeout, closest=False)
    seconds = time.perf_counter() - start
    status = result.status.value
    found = tuple(result.solutions[0].grid) if result.solutions else None
    if stored is not None and (broken := violations(puzzle, stored)):
        return Outcome(
            entry.name, types, status, seconds, f"stored solution breaks {broken[0]}", True
        )
    if stored is not None and result.status is Status.NO_SOLUTION:
        return Outcome(entry.name, types, status, seconds, "no solution found", True)
    if stored is not None and result.status is Status.UNIQUE and found != stored:
        return Outcome(
            entry.name, types, status, seconds, "solution differs from the stored one", True
        )
    if result.status is not Status.UNIQUE:
        return Outcome(entry.name, types, status, seconds, f"status {status}")
    return Outcome(entry.name, types, status, seconds)


def _stored(solution: str | None, puzzle: Puzzle) -> tuple[int, ...] | None:
    """The stored solution as values: digits, or letters from ``A`` = 1 above 9 values."""
    if solution is None or len(solution) != puzzle.ncells:
        return None
    if puzzle.values > 9:
        return tuple(ord(ch) - ord("A") + 1 for ch in solution)
    return tuple(int(ch) if ch.isdigit() else 0 for ch in solution)


def _table(outcomes: list[Outcome]) -> None:
    by_family: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        for family in o.families:
            by_family[family].append(o)
    print("| rule family | puzzles | ok | median s | max s |\n|---|---:|---:|---:|---:|")
    rows = [*sorted(by_family.items()), ("**all**", outcomes)] if outcomes else []
    for family, group in rows:
        seconds = [o.seconds for o in group]
        ok = sum(1 for o in group if not o.problem)
        median, most = statistics.median(seconds), max(seconds)
        print(f"| {family} | {len(group)} | {ok} | {median:.2f} | {most:.2f} |")


if __name__ == "__main__":
    sys.exit(main())
