"""``satdoku count``: count the solutions of every puzzle given."""

from __future__ import annotations

import json

import click

from satdoku.cli.inputs import (
    kind_option,
    puzzle_input_options,
    read_inputs,
    start_result,
)
from satdoku.cli.options import format_option, solver_options
from satdoku.errors import UsageError
from satdoku.formats import Record
from satdoku.solver import count
from satdoku.solver.defaults import BIG_STRATEGY, DEFAULT_STRATEGY
from satdoku.solver.pysat_backend import STRATEGIES as CNF_STRATEGIES

METHODS = ("sat", "cpsat", "dpll", "brute")

EXIT_OK, EXIT_BAD_INPUT, EXIT_UNKNOWN = 0, 2, 3


@click.command("count")
@puzzle_input_options
@kind_option
@click.option("--limit", type=click.IntRange(min=0), help="Stop counting after N solutions.")
@click.option(
    "--method",
    type=click.Choice(list(METHODS)),
    default="sat",
    show_default=True,
    help="python-sat, OR-Tools CP-SAT, compiled DPLL over exactly-one constraints (units"
    " of N cells only), or plain backtracking (small grids only).",
)
@format_option(
    ("text", "json"), "One line per puzzle: the count, or a JSON object with count and complete."
)
@solver_options(
    backend_help="python-sat solver for --method sat (cpsat and dpll select those methods).",
    timeout_help="Seconds per puzzle; past it the count is partial.",
)
@click.option(
    "--strategy",
    type=click.Choice(list(CNF_STRATEGIES)),
    help="--method sat: tree search over unit propagation, or one blocking clause per solution."
    f" Default: {DEFAULT_STRATEGY}, {BIG_STRATEGY} for grids of 25x25 and up.",
)
def count_command(
    puzzle: str | None,
    file: str | None,
    box: str | None,
    alphabet: str,
    limit: int | None,
    method: str,
    fmt: str,
    encoding: str | None,
    backend: str | None,
    strategy: str | None,
    timeout: float | None,
    kind: str,
) -> int:
    """Count the solutions of PUZZLE (a string), of every puzzle in FILE, or of stdin ('-').

    Text output is the count, followed by '+' and the reason when a limit or time limit
    stopped it (then there may be more). JSON has count, complete, method, time, stopped.

    \b
    Exit status: 0 all counted, 2 bad input (other puzzles are still counted),
    3 some count was cut short by --timeout.
    \b
    Examples:
      satdoku count '8.........95.......76.........692748...714235...538196...451......973.8....826.1.'
      satdoku count -f puzzles.txt --limit 2 --format json
    """
    if method != "sat":
        if backend is not None:
            raise UsageError("give --backend only (--method names a backend too)")
        backend = method
    source, records = read_inputs(puzzle, file, box, alphabet, kind)
    status = EXIT_OK
    for record in records:
        result = _count_record(record, source, limit, encoding, backend, strategy, timeout)
        if result.get("status") == "invalid":
            status = max(status, EXIT_BAD_INPUT)
            click.echo(f"error: {result['error']}", err=True)
        elif result["stopped"] == "timeout":
            status = max(status, EXIT_UNKNOWN)
        click.echo(json.dumps(result) if fmt == "json" else _text(result, source))
    return status


def _count_record(
    record: Record,
    source: str | None,
    limit: int | None,
    encoding: str | None,
    backend: str | None,
    strategy: str | None,
    timeout: float | None,
) -> dict[str, object]:
    result = start_result(record, source)
    if record.puzzle is None:
        return result
    counted = count(
        record.puzzle,
        limit,
        encoding=encoding,
        backend=backend,
        strategy=strategy,
        timeout=timeout,
    )
    result.update(counted.to_dict())
    return result


def _text(result: dict[str, object], source: str | None) -> str:
    where = f"line {result['line']}: " if source else ""
    if result.get("status") == "invalid":
        return f"{where}invalid"
    more = "" if result["complete"] else f"+ (stopped by the {result['stopped']})"
    return f"{where}{result['count']}{more}"
