"""``satdoku solve``: the command line's options; the work is :mod:`satdoku.cli.solving`'s."""

from __future__ import annotations

from typing import Any

import click

from satdoku.cli.options import format_option, limit_option, solver_options, stream_options
from satdoku.cli.solving import FORMATS, solve_puzzles


@click.command("solve")
@stream_options
@format_option(FORMATS)
@solver_options()
@click.option("--stats", is_flag=True, help="Report solver statistics (stderr, or in JSON).")
@click.option("--all", "every", is_flag=True, help="Print every solution, as it is found.")
@limit_option("With --all: stop after N solutions per puzzle.")
@click.option(
    "--model",
    "model_file",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Do not solve: decode and verify an external SAT solver's answer to the CNF that"
    " 'satdoku dimacs' wrote for this puzzle with the same --encoding.",
)
def solve_command(**options: Any) -> int:
    """Solve PUZZLE (a string), every puzzle in FILE, or stdin ('-').

    \b
    Exit status: 0 all solved, 1 some puzzle has no solution, 2 bad input,
    3 some puzzle ran out of time.
    \b
    Examples:
      satdoku solve '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
      satdoku solve --all --format line '8.........95.......76.........692748...714235...538196...451......973.8....826.1.'
      satdoku solve -f puzzles.txt --format csv -o solutions.csv
      satdoku solve PUZZLE --format svg -o solution.svg
      satdoku solve --kind kakuro -f puzzles.jsonl
      satdoku solve --model answer.txt --encoding extended PUZZLE   (see 'satdoku dimacs')
    """
    return solve_puzzles(**options)
