"""``satdoku batch``: solve and count every puzzle of a (large) file, one record per puzzle."""

from __future__ import annotations

import click

from satdoku.batch import CHUNK, MAX_JOBS, BatchOptions
from satdoku.cli.batch_file import batch_file
from satdoku.cli.batch_table import batch_table
from satdoku.cli.inputs import Streams
from satdoku.cli.options import (
    counts,
    format_option,
    limit_option,
    named,
    stream_options,
    timeout_option,
)
from satdoku.errors import UsageError
from satdoku.solver.defaults import BIG_BACKEND, BIG_ENCODING, HUGE_ENCODING
from satdoku.solver.dpll import BACKEND as DPLL
from satdoku.solver.engine import ENGINE_BACKEND, ENGINE_ENCODING


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
        f" {BIG_ENCODING} from 25x25 up, {HUGE_ENCODING} from 64x64)."
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
    return batch_file(streams, fmt, options, jobs, chunk, resume, dask)
