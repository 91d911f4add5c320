"""``satdoku solve``: solve every puzzle given and print each solution."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import islice
from typing import IO

import click

from satdoku.cli.inputs import Inputs, Streams, describe, open_output, read_inputs, stream_options
from satdoku.cli.options import check_solver, format_option, limit_option, solver_options
from satdoku.cli.report import Report
from satdoku.cli.stream import stream_all
from satdoku.deadline import SolveTimeout
from satdoku.encodings import DEFAULT_ENCODING
from satdoku.errors import UsageError
from satdoku.formats import Record
from satdoku.formats.notations import NOTATIONS
from satdoku.formats.output import format_grid
from satdoku.formats.records import (
    OutputRecord,
    csv_header,
    csv_row,
    invalid_record,
    json_line,
    no_solution_record,
    solution_record,
    unsolved_record,
    where,
)
from satdoku.formats.source import is_binary
from satdoku.results import Solution
from satdoku.solver.search import solve
from satdoku.status import Status

FIELDS = ("line", "status", "solution", "reason", "error")
"""The CSV columns."""


@click.command("solve")
@stream_options
@format_option(("grid", "line", "json", "csv", "svg", *NOTATIONS))
@solver_options()
@click.option("--stats", is_flag=True, help="Report solver statistics (stderr, or in JSON).")
@click.option("--all", "every", is_flag=True, help="Print every solution, as it is found.")
@limit_option("With --all: stop after N solutions per puzzle.")
@click.option(
    "--model",
    "model_file",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Do not solve: decode and verify an external SAT solver's answer to the CNF that"
    " 'satdoku dimacs' wrote for this puzzle with the same --encoding.",
)
def solve_command(
    streams: Streams,
    fmt: str,
    encoding: str | None,
    backend: str | None,
    timeout: float | None,
    stats: bool,
    every: bool,
    limit: int | None,
    model_file: str | None,
) -> int:
    """Solve PUZZLE (a string), every puzzle in FILE, or stdin ('-').

    \b
    Exit status: 0 all solved, 1 some puzzle has no solution, 2 bad input,
    3 some puzzle ran out of time.
    \b
    Examples:
      satdoku solve '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
      satdoku solve --all --format line '8.........95.......76.........692748...714235...538196...451......973.8....826.1.'
      satdoku solve -f puzzles.txt --format csv -o solutions.csv
      satdoku solve PUZZLE --format svg -o solution.svg
      satdoku solve --kind kakuro -f puzzles.jsonl
      satdoku solve --model answer.txt --encoding extended PUZZLE   (see 'satdoku dimacs')
    """
    if (every or limit is not None) and model_file is not None:
        raise UsageError("--all and --limit do not go with --model")
    if (every or limit is not None) and (fmt == "svg" or fmt in NOTATIONS):
        raise UsageError(
            f"--format {fmt} writes one grid a puzzle; it does not go with --all or --limit"
        )
    check_solver(None if model_file else backend, encoding)
    inputs = read_inputs(streams)
    with open_output(streams, inputs) as out, Report(streams, inputs) as report:
        if every or limit is not None:
            stream_all(inputs, report, out, fmt, encoding, backend, timeout, limit)
            return report.exit
        if fmt == "csv":
            out.write(csv_header(FIELDS))
        if model_file is not None:
            record = _only_record(inputs, report)
            assert record.puzzle is not None
            solution, result = _decode(record, inputs, model_file, encoding, stats)
            _emit(out, report, record, inputs, solution, result, fmt)
            return report.exit
        records: Iterator[Record] = report.walk()
        if fmt == "svg":
            first = list(islice(records, 2))
            if len(first) > 1:
                raise UsageError(
                    "--format svg draws one puzzle; the input holds more (take one with --first 1)"
                )
            records = iter(first)
        for record in records:
            solution, result = _solve(record, inputs, encoding, backend, timeout, stats)
            _emit(out, report, record, inputs, solution, result, fmt)
        report.summary()
    return report.exit


def _only_record(inputs: Inputs, report: Report) -> Record:
    """The one puzzle an external model answers."""
    record = next(report.walk())
    if next(inputs.records, None) is not None:
        raise UsageError("--model answers one puzzle; give exactly one")
    if record.puzzle is None:
        assert record.error is not None
        raise UsageError(describe(inputs.name, record.error))
    return record


def _decode(
    record: Record, inputs: Inputs, model_file: str, encoding: str | None, stats: bool
) -> tuple[Solution | None, OutputRecord]:
    """An external solver's answer in ``model_file``, decoded and verified."""
    from satdoku.solver.external import solution_from_model  # only with --model

    assert record.puzzle is not None
    text = _model_text(model_file)
    solution = solution_from_model(record.puzzle, text, encoding or DEFAULT_ENCODING)
    result = where(record.line if inputs.walks_a_file else None, record.key)
    if solution is None:
        reason = "the external solver answered UNSATISFIABLE"
        result.update(unsolved_record(Status.NO_SOLUTION, reason))
    else:
        result.update(solution_record(solution, stats))
    return solution, result


MAX_MODEL = 1 << 30
"""Bytes of an external solver's answer read at most (a 400x400 extended model is smaller)."""


def _model_text(path: str) -> str:
    """The text of an external solver's answer: refused when binary, too long or unreadable."""
    try:
        with click.open_file(path, "rb") as handle:
            data: bytes = handle.read(8192)
            if is_binary(data):
                raise UsageError(f"{path}: binary data, not a solver's answer (DIMACS text)")
            data += handle.read(MAX_MODEL)
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror}") from None
    if len(data) > MAX_MODEL:
        raise UsageError(f"{path}: more than {MAX_MODEL:,} bytes; not a solver's answer")
    return data.decode("utf-8", errors="replace")


def _solve(
    record: Record,
    inputs: Inputs,
    encoding: str | None,
    backend: str | None,
    timeout: float | None,
    stats: bool,
) -> tuple[Solution | None, OutputRecord]:
    line = record.line if inputs.walks_a_file else None
    if record.puzzle is None:
        assert record.error is not None
        return None, {
            **invalid_record(line, describe(inputs.name, record.error), record.key),
            "solution": None,
        }
    result = where(line, record.key)
    try:
        solution = solve(record.puzzle, encoding=encoding, backend=backend, timeout=timeout)
    except SolveTimeout as err:
        result.update(unsolved_record(Status.UNKNOWN, str(err)))
        return None, result
    if solution is None:
        result.update(no_solution_record(record.puzzle))
        return None, result
    result.update(solution_record(solution, stats))
    return solution, result


def _emit(
    out: IO[str],
    report: Report,
    record: Record,
    inputs: Inputs,
    solution: Solution | None,
    result: OutputRecord,
    fmt: str,
) -> None:
    status = result["status"]
    report.add(status)
    where = f"{inputs.name}: line {record.line}: " if inputs.walks_a_file else ""
    if status == Status.INVALID:
        report.error(result["error"])
    elif status != Status.SOLVED:
        report.note(f"{where}{status}: {result['reason']}")
    if "stats" in result and fmt not in ("json", "csv"):
        report.note(f"{where}stats: {json.dumps(result['stats'])}")
    if fmt == "json":
        out.write(json_line(result))
    elif fmt == "svg":
        if record.puzzle is not None:
            from satdoku.formats.svg import puzzle_svg  # drawing is seldom asked for

            out.write(puzzle_svg(record.puzzle, solution.grid if solution else None))
    elif fmt == "csv":
        out.write(csv_row(result, FIELDS))
    elif fmt in NOTATIONS:
        if record.puzzle is not None:
            grid = solution.grid if solution is not None else record.puzzle.givens
            gap = "\n" if inputs.walks_a_file and fmt in ("ss", "sdk") else ""
            out.write(NOTATIONS[fmt](record.puzzle, grid) + "\n" + gap)
    elif fmt == "line":
        out.write(f"{result['solution'] if solution is not None else status}\n")
    elif solution is not None:
        picture = format_grid(solution.puzzle, solution.grid)
        out.write(f"# line {record.line}\n{picture}\n\n" if inputs.walks_a_file else picture + "\n")
