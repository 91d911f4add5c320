"""``satdoku unique``: is each puzzle unique? If not, where do two of its solutions differ?"""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import cast

import click

from satdoku.cli.inputs import (
    kind_option,
    puzzle_input_options,
    read_inputs,
    start_result,
)
from satdoku.cli.options import format_option, solver_options
from satdoku.formats import Record
from satdoku.solver import uniqueness

STATUSES = ("unique", "multiple", "no_solution", "unknown", "invalid")
EXIT = {"unique": 0, "multiple": 1, "no_solution": 1, "invalid": 2, "unknown": 3}


@click.command("unique")
@puzzle_input_options
@kind_option
@format_option(("text", "json"), "One line per puzzle, or one JSON object per puzzle.")
@solver_options()
@click.option(
    "--closest/--first",
    default=True,
    show_default=True,
    help="Show the second solution nearest to the first (fewest differing cells), or the"
    " second one found.",
)
@click.option("--quiet", "-q", is_flag=True, help="No summary on stderr.")
def unique_command(
    puzzle: str | None,
    file: str | None,
    box: str | None,
    alphabet: str,
    fmt: str,
    encoding: str | None,
    backend: str | None,
    timeout: float | None,
    closest: bool,
    quiet: bool,
    kind: str,
) -> int:
    """Check that PUZZLE (a string), every puzzle in FILE, or stdin ('-') has exactly one
    solution. For a puzzle with several, show two of them and the cells where they differ.

    The search stops at the second solution; the one shown is by default the solution nearest
    to the first, so the differing cells are as few as they can be. A summary (unique / multiple / none / invalid)
    goes to stderr.

    \b
    Exit status: 0 all unique, 1 some puzzle has several or no solution, 2 bad input
    (other puzzles are still checked), 3 some check ran out of time.
    \b
    Examples:
      satdoku unique '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
      satdoku unique -f puzzles.txt --format json
    """
    source, records = read_inputs(puzzle, file, box, alphabet, kind)
    tally: Counter[str] = Counter()
    started = time.perf_counter()
    for record in records:
        result = _check_record(record, source, encoding, backend, timeout, closest)
        tally[str(result["status"])] += 1
        if result["status"] == "invalid":
            click.echo(f"error: {result['error']}", err=True)
        click.echo(json.dumps(result) if fmt == "json" else _text(result, source))
    if not quiet and (source or fmt == "json"):
        total = sum(tally.values())
        counts = ", ".join(f"{tally[s]} {s}" for s in STATUSES if tally[s] or s != "unknown")
        seconds = time.perf_counter() - started
        click.echo(f"{total} puzzles: {counts} ({seconds:.2f} s)", err=True)
    return max((EXIT[s] for s in tally), default=0)


def _check_record(
    record: Record,
    source: str | None,
    encoding: str | None,
    backend: str | None,
    timeout: float | None,
    closest: bool,
) -> dict[str, object]:
    result = start_result(record, source)
    if record.puzzle is None:
        return result
    found = uniqueness(
        record.puzzle, encoding=encoding, backend=backend, timeout=timeout, closest=closest
    )
    result.update(
        status=found.status.value,
        solutions=[s.line for s in found.solutions],
        differences=list(found.differences),
        time=round(found.time, 6),
    )
    return result


def _text(result: dict[str, object], source: str | None) -> str:
    where = f"line {result['line']}: " if source else ""
    status = str(result["status"])
    if status != "multiple":
        return f"{where}{status}"
    differences = " ".join(cast("list[str]", result["differences"]))
    first, second = cast("list[str]", result["solutions"])
    return f"{where}multiple: differ at {differences}\n  {first}\n  {second}"
