"""``satdoku batch --db``: the puzzles of a database table, their results into another."""

from __future__ import annotations

from itertools import islice

from satdoku.batch import BatchOptions, BatchRecord, run_batch
from satdoku.cli.batch_summary import batch_summary
from satdoku.cli.inputs import Inputs, Streams
from satdoku.cli.report import Report
from satdoku.errors import UsageError
from satdoku.solver.pysat_solver import interrupts
from satdoku.status import Exit, Status


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
            lines = batch_summary(report, unique, multiple)
            report.summary([*lines, f"results in {source.results} of {database.shown}"])
            if interrupted:
                report.note("interrupted: rerun the same command to answer the rest")
        return Exit.INTERRUPTED if interrupted else report.exit
    finally:
        reader.close()
        writer.close()
