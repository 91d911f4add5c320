"""``satdoku batch``: solve and count every puzzle of a (large) file, one record per puzzle."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice
from typing import IO

import click

from satdoku.batch import CHUNK, MAX_JOBS, BatchOptions, BatchRecord, resume_point, run_batch
from satdoku.cli.inputs import Streams, check_output, read_inputs, stream_options
from satdoku.cli.options import format_option, limit_option, timeout_option
from satdoku.cli.report import Report, line_count
from satdoku.errors import UsageError
from satdoku.formats.records import BATCH_FIELDS, batch_record, csv_header, csv_row, json_line
from satdoku.solver.defaults import BIG_BACKEND, BIG_ENCODING
from satdoku.solver.dpll import BACKEND as DPLL
from satdoku.solver.engine import ENGINE_BACKEND, ENGINE_ENCODING
from satdoku.solver.pysat_solver import interrupts
from satdoku.status import Exit, Status


@click.command("batch")
@stream_options
@format_option(("json", "csv", "line"), aliases=("jsonl",))
@limit_option("Count at most N solutions per puzzle (2: solve and prove unique).", default=2)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1, max=MAX_JOBS),
    default=1,
    show_default=True,
    help="Processes (at most four per CPU).",
)
@click.option(
    "--chunk",
    type=click.IntRange(min=1),
    default=CHUNK,
    show_default=True,
    help="Puzzles per chunk; each starts on fresh solvers, similar puzzles solved together.",
)
@click.option("--resume", is_flag=True, help="Continue an interrupted run that wrote to -o FILE.")
@click.option(
    "--backend",
    "--solver",
    "backend",
    help=f"{DPLL} or a python-sat solver (default: {DPLL} up to 16x16, or {ENGINE_BACKEND} with"
    f" --encoding or --conflicts or where {DPLL} is not built; {BIG_BACKEND} from 25x25 up).",
)
@click.option(
    "--encoding",
    help=(
        f"CNF encoding spec (default: {ENGINE_ENCODING} with MiniCard/GlueCard, else extended;"
        f" {BIG_ENCODING} from 25x25 up)."
    ),
)
@click.option(
    "--conflicts",
    type=click.IntRange(min=1),
    help="Conflict budget per solve of the CDCL engine (up to 16x16); past it a puzzle is"
    " 'unknown'.",
)
@timeout_option()
def batch_command(
    streams: Streams,
    fmt: str,
    limit: int,
    jobs: int,
    chunk: int,
    resume: bool,
    backend: str | None,
    encoding: str | None,
    conflicts: int | None,
    timeout: float | None,
) -> int:
    """Solve every puzzle of FILE (-f FILE, FILE, or '-' for stdin) and prove it unique,
    streaming.

    Writes exactly one record per input puzzle, in input order: line (1-based), status
    (solved, no_solution, invalid, unknown), count (capped at --limit), complete, solution
    and, for invalid input, error. A summary goes to stderr, with a progress bar on a
    terminal. Ctrl-C leaves whole records only; --resume then continues where the run stopped
    (from the last whole chunk, so the output is exactly that of an uninterrupted run).

    \b
    Exit status: 0 all solved, 1 some puzzle has no solution, 2 some input was bad, 3 some
    puzzle ran out of time or budget, 130 interrupted.
    \b
    Examples:
      satdoku batch -f puzzles.txt -o results.jsonl --jobs 2
      satdoku batch -f puzzles.txt -o results.jsonl --resume
      satdoku batch -f kaggle.csv --format csv --limit 1 > solutions.csv
    """
    options = BatchOptions(
        limit=limit, backend=backend, encoding=encoding, conflicts=conflicts, timeout=timeout
    )
    inputs = read_inputs(streams, positional_files=True)
    output = check_output(streams, inputs)
    skip = _resume_point(output, fmt, chunk) if resume else None
    with _open_output(output, skip) as out, Report(streams, inputs) as report:
        if (skip is None or skip[1] == 0) and fmt == "csv":
            out.write(csv_header(BATCH_FIELDS))
        records = islice(inputs.records, skip[0] if skip else 0, None)
        bar = report.bar(line_count(inputs.path)) if report.shows_progress else None
        results = run_batch(records, options, jobs, chunk)
        interrupted = False
        unique = multiple = 0
        done = 0
        try:
            for result in results:
                out.write(_format(result, fmt))
                report.add(result.status)
                if result.status == Status.SOLVED:
                    unique += result.complete and result.count == 1
                    multiple += result.count > 1
                if bar is not None:
                    bar.update(result.line - done)
                    done = result.line
        except interrupts():
            interrupted = True
        finally:
            results.close()  # type: ignore[attr-defined]
            out.flush()
        report.summary(_summary(report, unique, multiple))
        if interrupted:
            report.note("interrupted: the output holds whole records; rerun with --resume")
    return Exit.INTERRUPTED if interrupted else report.exit


def _format(result: BatchRecord, fmt: str) -> str:
    record = batch_record(result)
    if fmt == "json":
        return json_line(record)
    if fmt == "csv":
        return csv_row(record, BATCH_FIELDS)
    return f"{result.solution if result.status == Status.SOLVED else result.status}\n"


def _summary(report: Report, unique: int, multiple: int) -> list[str]:
    seconds = report.seconds
    s = report.statuses
    total = sum(s.values())
    rate = total / seconds if seconds > 0 else 0.0
    return [
        f"{total:,} puzzles in {seconds:.1f} s ({rate:,.0f} puzzles/s): "
        f"{s[Status.SOLVED]:,} solved ({unique:,} unique, {multiple:,} multiple), "
        f"{s[Status.NO_SOLUTION]:,} no_solution, {s[Status.INVALID]:,} invalid,"
        f" {s[Status.UNKNOWN]:,} unknown"
    ]


def _resume_point(output: str | None, fmt: str, chunk: int) -> tuple[int, int]:
    """(records already written whole, bytes of the output to keep)."""
    if output is None:
        raise UsageError("--resume needs -o FILE, the output of the interrupted run")
    if not os.path.exists(output):
        return 0, 0
    return resume_point(output, fmt, chunk)


@contextmanager
def _open_output(path: str | None, skip: tuple[int, int] | None) -> Iterator[IO[str]]:
    """The output file (cut back to its whole records when resuming), or stdout."""
    if path is None:
        yield sys.stdout
        return
    try:
        if skip is not None and os.path.exists(path):
            with open(path, "r+b") as raw:
                raw.truncate(skip[1])
        handle = open(path, "a" if skip is not None else "w", encoding="utf-8")  # noqa: SIM115
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror}") from None
    with handle:
        yield handle
