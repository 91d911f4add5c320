"""``satdoku batch`` over a file or stdin: one record per puzzle into a file or stdout, with a
resume file beside an output file."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import IO

import click

from satdoku.batch import (
    BatchOptions,
    BatchRecord,
    Checkpoint,
    Fingerprint,
    ResumeState,
    Setting,
    run_batch,
)
from satdoku.cli.batch_resume import Start, checked_resume_file, resume_start
from satdoku.cli.batch_summary import batch_summary
from satdoku.cli.inputs import Streams, check_output, read_inputs, written_stdout
from satdoku.cli.report import Report, line_count
from satdoku.errors import UsageError
from satdoku.formats.records import (
    BATCH_FIELDS,
    batch_json_line,
    batch_record,
    csv_header,
    csv_row,
)
from satdoku.solver.pysat_solver import interrupts
from satdoku.status import Exit, Status


def batch_file(
    streams: Streams,
    fmt: str,
    options: BatchOptions,
    jobs: int,
    chunk: int,
    resume: bool,
    dask: str | None,
) -> int:
    """Solve the puzzles of the input into the output in ``fmt``, a chunk at a time, keeping
    the resume file up to date; carry on an interrupted run with ``resume``; on the Dask
    cluster at ``dask`` when it is given."""
    inputs = read_inputs(streams, positional_files=True)
    output = check_output(streams, inputs)
    settings: dict[str, Setting] = {
        "format": fmt,
        "limit": options.limit,
        "chunk": chunk,
        "backend": options.backend,
        "encoding": options.encoding,
        "conflicts": options.conflicts,
        "timeout": options.timeout,
        "kind": streams.kind,
        "box": streams.box,
        "alphabet": streams.alphabet,
        "first": streams.first,
    }
    state_file = checked_resume_file(output, inputs)
    records = Fingerprint(inputs.records, chunk)
    start = Start()
    if resume:
        start = resume_start(output, streams, inputs, fmt, chunk, settings, records)
        if start.done is not None:
            click.echo(f"{output} is complete: nothing to resume", err=True)
            return start.done.exit
    with (
        _open_output(output, start.offset) as out,
        Report(streams, inputs) as report,
        _few_collections(),
    ):
        if state_file is not None:
            ResumeState(settings, inputs.name, start.kept).save(state_file)
        if not start.offset and fmt == "csv":
            out.write(csv_header(BATCH_FIELDS))
        bar = report.bar(line_count(inputs.path)) if report.shows_progress else None
        source = inputs.records if state_file is None else records
        if dask is None:
            results = run_batch(source, options, jobs, chunk)
        else:
            from satdoku.distributed import run_batch_dask

            results = run_batch_dask(source, options, dask, chunk)
        interrupted = False
        unique = multiple = 0
        done = 0
        kept = start.kept
        written = kept.mark.records
        line_of = _FORMATS[fmt]
        try:
            while part := list(islice(results, chunk)):
                out.write("".join([line_of(result) for result in part]))
                report.add_all(result.status for result in part)
                solved = [result for result in part if result.status == Status.SOLVED]
                unique += sum(result.complete and result.count == 1 for result in solved)
                multiple += sum(result.count > 1 for result in solved)
                if bar is not None:
                    bar.update(part[-1].line - done)
                    done = part[-1].line
                written += len(part)
                if state_file is not None and written % chunk == 0:
                    out.flush()
                    kept = Checkpoint(records.mark_at(written), max(start.kept.exit, report.exit))
                    ResumeState(settings, inputs.name, kept).save(state_file)
        except interrupts():
            interrupted = True
        finally:
            results.close()  # type: ignore[attr-defined]
            out.flush()
        status = max(start.kept.exit, report.exit)
        if state_file is not None and not interrupted:
            assert records.end is not None
            ended = Checkpoint(records.end, status)
            ResumeState(settings, inputs.name, kept, ended).save(state_file)
        report.summary(batch_summary(report, unique, multiple))
        if interrupted:
            report.note("interrupted: the output holds whole records; rerun with --resume")
    return Exit.INTERRUPTED if interrupted else status


@contextmanager
def _few_collections() -> Iterator[None]:
    """The garbage collector seldom while a batch runs: each puzzle allocates a few dozen
    short-lived objects that reference counting frees, and with the default thresholds the
    collector ran every few puzzles over everything imported (7-9% of a 17-clue run)."""
    before = gc.get_threshold()
    gc.freeze()  # what was imported stays: no collection needs to scan it again
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def _csv_line(result: BatchRecord) -> str:
    return csv_row(batch_record(result), BATCH_FIELDS)


def _solution_line(result: BatchRecord) -> str:
    return f"{result.solution if result.status == Status.SOLVED else result.status}\n"


_FORMATS: dict[str, Callable[[BatchRecord], str]] = {
    "json": batch_json_line,
    "csv": _csv_line,
    "line": _solution_line,
}
"""The output line of a record, by format."""


@contextmanager
def _open_output(path: str | None, offset: int | None) -> Iterator[IO[str]]:
    """The output file (cut back to ``offset`` bytes when resuming), or stdout."""
    if path is None:
        with written_stdout() as out:
            yield out
        return
    try:
        if offset is not None and os.path.exists(path):
            with open(path, "r+b") as raw:
                raw.truncate(offset)
        handle = open(path, "a" if offset is not None else "w", encoding="utf-8")  # noqa: SIM115
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror}") from None
    with handle:
        yield handle
