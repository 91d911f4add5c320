"""What ``satdoku solve`` does once its options are read: solve every puzzle given and print
each solution. No click here: a plain ``satdoku solve PUZZLE`` (:func:`plain_request`) runs
:func:`solve_puzzles` without reading its options through click, as the command does with
them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import IO

from satdoku.cli.inputs import Inputs, Streams, describe, open_output, read_inputs
from satdoku.cli.report import Report
from satdoku.cli.solver_check import check_solver
from satdoku.deadline import SolveTimeout
from satdoku.errors import UsageError
from satdoku.formats.notations import NOTATIONS
from satdoku.formats.output import format_grid
from satdoku.formats.record import Record
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

FORMATS = ("grid", "line", "json", "csv", "svg", *NOTATIONS)
"""The formats ``satdoku solve`` writes; the first is the default."""

FIELDS = ("line", "status", "solution", "reason", "error")
"""The CSV columns."""


def plain_request(args: Sequence[str]) -> tuple[str, str] | None:
    """``(PUZZLE, FORMAT)`` of the command line ``solve PUZZLE``, with ``--format F`` (or
    ``--format=F``) before or after PUZZLE, F one of :data:`FORMATS`; None for any other,
    which click reads."""
    if not args or args[0] != "solve":
        return None
    rest = list(args[1:])
    fmt = FORMATS[0]
    for at, arg in enumerate(rest):
        if arg.startswith("--format="):
            fmt = arg.partition("=")[2]
            del rest[at]
            break
        if arg == "--format" and at + 1 < len(rest):
            fmt = rest[at + 1]
            del rest[at : at + 2]
            break
    if fmt not in FORMATS or len(rest) != 1 or not rest[0] or rest[0].startswith("-"):
        return None
    return rest[0], fmt


def solve_puzzles(
    streams: Streams,
    fmt: str = FORMATS[0],
    encoding: str | None = None,
    backend: str | None = None,
    timeout: float | None = None,
    stats: bool = False,
    every: bool = False,
    limit: int | None = None,
    model_file: str | None = None,
) -> int:
    """Solve every puzzle of ``streams`` and write each answer in ``fmt``; the exit status
    (``every``: each solution as it is found, at most ``limit``; ``model_file``: decode an
    external solver's answer instead of solving)."""
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
            from satdoku.cli.stream import stream_all  # solve --all

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
    from satdoku.encodings import DEFAULT_ENCODING
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
    import click  # only with --model, read through click as the option is

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
        report.note(f"{where}stats: {json_line(result['stats']).rstrip()}")
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
