"""``satdoku dimacs``: write a puzzle's CNF for an external SAT solver."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

import click

from satdoku.cli.inputs import describe, puzzle_input_options, read_inputs
from satdoku.encodings import DEFAULT_ENCODING, get_encoding
from satdoku.encodings.dimacs import dimacs_lines
from satdoku.errors import UsageError
from satdoku.formats import Record
from satdoku.formats.output import format_line


@click.command("dimacs")
@puzzle_input_options
@click.option(
    "--encoding",
    default=DEFAULT_ENCODING,
    show_default=True,
    help="CNF encoding spec, e.g. minimal, extended, augmented+optimized, efficient+ladder.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True, allow_dash=True),
    default="-",
    help="Write the CNF to this file (default stdout).",
)
@click.option(
    "--cnf-plus",
    is_flag=True,
    help="Allow +native encodings, written in Minicard's 'p cnf+' format (not plain DIMACS).",
)
def dimacs_command(
    puzzle: str | None,
    file: str | None,
    box: str | None,
    alphabet: str,
    encoding: str,
    output: str,
    cnf_plus: bool,
) -> None:
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
    source, records = read_inputs(puzzle, file, box, alphabet)
    record = _only_record(source, records)
    assert record.puzzle is not None
    enc = get_encoding(encoding)
    formula = enc.encode(record.puzzle)
    comments = [
        f"satdoku dimacs --encoding {enc.spec}",
        f"puzzle {format_line(record.puzzle, record.puzzle.givens)}",
    ]
    lines = dimacs_lines(formula, comments, cnf_plus=cnf_plus)
    if output == "-":
        _write(sys.stdout, lines)
    else:
        try:
            with open(output, "w", encoding="utf-8") as handle:
                _write(handle, lines)
        except OSError as err:
            raise UsageError(f"cannot write {output}: {err.strerror}") from None


def _only_record(source: str | None, records: Iterator[Record]) -> Record:
    """The one puzzle of the input (a CNF describes one puzzle)."""
    first = next(records)
    if first.puzzle is None:
        assert first.error is not None
        raise UsageError(describe(source, first.error))
    if next(records, None) is not None:
        raise UsageError(f"{source} holds more than one puzzle; dimacs writes one at a time")
    return first


def _write(handle: TextIO, lines: Iterable[str]) -> None:
    for line in lines:
        handle.write(line + "\n")
