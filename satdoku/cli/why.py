"""``satdoku why``: the givens and rules that force the digit of a cell, or rule one out."""

from __future__ import annotations

import click

from satdoku.cli.inputs import (
    Streams,
    only_record,
    open_output,
    read_inputs,
)
from satdoku.cli.options import format_option, stream_options, timeout_option
from satdoku.errors import UsageError
from satdoku.formats.reasons import reason_svg
from satdoku.formats.records import json_line
from satdoku.reasons import why
from satdoku.status import Exit, Status


@click.command("why")
@stream_options
@click.argument("cell", required=False)
@format_option(("grid", "json", "svg"), aliases=("text",))
@click.option(
    "--not",
    "not_digit",
    type=int,
    metavar="DIGIT",
    help="Why CELL cannot hold DIGIT (a given cell too) instead of why it holds its digit.",
)
@click.option(
    "--smallest",
    is_flag=True,
    help="A reason with the fewest givens and rules (within --timeout; past it, a minimal"
    " one, said on stderr).",
)
@timeout_option("Seconds for the answer; past it the status is unknown (exit status 3).")
def why_command(
    streams: Streams,
    cell: str | None,
    fmt: str,
    not_digit: int | None,
    smallest: bool,
    timeout: float | None,
) -> int:
    """Say why CELL (r5c3) of PUZZLE (a string, the only puzzle of FILE, or stdin '-') holds
    its digit: givens and rules (a row, a box, a cage, a thermometer, a Kakuro run) that force
    it, none of which can be left out. With --not DIGIT, why the cell cannot hold DIGIT.

    grid writes one sentence ('r5c3 = 4 because of the givens r1c3, r5c7 and row 5, box 4');
    json one object {"status", "cell", "digit" (or "not"), "givens", "rules", "time"}; svg
    the puzzle with the cell, the givens and the rules picked out. Every reason is checked by
    solving the puzzle cut down to it before it is written.

    \b
    Exit status: 0 a reason found, 2 bad input: a cell outside the grid, a given cell, a
    cell whose digit is not forced, a puzzle without solution; 3 out of time.
    \b
    Examples:
      satdoku why '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' r1c2
      satdoku why -f puzzle.txt r5c3 --not 7 --format json
      satdoku why PUZZLE r5c3 --smallest --timeout 10 --format svg -o why.svg
    """
    streams, cell = _puzzle_and_cell(streams, cell)
    inputs = read_inputs(streams)
    record = only_record(inputs.name, inputs.records, "why explains a cell of one")
    puzzle = record.puzzle
    assert puzzle is not None
    reason = why(puzzle, cell, not_digit=not_digit, smallest=smallest, timeout=timeout)
    with open_output(streams, inputs) as out:
        if fmt == "json":
            out.write(json_line(reason.to_dict()))
        elif reason.found:
            out.write(reason_svg(puzzle, reason) if fmt == "svg" else f"{reason}\n")
    if reason.status == Status.UNKNOWN:
        click.echo(f"{reason.cell}: {reason.status}: no reason found in time", err=True)
        return Exit.UNKNOWN
    if reason.problem is not None:
        click.echo(f"error: {reason.problem}", err=True)
        return Exit.BAD_INPUT
    if reason.smallest is False and not streams.quiet:
        click.echo(f"{reason.cell}: a minimal reason; not proven smallest in time", err=True)
    return Exit.OK


def _puzzle_and_cell(streams: Streams, cell: str | None) -> tuple[Streams, str]:
    """The arguments sorted out: with ``-f FILE`` the one argument is the cell."""
    if streams.file is not None and cell is None and streams.puzzle is not None:
        return streams._replace(puzzle=None), streams.puzzle
    if cell is None:
        raise UsageError("give the CELL to explain after the puzzle, e.g. r5c3")
    return streams, cell
