"""``satdoku batch``: solve and count every puzzle of a (large) file, one record per puzzle."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from typing import IO

import click

from satdoku.batch import (
    CHUNK,
    MAX_JOBS,
    BatchOptions,
    BatchRecord,
    Checkpoint,
    Fingerprint,
    Mark,
    ResumeState,
    Setting,
    output_records,
    resume_file,
    resume_point,
    run_batch,
)
from satdoku.cli.inputs import Inputs, Streams, check_output, read_inputs, stdout, stream_options
from satdoku.cli.options import counts, format_option, limit_option, named, timeout_option
from satdoku.cli.report import Report, line_count
from satdoku.errors import UsageError
from satdoku.formats.records import (
    BATCH_FIELDS,
    batch_json_line,
    batch_record,
    csv_header,
    csv_row,
)
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
    type=counts(max=1_000_000),
    default=CHUNK,
    show_default=True,
    help="Puzzles per chunk; each starts on fresh solvers, similar puzzles solved together.",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Continue an interrupted run that wrote to -o FILE (same input and options).",
)
@click.option(
    "--backend",
    "--solver",
    "backend",
    callback=named,
    help=f"{DPLL} or a python-sat solver (default: {DPLL} up to 16x16, or {ENGINE_BACKEND} with"
    f" --encoding or --conflicts or where {DPLL} is not built; {BIG_BACKEND} from 25x25 up).",
)
@click.option(
    "--encoding",
    callback=named,
    help=(
        f"CNF encoding spec (default: {ENGINE_ENCODING} with MiniCard/GlueCard, else extended;"
        f" {BIG_ENCODING} from 25x25 up)."
    ),
)
@click.option(
    "--conflicts",
    type=counts(),
    help="Conflict budget per solve of the CDCL engine (up to 16x16); past it a puzzle is"
    " 'unknown'.",
)
@timeout_option()
@click.option(
    "--dask",
    metavar="ADDRESS",
    help="Solve on a Dask cluster: its scheduler (tcp://host:8786), or local:N for N local"
    " workers (docs/dask.md).",
)
@click.option(
    "--db", metavar="URL", help="Read the puzzles from a database table (docs/databases.md)."
)
@click.option("--table", metavar="TABLE", help="With --db: the table of the puzzles.")
@click.option("--column", metavar="COLUMN", help="With --db: the column of the puzzles.")
@click.option(
    "--into", metavar="TABLE", help="With --db: the results table (default: TABLE_results)."
)
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
    dask: str | None,
    db: str | None,
    table: str | None,
    column: str | None,
    into: str | None,
) -> int:
    """Solve every puzzle of FILE (-f FILE, FILE, or '-' for stdin) and prove it unique,
    streaming.

    Writes exactly one record per input puzzle, in input order: line (1-based), status
    (solved, no_solution, invalid, unknown), count (capped at --limit), complete, solution
    and, for invalid input, error. A summary goes to stderr, with a progress bar on a
    terminal. Ctrl-C leaves whole records only; --resume then continues where the run stopped
    (from the last whole chunk, so the output is exactly that of an uninterrupted run), once
    the file a run writes beside its output (OUT.resume for -o OUT) shows that the options
    and the input up to there are those of the interrupted run; if not, it refuses and
    changes nothing.

    \b
    Exit status: 0 all solved, 1 some puzzle has no solution, 2 some input was bad, 3 some
    puzzle ran out of time or budget, 130 interrupted.
    \b
    Examples:
      satdoku batch -f puzzles.txt -o results.jsonl --jobs 2
      satdoku batch -f puzzles.txt -o results.jsonl --resume
      satdoku batch -f kaggle.csv --format csv --limit 1 > solutions.csv
      satdoku batch --db sqlite:///t.db --table sudoku --column question --key id
    """
    options = BatchOptions(
        limit=limit, backend=backend, encoding=encoding, conflicts=conflicts, timeout=timeout
    )
    if dask is not None and jobs > 1:
        raise UsageError("--jobs and --dask do not go together: the cluster's workers solve")
    if db is not None:
        if dask is not None:
            raise UsageError("--dask does not go with --db")
        return batch_table(streams, db, table, column, into, options, jobs, chunk)
    if (table, column, into) != (None, None, None):
        raise UsageError("--table, --column and --into go with --db URL")
    inputs = read_inputs(streams, positional_files=True)
    output = check_output(streams, inputs)
    settings: dict[str, Setting] = {
        "format": fmt,
        "limit": limit,
        "chunk": chunk,
        "backend": backend,
        "encoding": encoding,
        "conflicts": conflicts,
        "timeout": timeout,
        "kind": streams.kind,
        "box": streams.box,
        "alphabet": streams.alphabet,
        "first": streams.first,
    }
    state_file = _state_file(output, inputs)
    records = Fingerprint(inputs.records, chunk)
    start = _Start()
    if resume:
        start = _resume(output, streams, inputs, fmt, chunk, settings, records)
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
        report.summary(_summary(report, unique, multiple))
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


@dataclass(frozen=True)
class _Start:
    """Where a run starts: ``kept``, the records of the output it keeps, and ``offset``, the
    bytes of the output kept (None: the output is written afresh); ``done`` when the output
    is already complete."""

    kept: Checkpoint = field(default_factory=Checkpoint)
    offset: int | None = None
    done: Checkpoint | None = None


def _state_file(output: str | None, inputs: Inputs) -> str | None:
    """The resume file of ``output``; None for stdout, a device or a pipe."""
    if output is None or (os.path.exists(output) and not os.path.isfile(output)):
        return None
    path = resume_file(output)
    if inputs.path is not None and os.path.exists(path) and os.path.samefile(path, inputs.path):
        raise UsageError(f"-o {output} keeps its resume record in {path}, the input file")
    return path


def _resume(
    output: str | None,
    streams: Streams,
    inputs: Inputs,
    fmt: str,
    chunk: int,
    settings: dict[str, Setting],
    records: Fingerprint,
) -> _Start:
    """Check that ``output`` was written by this same run (its resume file: the settings,
    and the input up to the records kept) and skip the input records it answers already;
    every mismatch is one error, before the output is touched."""
    if output is None:
        raise UsageError("--resume needs -o FILE, the output of the interrupted run")
    if not os.path.isfile(output) or os.path.getsize(output) == 0:
        return _Start()  # nothing written yet
    if inputs.path is None and inputs.walks_a_file:
        raise UsageError(
            f"--resume cannot check stdin against the run that wrote {output}:"
            " give the input as a file"
        )
    state_file = resume_file(output)
    state = ResumeState.load(state_file)
    if state is None:
        raise UsageError(
            f"{output} has no {state_file} beside it, so nothing tells which run wrote it;"
            " run without --resume to start afresh"
        )
    name = state.changed_setting(settings)
    if name is not None:
        raise UsageError(
            f"--{name} differs from the run that wrote {output}"
            f" ({_shown(state.settings.get(name))}, now {_shown(settings[name])})"
        )
    whole = output_records(output, fmt)
    done = state.done
    if (
        done is not None
        and whole == done.mark.records
        and _reread(streams, chunk).skip(whole + 1) == done.mark  # the input did not grow
    ):
        return _Start(done=done)
    want = state.kept.mark
    keep, offset = resume_point(output, fmt, chunk, at_most=want.records)
    if keep < want.records:  # the output lost records: check them on a second reading
        _check_input(_reread(streams, chunk).skip(want.records), want, output, state, inputs)
        records.skip(keep)
    else:
        _check_input(records.skip(keep), want, output, state, inputs)
    return _Start(Checkpoint(records.mark(), state.kept.exit), offset)


def _reread(streams: Streams, chunk: int) -> Fingerprint:
    return Fingerprint(read_inputs(streams, positional_files=True).records, chunk)


def _check_input(got: Mark, want: Mark, output: str, state: ResumeState, inputs: Inputs) -> None:
    """Refuse to resume when the input read so far (``got``) is not the one ``output``
    answers (``want``)."""
    if got == want:
        return
    was = f" (it read {state.input})" if state.input != inputs.name else ""
    answered = f"{want.records} puzzles (the last at line {want.line})"
    if got.records < want.records:
        differs = f"it has {got.records} puzzles, {output} answers {answered}"
    else:
        differs = f"its first {answered} are not those {output} answers"
    raise UsageError(
        f"the input changed since the run that wrote {output}{was}: {differs};"
        " run without --resume to start afresh"
    )


def _shown(value: Setting) -> str:
    return "not given" if value is None else str(value)


@contextmanager
def _open_output(path: str | None, offset: int | None) -> Iterator[IO[str]]:
    """The output file (cut back to ``offset`` bytes when resuming), or stdout."""
    if path is None:
        yield stdout()
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


def batch_table(
    streams: Streams,
    url: str,
    table: str | None,
    column: str | None,
    into: str | None,
    options: BatchOptions,
    jobs: int,
    chunk: int,
) -> int:
    """``batch --db``: the puzzles of a table, their results into another, one transaction
    per chunk; a rerun skips the keys already answered."""
    from satdoku.sql.tables import Source, parse_url

    if streams.puzzle is not None or streams.file is not None or streams.output is not None:
        raise UsageError("--db reads a table and writes a table: no PUZZLE, -f or -o with it")
    if table is None or column is None or streams.key is None:
        raise UsageError("--db needs --table TABLE, --column COLUMN and --key KEY")
    database = parse_url(url)
    source = Source(database, table, column, streams.key, into or f"{table}_results")
    reader, writer = database.connect(), database.connect()
    try:
        source.check(reader)
        source.create_results(writer)
        records = islice(source.pending(reader, chunk), streams.first)
        inputs = Inputs(database.shown, None, records)
        with Report(streams, inputs) as report:
            results = run_batch(report.walk(), options, jobs, chunk)
            interrupted = False
            pending: list[BatchRecord] = []
            unique = multiple = 0
            try:
                for result in results:
                    report.add(result.status)
                    if result.status == Status.SOLVED:
                        unique += result.complete and result.count == 1
                        multiple += result.count > 1
                    pending.append(result)
                    if len(pending) == chunk:
                        source.write(writer, pending)
                        pending = []
            except interrupts():
                interrupted = True
            finally:
                results.close()  # type: ignore[attr-defined]
            source.write(writer, pending)
            lines = _summary(report, unique, multiple)
            report.summary([*lines, f"results in {source.results} of {database.shown}"])
            if interrupted:
                report.note("interrupted: rerun the same command to answer the rest")
        return Exit.INTERRUPTED if interrupted else report.exit
    finally:
        reader.close()
        writer.close()
