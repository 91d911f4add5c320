"""``satdoku solve --all``: stream every solution of every puzzle as it is found."""

from __future__ import annotations

from typing import IO

from satdoku.cli.inputs import Inputs, describe
from satdoku.cli.report import Report
from satdoku.formats.output import format_grid, format_line
from satdoku.formats.records import (
    OutputRecord,
    csv_header,
    csv_row,
    invalid_record,
    json_line,
    where,
)
from satdoku.solver import SolveTimeout, solutions
from satdoku.status import Status

FIELDS = ("line", "status", "index", "solution")
"""The CSV columns: the puzzle's line, its status, the solution's number, the solution."""


def stream_all(
    inputs: Inputs,
    report: Report,
    out: IO[str],
    fmt: str,
    encoding: str | None,
    backend: str | None,
    timeout: float | None,
    limit: int | None,
) -> None:
    """Write each solution of each puzzle (a grid, a line, a JSON object or a CSV row with the
    puzzle's line and the solution's number), or for a puzzle without one a record of its
    status; the count of each puzzle goes to stderr."""
    if fmt == "csv":
        out.write(csv_header(FIELDS))
    for record in report.walk():
        line = record.line if inputs.walks_a_file else None
        at = f"{inputs.name}: line {record.line}: " if inputs.walks_a_file else ""
        if record.puzzle is None:
            assert record.error is not None
            message = describe(inputs.name, record.error)
            report.error(message)
            report.add(Status.INVALID)
            _unsolved(out, fmt, {**invalid_record(line, message, record.key), "solution": None})
            continue
        found = 0
        stream = solutions(
            record.puzzle,
            encoding=encoding,
            backend=backend,
            limit=limit,
            timeout=timeout,
            many=True,
        )
        try:
            for solution in stream:
                found += 1
                text = format_line(solution.puzzle, solution.grid)
                item = {
                    **where(line, record.key),
                    "status": str(Status.SOLVED),
                    "index": found,
                    "solution": text,
                }
                if fmt == "json":
                    out.write(json_line(item))
                elif fmt == "csv":
                    out.write(csv_row(item, FIELDS))
                elif fmt == "line":
                    out.write(text + "\n")
                else:
                    out.write(format_grid(solution.puzzle, solution.grid) + "\n\n")
        except SolveTimeout as err:
            report.note(f"{at}{Status.UNKNOWN}: {err} after {found} solutions")
            report.add(Status.UNKNOWN)
            _unsolved(
                out,
                fmt,
                {**where(line, record.key), "status": str(Status.UNKNOWN), "solution": None},
            )
            continue
        if found == 0:
            report.note(f"{at}{Status.NO_SOLUTION}")
            report.add(Status.NO_SOLUTION)
            _unsolved(
                out,
                fmt,
                {**where(line, record.key), "status": str(Status.NO_SOLUTION), "solution": None},
            )
        else:
            more = " (limit reached)" if limit is not None and found == limit else ""
            report.note(f"{at}{found} solution{'' if found == 1 else 's'}{more}")
            report.add(Status.SOLVED)
    report.summary()


def _unsolved(out: IO[str], fmt: str, record: OutputRecord) -> None:
    """The one record of a puzzle without a solution to list (not drawn in the grid format)."""
    if fmt == "json":
        out.write(json_line(record))
    elif fmt == "csv":
        out.write(csv_row(record, FIELDS))
    elif fmt == "line":
        out.write(f"{record['status']}\n")
