"""``satdoku count``: count the solutions of every puzzle given."""

from __future__ import annotations

import click

from satdoku.cli.answers import answer_each
from satdoku.cli.inputs import Streams
from satdoku.cli.options import format_option, limit_option, solver_options, stream_options
from satdoku.cli.solver_check import check_solver
from satdoku.errors import UsageError
from satdoku.formats.records import OutputRecord, count_record
from satdoku.formats.reports import count_text
from satdoku.model import Puzzle
from satdoku.solver import count
from satdoku.solver.defaults import BIG_STRATEGY, DEFAULT_STRATEGY
from satdoku.solver.pysat_backend import STRATEGIES as CNF_STRATEGIES

FIELDS = ("line", "status", "count", "complete", "backend", "time", "stopped", "error")
"""The CSV columns."""


@click.command("count")
@stream_options
@limit_option("Stop counting after N solutions.", min=0)
@format_option(("grid", "json", "csv"), aliases=("text",))
@solver_options(
    backend_help="The counter: a python-sat solver name, cpsat (OR-Tools CP-SAT enumeration),"
    " dpll (compiled DPLL over exactly-one constraints; units of N cells only) or brute (plain"
    " backtracking; grids up to 9x9).",
)
@click.option("--method", hidden=True, help="Older name of --backend (sat: the default).")
@click.option(
    "--strategy",
    type=click.Choice(list(CNF_STRATEGIES)),
    help="python-sat backends: tree search over unit propagation, or one blocking clause per"
    f" solution. Default: {DEFAULT_STRATEGY}, {BIG_STRATEGY} for grids of 25x25 and up.",
)
def count_command(
    streams: Streams,
    limit: int | None,
    fmt: str,
    encoding: str | None,
    backend: str | None,
    timeout: float | None,
    method: str | None,
    strategy: str | None,
) -> int:
    """Count the solutions of PUZZLE (a string), of every puzzle in FILE, or of stdin ('-').

    Text output is the count, followed by '+' and the reason when --limit or --timeout
    stopped it (then there may be more). JSON and CSV have status, count, complete, backend,
    time, stopped. The status is unique, multiple, no_solution, solved (one found, the limit
    stopped the count) or unknown (the time ran out before a second solution).

    \b
    Exit status: 0 counted (one solution, or the limit stopped the count), 1 some puzzle has
    several or no solution, 2 bad input (other puzzles are still counted), 3 some count was cut
    short by --timeout.
    \b
    Examples:
      satdoku count '8.........95.......76.........692748...714235...538196...451......973.8....826.1.'
      satdoku count -f puzzles.txt --limit 2 --format json
      satdoku count --backend brute '1...............'
    """
    backend = _backend(backend, method)
    check_solver(backend, encoding, strategy)

    def answer(puzzle: Puzzle) -> OutputRecord:
        counted = count(
            puzzle, limit, backend=backend, encoding=encoding, strategy=strategy, timeout=timeout
        )
        return count_record(counted)

    return answer_each(streams, fmt, FIELDS, count_text, answer)


def _backend(backend: str | None, method: str | None) -> str | None:
    """The backend from ``--backend`` or its older name ``--method`` (``sat``: the default)."""
    if method is None:
        return backend
    if backend is not None:
        raise UsageError("give --backend or --method, not both (--method is --backend's old name)")
    return None if method == "sat" else method
