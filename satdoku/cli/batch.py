"""``satdoku batch``: solve and count every puzzle of a (large) file, one record per puzzle."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice
from typing import IO, Any

import click

from satdoku.batch import (
    CHUNK,
    BatchOptions,
    Summary,
    format_record,
    header,
    resume_point,
    run_batch,
)
from satdoku.cli.inputs import nonempty
from satdoku.cli.options import shape_options
from satdoku.errors import UsageError
from satdoku.formats import Record, read_records
from satdoku.geometry import Geometry
from satdoku.solver.defaults import BIG_BACKEND, BIG_ENCODING
from satdoku.solver.dpll import BACKEND as DPLL
from satdoku.solver.engine import ENGINE_BACKEND, ENGINE_ENCODING
from satdoku.solver.pysat_solver import interrupts

EXIT_OK, EXIT_INTERRUPTED = 0, 130


@click.command("batch")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "-o",
    "--output",
    metavar="OUT",
    type=click.Path(dir_okay=False),
    help="Write the records to OUT (default: stdout).",
)
@click.option(
    "-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Processes."
)
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    help="Count at most K solutions (2: solve and prove unique).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl", "csv", "line"]),
    default="jsonl",
    show_default=True,
    help="One JSON object, CSV row or solution line per puzzle.",
)
@click.option(
    "--chunk",
    type=click.IntRange(min=1),
    default=CHUNK,
    show_default=True,
    help="Puzzles per chunk; each starts on fresh solvers, similar puzzles solved together.",
)
@click.option("--resume", is_flag=True, help="Continue an interrupted run that wrote to OUT.")
@shape_options
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
def batch_command(
    file: str,
    output: str | None,
    jobs: int,
    limit: int,
    fmt: str,
    chunk: int,
    resume: bool,
    box: str | None,
    alphabet: str,
    backend: str | None,
    encoding: str | None,
    conflicts: int | None,
) -> int:
    """Solve every puzzle of FILE ('-' for stdin) and prove it unique, streaming.

    Writes exactly one record per input puzzle, in input order: line (1-based), status
    (solved, no_solution, invalid, unknown), count (capped at K), complete, solution and,
    for invalid input, error. A summary goes to stderr, with a progress bar on a terminal.
    Ctrl-C leaves whole records only; --resume then continues where the run stopped
    (from the last whole chunk, so the output is exactly that of an uninterrupted run).

    \b
    Examples:
      satdoku batch puzzles.txt -o results.jsonl --jobs 2
      satdoku batch puzzles.txt -o results.jsonl --resume
      satdoku batch kaggle.csv --format csv --limit 1 > solutions.csv
    """
    geometry = Geometry.parse(box) if box else None
    options = BatchOptions(limit=limit, backend=backend, encoding=encoding, conflicts=conflicts)
    skip = _resume_point(output, fmt, chunk) if resume else None
    with _open_input(file) as source, _open_output(output, skip) as out:
        if skip is None or skip[1] == 0:
            out.write(header(fmt))
        found = nonempty("stdin" if file == "-" else file, read_records(source, geometry, alphabet))
        records = islice(found, skip[0] if skip else 0, None)
        total = _line_count(file) if sys.stderr.isatty() else None
        return _run(records, options, jobs, chunk, fmt, out, total)


def _run(
    records: Iterator[Record],
    options: BatchOptions,
    jobs: int,
    chunk: int,
    fmt: str,
    out: IO[str],
    total: int | None,
) -> int:
    summary = Summary()
    results = run_batch(records, options, jobs, chunk)
    progress = _progress(total)
    started = time.perf_counter()
    status = EXIT_OK
    last = 0
    try:
        for record in results:
            out.write(format_record(record, fmt))
            summary.add(record)
            if progress is not None:
                progress.update(record.line - last)
                last = record.line
    except interrupts():
        status = EXIT_INTERRUPTED
    finally:
        results.close()  # type: ignore[attr-defined]
        out.flush()
        if progress is not None:
            progress.close()
    _report(summary, time.perf_counter() - started, status == EXIT_INTERRUPTED)
    return status


def _report(summary: Summary, seconds: float, interrupted: bool) -> None:
    s = summary.to_dict()
    rate = s["puzzles"] / seconds if seconds > 0 else 0.0
    click.echo(
        f"{s['puzzles']:,} puzzles in {seconds:.1f} s ({rate:,.0f} puzzles/s): "
        f"{s['solved']:,} solved ({s['unique']:,} unique, {s['multiple']:,} multiple), "
        f"{s['no_solution']:,} no solution, {s['invalid']:,} invalid, {s['unknown']:,} unknown",
        err=True,
    )
    if interrupted:
        click.echo("interrupted: the output holds whole records; rerun with --resume", err=True)


def _progress(total: int | None) -> Any:
    """A tqdm bar on stderr when it is a terminal (by input lines, for an honest ETA)."""
    if not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit="line", file=sys.stderr, smoothing=0.1)


def _resume_point(output: str | None, fmt: str, chunk: int) -> tuple[int, int]:
    """(records already written whole, bytes of OUT to keep)."""
    if output is None:
        raise UsageError("--resume needs -o OUT, the output of the interrupted run")
    if not os.path.exists(output):
        return 0, 0
    return resume_point(output, fmt, chunk)


@contextmanager
def _open_input(path: str) -> Iterator[IO[str]]:
    """FILE, or stdin for '-' (left open)."""
    if path == "-":
        yield sys.stdin
        return
    try:
        handle = open(path, encoding="utf-8", errors="replace")  # noqa: SIM115
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror}") from None
    with handle:
        yield handle


@contextmanager
def _open_output(path: str | None, skip: tuple[int, int] | None) -> Iterator[IO[str]]:
    """OUT (cut back to its whole records when resuming), or stdout."""
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


def _line_count(path: str) -> int | None:
    """Lines of FILE (for the progress bar's total), None for stdin."""
    if path == "-":
        return None
    count = 0
    with open(path, "rb") as handle:
        while block := handle.read(1 << 20):
            count += block.count(b"\n")
    return count
