"""``satdoku candidates``: for each cell, the values some solution puts there."""

from __future__ import annotations

import click

from satdoku.cli.inputs import Streams, describe, open_output, read_inputs
from satdoku.cli.options import format_option, limit_option, named, stream_options, timeout_option
from satdoku.cli.report import Report
from satdoku.encodings import get_encoding
from satdoku.formats.candidates import candidates_grid, candidates_words, counts_words
from satdoku.formats.records import (
    OutputRecord,
    candidates_record,
    csv_header,
    csv_row,
    invalid_record,
    json_line,
    where,
)
from satdoku.model import Puzzle
from satdoku.solver.candidates import candidates
from satdoku.solver.defaults import DEFAULT_BACKEND
from satdoku.solver.pysat_solver import parse_backend
from satdoku.status import Status

FIELDS = ("line", "id", "status", "candidates", "counts", "solutions", "time", "reason", "error")
"""The CSV columns: candidates and counts as one word per cell (``candidates_words``)."""
FOUND = (Status.UNIQUE, Status.MULTIPLE)
"""The statuses whose candidates are complete."""


@click.command("candidates")
@stream_options
@format_option(("grid", "line", "json", "csv"), aliases=("text",))
@limit_option("Count the solutions of each candidate up to N.")
@timeout_option("Seconds per puzzle; past it the status is unknown, with what was found so far.")
@click.option(
    "--backend",
    "--solver",
    "backend",
    callback=named,
    help=f"A python-sat solver name (default {DEFAULT_BACKEND}).",
)
@click.option("--encoding", callback=named, help="CNF encoding spec (default as for solve).")
def candidates_command(
    streams: Streams,
    fmt: str,
    limit: int | None,
    timeout: float | None,
    backend: str | None,
    encoding: str | None,
) -> int:
    """Show, for each cell of PUZZLE (a string), of every puzzle in FILE, or of stdin ('-'),
    the values it takes in at least one solution: its true candidates.

    With --limit N, each candidate's solutions are counted up to N, so the values that are
    nearly forced stand out. grid shows the candidates where the cells are (and with --limit,
    one line per open cell: 'r1c3: 3 x12, 4 x20+', '+' where the count reached N); line is one
    word per cell (its values run together; numbers joined by '/' above 9x9); json is
    {"status", "candidates": one list per cell in row-major order, "counts" and "limit" with
    --limit (parallel to candidates), "solutions", "time", "reason" when unknown}.

    \b
    Exit status: 0 unique, 1 some puzzle has several or no solution, 2 bad input, 3 some
    puzzle ran out of time (its candidates so far are still written in json, csv and grid).
    \b
    Examples:
      satdoku candidates '......6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
      satdoku candidates --limit 100 --format json -f puzzles.txt
    """
    if backend is not None:
        parse_backend(backend)
    if encoding is not None:
        get_encoding(encoding)
    inputs = read_inputs(streams)
    with open_output(streams, inputs) as out, Report(streams, inputs) as report:
        if fmt == "csv":
            out.write(csv_header(FIELDS))
        for record in report.walk():
            line = record.line if inputs.walks_a_file else None
            note = f"{inputs.name}: line {record.line}: " if inputs.walks_a_file else ""
            if record.puzzle is None:
                assert record.error is not None
                result = invalid_record(line, describe(inputs.name, record.error), record.key)
                report.error(result["error"])
            else:
                found = candidates(
                    record.puzzle, limit=limit, backend=backend, encoding=encoding, timeout=timeout
                )
                result = {**where(line, record.key), **candidates_record(found)}
                if "reason" in result:
                    report.note(f"{note}{result['status']}: {result['reason']}")
            report.add(result["status"])
            out.write(_text(result, record.puzzle, fmt, line))
        report.summary()
    return report.exit


def _text(result: OutputRecord, puzzle: Puzzle | None, fmt: str, line: int | None) -> str:
    """The output of one puzzle in ``fmt``."""
    if fmt == "json":
        return json_line(result)
    status = result["status"]
    if fmt == "csv":
        row = dict(result)
        if puzzle is not None:
            row["candidates"] = candidates_words(puzzle, result)
            if "counts" in result:
                row["counts"] = counts_words(result)
        return csv_row(row, FIELDS)
    if fmt == "line":
        shown = (
            candidates_words(puzzle, result) if puzzle is not None and status in FOUND else status
        )
        return f"{shown}\n"
    if puzzle is None:
        return ""
    head = "" if line is None else f"# line {line}\n"
    if status == Status.NO_SOLUTION:
        return f"{head}{status}\n" + ("\n" if line is not None else "")
    body = candidates_grid(puzzle, result)
    if status == Status.UNKNOWN:
        body = f"{status}: the candidates found so far\n{body}"
    return f"{head}{body}\n" + ("\n" if line is not None else "")
