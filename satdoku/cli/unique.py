"""``satdoku unique``: is each puzzle unique? If not, where do two of its solutions differ?"""

from __future__ import annotations

from itertools import count

import click

from satdoku import proof
from satdoku.cli.answers import answer_each
from satdoku.cli.inputs import Streams
from satdoku.cli.options import format_option, solver_options, stream_options
from satdoku.cli.solver_check import check_solver
from satdoku.formats.records import OutputRecord, uniqueness_record
from satdoku.formats.reports import uniqueness_text
from satdoku.model import Puzzle
from satdoku.solver import uniqueness

FIELDS = ("line", "status", "solutions", "differences", "time", "error")
"""The CSV columns (solutions and differences as space-separated words)."""
CERTIFIED = ("certified", "proof_lines", "check_seconds")
"""The CSV columns added by ``--certify``."""


@click.command("unique")
@stream_options
@format_option(("grid", "json", "csv"), aliases=("text",))
@solver_options()
@click.option(
    "--closest/--no-closest",
    default=True,
    show_default=True,
    help="Show the second solution nearest to the first (fewest differing cells), or the"
    " second one found.",
)
@click.option(
    "--certify",
    is_flag=True,
    help="Prove a unique or no-solution answer (CaDiCaL's DRUP proof of the CNF without the"
    " solution) and check the proof; see docs/proofs.md.",
)
@click.option(
    "--proof",
    "prefix",
    metavar="PREFIX",
    help="Certify, and keep PREFIX.cnf and PREFIX.drat for drat-trim (PREFIX-N for the N-th"
    " puzzle of a file).",
)
def unique_command(
    streams: Streams,
    fmt: str,
    encoding: str | None,
    backend: str | None,
    timeout: float | None,
    closest: bool,
    certify: bool,
    prefix: str | None,
) -> int:
    """Check that PUZZLE (a string), every puzzle in FILE, or stdin ('-') has exactly one
    solution. For a puzzle with several, show two of them and the cells where they differ.

    The search stops at the second solution; the one shown is by default the solution nearest
    to the first, so the differing cells are as few as they can be. The status is unique,
    multiple, no_solution, unknown (out of time) or invalid; for a file, a summary goes to
    stderr.

    \b
    Exit status: 0 all unique, 1 some puzzle has several or no solution, 2 bad input
    (other puzzles are still checked), 3 some check ran out of time.
    \b
    Examples:
      satdoku unique '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
      satdoku unique -f puzzles.txt --format json -o checked.jsonl
      satdoku unique PUZZLE --certify --proof hardest   # hardest.cnf, hardest.drat
    """

    check_solver(backend, encoding)
    certify = certify or prefix is not None
    numbers = count(1)
    if prefix is not None:
        proof.proof_files(prefix)  # a prefix that would write over another file: refused now

    def answer(puzzle: Puzzle) -> OutputRecord:
        kept = None
        if prefix is not None:
            kept = prefix if streams.puzzle is not None else f"{prefix}-{next(numbers)}"
        checked = uniqueness(
            puzzle,
            encoding=encoding,
            backend=backend,
            timeout=timeout,
            closest=closest,
            certify=certify,
            proof=kept,
        )
        return uniqueness_record(checked, certify)

    fields = FIELDS + CERTIFIED if certify else FIELDS
    return answer_each(streams, fmt, fields, uniqueness_text, answer)
