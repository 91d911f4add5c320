"""``satdoku explain``: solve like a person, step by step, and say how hard it was."""

from __future__ import annotations

from typing import IO

import click

from satdoku.cli.inputs import Streams, describe, open_output, read_inputs
from satdoku.cli.options import (
    format_option,
    limit_option,
    stream_options,
    techniques_option,
    timeout_option,
)
from satdoku.cli.report import Report
from satdoku.deadline import SolveTimeout
from satdoku.errors import UsageError
from satdoku.formats.records import (
    OutputRecord,
    count_record,
    explanation_record,
    givens_line,
    invalid_record,
    json_line,
    named_candidates,
    rating_record,
    step_record,
    where,
)
from satdoku.formats.reports import explanation_lines, hint_text, outcome_note, trace_lines
from satdoku.logic import Explanation, Technique, explain, rating_of, technique_set
from satdoku.logic.layout import values_of
from satdoku.model import Puzzle
from satdoku.status import Status

COUNT_TIMEOUT = 10.0
"""Seconds for the SAT count of a stuck puzzle when no --timeout is given."""


@click.command("explain")
@stream_options
@techniques_option
@click.option("--trace", is_flag=True, help="Print the grid as one line after every placement.")
@click.option("--hint", "only_hint", is_flag=True, help="Give only the next easiest step.")
@format_option(
    ("grid", "json", "trace"),
    aliases=("text",),
    help="Output: grid: the steps in words; json: JSON Lines, one object per puzzle; trace:"
    " the puzzle, then the grid after every placement, one line each and nothing else.",
)
@limit_option("When the logic gets stuck, count the SAT solutions up to N.", default=100)
@timeout_option(
    f"Seconds per puzzle for the logic (past it the status is unknown), and for the SAT count"
    f" of a stuck puzzle (default {COUNT_TIMEOUT:g}; past it the count is a lower bound)."
)
def explain_command(
    streams: Streams,
    techniques: str,
    trace: bool,
    only_hint: bool,
    fmt: str,
    limit: int,
    timeout: float | None,
) -> int:
    """Explain how to solve PUZZLE (a string), every puzzle in FILE, or stdin ('-').

    Techniques are tried easiest first (singles, locked candidates, subsets, fish, wings,
    colouring). When none applies, the stuck grid is shown with its candidates and the SAT
    solver counts the solutions (status needs_search).

    \b
    Exit status: 0 done, 1 some puzzle has no solution, 2 bad input, 3 some puzzle ran out
    of time.
    \b
    Examples:
      satdoku explain '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
      satdoku explain --trace -f puzzles.txt -o steps.txt
      satdoku explain --format trace '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
      satdoku explain --hint --techniques singles --format json '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
    """
    if fmt == "trace" and only_hint:
        raise UsageError("--format trace prints every placement; it does not go with --hint")
    allowed = technique_set(techniques)
    inputs = read_inputs(streams)
    with open_output(streams, inputs) as out, Report(streams, inputs) as report:
        for record in report.walk():
            line = record.line if inputs.walks_a_file else None
            candidates = ""
            if record.puzzle is None:
                assert record.error is not None
                message = describe(inputs.name, record.error)
                report.error(message)
                result = invalid_record(line, message, record.key)
            else:
                result = {**where(line, record.key), "puzzle": givens_line(record.puzzle)}
                found, candidates = _explain(
                    record.puzzle, allowed, trace or fmt == "trace", only_hint, limit, timeout
                )
                result.update(found)
            report.add(result["status"])
            if fmt == "trace":
                _write_trace(out, report, result, inputs.name)
            else:
                _write(out, result, fmt, only_hint, candidates)
        report.summary()
    return report.exit


def _explain(
    puzzle: Puzzle,
    techniques: tuple[Technique, ...],
    trace: bool,
    only_hint: bool,
    limit: int,
    timeout: float | None,
) -> tuple[OutputRecord, str]:
    """The explanation (or hint) record, and the stuck grid with its candidates as text."""
    try:
        explanation = explain(puzzle, techniques, trace=trace and not only_hint, timeout=timeout)
    except SolveTimeout as err:
        return {"status": str(Status.UNKNOWN), "reason": str(err)}, ""
    stuck = explanation.status == Status.NEEDS_SEARCH
    if only_hint:
        steps = explanation.steps
        result: OutputRecord = {
            "status": str(explanation.status),
            "hint": step_record(steps[0]) if steps else None,
        }
        if explanation.reason:
            result["reason"] = explanation.reason
        if stuck and not steps:
            result["solutions"] = _count(puzzle, limit, timeout)
        return result, ""
    result = explanation_record(explanation)
    result["rating"] = rating_record(rating_of(explanation))
    if stuck:
        result["candidates"] = _candidates(explanation)
        result["solutions"] = _count(puzzle, limit, timeout)
        return result, explanation.grid.candidates_text()
    return result, ""


def _count(puzzle: Puzzle, limit: int, timeout: float | None) -> OutputRecord:
    """How many solutions the SAT side finds, up to ``limit`` and within the time."""
    from satdoku.solver import count

    return count_record(count(puzzle, limit, timeout=timeout or COUNT_TIMEOUT))


def _candidates(explanation: Explanation) -> OutputRecord:
    grid = explanation.grid
    return named_candidates(grid.layout.names, [values_of(m) for m in grid.cands])


def _write_trace(out: IO[str], report: Report, result: OutputRecord, source: str | None) -> None:
    """The plain trace on ``out`` (an empty line after it when read from a file); why it does
    not end with a solution on stderr."""
    note = outcome_note(result) if result["status"] != Status.INVALID else None
    if note is not None:
        report.note(f"{source}: line {result['line']}: {note}" if "line" in result else note)
    lines = trace_lines(result)
    if lines and "line" in result:
        lines.append("")
    out.write("".join(f"{line}\n" for line in lines))


def _write(out: IO[str], result: OutputRecord, fmt: str, only_hint: bool, candidates: str) -> None:
    if fmt == "json":
        out.write(json_line(result))
        return
    status = result["status"]
    if status == Status.INVALID:
        return
    text = [f"# line {result['line']}"] if "line" in result else []
    if status == Status.UNKNOWN:
        text.append(f"unknown: {result['reason']}")
    elif only_hint:
        text.append(hint_text(result))
    else:
        text.extend(explanation_lines(result, candidates))
    if "line" in result:
        text.append("")
    out.write("\n".join(text) + "\n")
