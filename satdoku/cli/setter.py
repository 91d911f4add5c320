"""``satdoku redundant`` and ``satdoku minimize``: the setter's questions about a unique
puzzle (which givens or rule instances it could do without, and a minimal puzzle inside it)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice

import click

from satdoku.cli.answers import answer_each
from satdoku.cli.inputs import Streams, describe, open_output, read_inputs
from satdoku.cli.options import format_option, stream_options, timeout_option
from satdoku.cli.report import Report
from satdoku.errors import UsageError, VerificationError
from satdoku.formats.records import OutputRecord
from satdoku.formats.setter import (
    marked_svg,
    minimized_record,
    minimized_svg,
    minimized_text,
    redundancy_record,
    redundancy_text,
)
from satdoku.model import Puzzle
from satdoku.setter import CONSIDER, minimize, redundant
from satdoku.status import Status

Answer = Callable[[Puzzle], tuple[OutputRecord, str]]
"""A puzzle's record and its picture."""

consider_option = click.option(
    "--consider",
    type=click.Choice(CONSIDER),
    default="givens",
    show_default=True,
    help="What may be taken out: the givens, the rule instances (cages, dots, arrows, lines,"
    " outside clues: every constraint but the rows, columns, boxes and regions), or both.",
)


@click.command("redundant")
@stream_options
@format_option(("grid", "json", "svg"), aliases=("text",))
@consider_option
@timeout_option()
def redundant_command(streams: Streams, fmt: str, consider: str, timeout: float | None) -> int:
    """List the givens of PUZZLE (a string), of every puzzle in FILE, or of stdin ('-') that
    can each be taken out alone with the puzzle still unique; with --consider rules, its
    rule instances instead. Redundancy is defined for unique puzzles: one with several
    solutions or none is reported as such. See docs/setter.md.

    \b
    Exit status: 0 every puzzle unique, 1 some puzzle has several or no solution, 2 bad
    input (other puzzles are still answered), 3 some puzzle ran out of time.
    \b
    Examples:
      satdoku redundant '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
      satdoku redundant -f puzzles.txt --format json -o redundant.jsonl
      satdoku redundant PUZZLE --format svg -o marked.svg
    """

    def answer(puzzle: Puzzle) -> tuple[OutputRecord, str]:
        found = redundant(puzzle, consider=consider, timeout=timeout)
        return redundancy_record(found), marked_svg(found) if fmt == "svg" else ""

    return answer_all(streams, fmt, redundancy_text, answer)


@click.command("minimize")
@stream_options
@format_option(("grid", "json", "svg"), aliases=("text",))
@consider_option
@click.option(
    "--seed",
    default="0",
    show_default=True,
    help="The order the items are tried in: the same seed gives the same minimal puzzle.",
)
@timeout_option()
def minimize_command(
    streams: Streams, fmt: str, consider: str, seed: str, timeout: float | None
) -> int:
    """Write a minimal unique puzzle inside PUZZLE (a string), each puzzle in FILE, or stdin
    ('-'): a subset of its givens (with --consider rules, of its rule instances) that keeps
    it unique, from which no single one more can be taken out. The items are tried in an
    order drawn from --seed. The text output is the puzzle in its kind's notation (the 81
    characters of a classic grid); see docs/setter.md.

    \b
    Exit status: 0 every puzzle unique, 1 some puzzle has several or no solution, 2 bad
    input (other puzzles are still answered), 3 some puzzle ran out of time.
    \b
    Examples:
      satdoku minimize '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
      satdoku minimize -f puzzles.txt --seed 7 --format json
      satdoku minimize PUZZLE --consider rules --format svg -o minimal.svg
    """
    chosen: int | str = int(seed) if seed.lstrip("-").isdigit() else seed

    def answer(puzzle: Puzzle) -> tuple[OutputRecord, str]:
        found = minimize(puzzle, seed=chosen, consider=consider, timeout=timeout)
        return minimized_record(found), minimized_svg(found) if fmt == "svg" else ""

    return answer_all(streams, fmt, minimized_text, answer)


def answer_all(
    streams: Streams, fmt: str, text: Callable[[OutputRecord], str], answer: Answer
) -> int:
    """One record per puzzle of the input (:func:`~satdoku.cli.answers.answer_each`), or the
    picture of the one puzzle it holds; return the exit code."""
    answer = _failing_as_error(answer)
    if fmt != "svg":
        return answer_each(streams, fmt, (), text, lambda puzzle: answer(puzzle)[0])
    inputs = read_inputs(streams)
    with open_output(streams, inputs) as out, Report(streams, inputs) as report:
        records = list(islice(report.walk(), 2))
        if len(records) > 1:
            raise UsageError(
                "--format svg draws one puzzle; the input holds more (take one with --first 1)"
            )
        for record in records:
            if record.puzzle is None:
                assert record.error is not None
                raise UsageError(describe(inputs.name, record.error))
            result, picture = answer(record.puzzle)
            report.add(result["status"])
            out.write(picture)
        report.summary()
    return report.exit


def _failing_as_error(answer: Answer) -> Answer:
    """``answer``, with an answer its independent check refutes as an ``error`` record (the
    other puzzles are still answered)."""

    def checked(puzzle: Puzzle) -> tuple[OutputRecord, str]:
        try:
            return answer(puzzle)
        except VerificationError as err:
            return {"status": str(Status.ERROR), "error": str(err)}, ""

    return checked
