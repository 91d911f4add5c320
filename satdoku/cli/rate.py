"""``satdoku rate``: rate puzzles by the hardest technique a person needs, with a summary."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import IO

import click

from satdoku.cli.inputs import Streams, describe, open_output, read_inputs
from satdoku.cli.options import format_option, stream_options, techniques_option, timeout_option
from satdoku.cli.report import Report
from satdoku.deadline import SolveTimeout
from satdoku.formats.records import (
    OutputRecord,
    csv_header,
    csv_row,
    invalid_record,
    json_line,
    rating_record,
    where,
)
from satdoku.formats.reports import RATING_HEADER, rating_row
from satdoku.logic import TECHNIQUES, rate, technique_set
from satdoku.logic.rating import LABELS
from satdoku.status import Status

FIELDS = ("line", "status", "score", "label", "hardest", "hardest_score", "steps", "placed")
"""The CSV columns."""


@click.command("rate")
@stream_options
@techniques_option
@format_option(("grid", "json", "csv"), aliases=("text",))
@timeout_option()
@click.option("--no-summary", "quiet_summary", is_flag=True, hidden=True)
def rate_command(
    streams: Streams, techniques: str, fmt: str, timeout: float | None, quiet_summary: bool
) -> int:
    """Rate PUZZLE (a string), every puzzle in FILE, or stdin ('-').

    The rating is the hardest technique the logic engine needs, on the Sudoku Explainer scale
    (hidden single 1.2 / 1.5, naked single 2.3, pointing 2.6, ... XY-Wing 4.2), with a label:
    easy, medium, hard, fiendish. When the techniques run out the status is needs_search and
    no number is given. The summary (labels, techniques used) goes to stderr.

    \b
    Exit status: 0 done, 1 some puzzle has no solution, 2 some input was bad, 3 some puzzle
    ran out of time.
    \b
    Examples:
      satdoku rate '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
      satdoku rate -f puzzles.txt --format json -o ratings.jsonl
      satdoku rate -f puzzles.txt --techniques singles --format csv
    """
    allowed = technique_set(techniques)
    inputs = read_inputs(streams)
    ratings: list[OutputRecord] = []
    with open_output(streams, inputs) as out, Report(streams, inputs) as report:
        for number, record in enumerate(report.walk()):
            if number == 0:  # after the input proved non-empty
                _header(out, fmt)
            line = record.line if inputs.walks_a_file else None
            if record.puzzle is None:
                assert record.error is not None
                message = describe(inputs.name, record.error)
                report.error(message)
                result = invalid_record(line, message, record.key)
            else:
                result = where(line, record.key)
                try:
                    result.update(rating_record(rate(record.puzzle, allowed, timeout=timeout)))
                except SolveTimeout as err:
                    result.update(status=str(Status.UNKNOWN), reason=str(err))
                ratings.append(result)
            report.add(result["status"])
            _write(out, result, fmt)
        if not quiet_summary:
            report.summary(_summary(ratings, report))
    return report.exit


def _header(out: IO[str], fmt: str) -> None:
    if fmt == "grid":
        out.write(RATING_HEADER + "\n")
    elif fmt == "csv":
        out.write(csv_header(FIELDS))


def _write(out: IO[str], result: OutputRecord, fmt: str) -> None:
    if fmt == "json":
        out.write(json_line(result))
    elif fmt == "csv":
        out.write(csv_row(result, FIELDS))
    elif result["status"] == Status.UNKNOWN:
        out.write(f"{result['line']:>6}  {'-':>6}  {Status.UNKNOWN!s:<12}  {result['reason']}\n")
    elif result["status"] != Status.INVALID:
        out.write(rating_row(result.get("line", 1), result) + "\n")


def _summary(ratings: list[OutputRecord], report: Report) -> Iterator[str]:
    """The labels and the techniques used, as a table."""
    rated = [r for r in ratings if "score" in r]
    labels = Counter(r["label"] or str(r["status"]) for r in rated)
    order = [label for _, label in LABELS] + [str(Status.NEEDS_SEARCH), str(Status.NO_SOLUTION)]
    hardest = Counter(r["hardest"] for r in rated if r["score"] is not None and r["hardest"])
    used: Counter[str] = Counter(t for r in rated for t in r["histogram"])
    steps: Counter[str] = Counter()
    for r in rated:
        steps.update(r["histogram"])
    scores = sorted(r["score"] for r in rated if r["score"] is not None)
    yield (
        f"summary: {len(rated)} puzzles rated in {report.seconds:.2f} s"
        f" ({report.statuses[Status.INVALID]} invalid, {report.statuses[Status.UNKNOWN]}"
        " out of time)"
    )
    if scores:
        yield (
            "rating of the puzzles the logic solves:"
            f" median {scores[len(scores) // 2]:.1f}, max {scores[-1]:.1f}"
        )
    n = len(rated)
    yield f"{'label':<24}  {'puzzles':>7}  {'share':>6}"
    for label in order:
        if labels[label]:
            yield f"{label:<24}  {labels[label]:>7}  {100 * labels[label] / n:>5.1f}%"
    yield from _techniques(hardest, used, steps)


def _techniques(hardest: Counter[str], used: Counter[str], steps: Counter[str]) -> Iterable[str]:
    yield f"{'technique':<24}  {'hardest in':>10}  {'used in':>7}  {'steps':>7}"
    for name in (t.name for t in TECHNIQUES):
        if used[name]:
            yield f"{name:<24}  {hardest[name]:>10}  {used[name]:>7}  {steps[name]:>7}"
