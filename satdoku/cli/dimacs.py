"""``satdoku dimacs``: write a puzzle's CNF for an external SAT solver."""

from __future__ import annotations

import click

from satdoku.cli.inputs import (
    Streams,
    only_record,
    open_output,
    read_inputs,
)
from satdoku.cli.options import named, stream_options
from satdoku.encodings import DEFAULT_ENCODING, get_encoding
from satdoku.encodings.dimacs import dimacs_lines
from satdoku.formats.output import format_line
from satdoku.status import Exit


@click.command("dimacs")
@stream_options
@click.option(
    "--encoding",
    callback=named,
    default=DEFAULT_ENCODING,
    show_default=True,
    help="CNF encoding spec, e.g. minimal, extended, augmented+optimized, efficient+ladder.",
)
@click.option(
    "--cnf-plus",
    is_flag=True,
    help="Allow +native encodings, written in Minicard's 'p cnf+' format (not plain DIMACS).",
)
def dimacs_command(streams: Streams, encoding: str, cnf_plus: bool) -> int:
    """Write the DIMACS CNF of one puzzle (PUZZLE, the only puzzle of FILE, or stdin).

    Comment lines map every cell variable to its row, column and value. Solve the file with
    any SAT solver, then decode its answer with the same puzzle and encoding:

    \b
    Example:
      satdoku dimacs '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' \\
          --encoding extended -o puzzle.cnf
      kissat puzzle.cnf > answer.txt
      satdoku solve --model answer.txt --encoding extended \\
          '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
    """
    enc = get_encoding(encoding)
    inputs = read_inputs(streams)
    record = only_record(inputs.name, inputs.records, "dimacs writes one at a time")
    assert record.puzzle is not None
    formula = enc.encode(record.puzzle)
    comments = [
        f"satdoku dimacs --encoding {enc.spec}",
        f"puzzle {format_line(record.puzzle, record.puzzle.givens)}",
    ]
    lines = dimacs_lines(formula, comments, cnf_plus=cnf_plus)
    with open_output(streams, inputs) as out:
        for line in lines:
            out.write(line + "\n")
    return Exit.OK
