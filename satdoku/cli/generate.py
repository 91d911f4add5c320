"""``satdoku generate``: make new puzzles, unique, optionally minimal and symmetric, of a chosen
difficulty."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import click

from satdoku.cli.inputs import Inputs, Streams, open_output
from satdoku.cli.options import counts, format_option, timeout_option
from satdoku.cli.report import Report
from satdoku.errors import UsageError
from satdoku.formats.records import csv_header, csv_row, json_line
from satdoku.generate import KINDS, MAX_JOBS, SYMMETRIES, Generated, generate
from satdoku.geometry import Geometry
from satdoku.solver.pysat_solver import interrupts
from satdoku.status import Exit, Status

FIELDS = ("puzzle", "solution", "givens", "rating", "label", "hardest", "seed", "kind")


def _band(kind: type[float] | type[int]) -> Callable[..., tuple[float, float] | None]:
    """A callback reading ``LO-HI`` (or one number) as a pair of ``kind``."""

    def read(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
        if value is None:
            return None
        low, _, high = value.partition("-")
        try:
            return kind(low), kind(high or low)
        except ValueError:
            example = "4.0-6.0" if kind is float else "24-28"
            raise click.BadParameter(f"expected LO-HI, e.g. {example}", ctx, param) from None

    return read


@click.command("generate")
@click.option("--kind", type=click.Choice(KINDS), default="sudoku", show_default=True)
@click.option("--box", metavar="RxC", help="Box shape (default 3x3: 9x9; 2x3 for 6x6).")
@click.option("--size", type=counts(min=4, max=400), help="Grid size N with square boxes.")
@click.option("--count", "number", type=counts(), default=1, show_default=True, metavar="K")
@click.option(
    "--seed",
    help="The run's seed: same seed, same puzzles (default: a fresh one, shown on stderr).",
)
@click.option("--symmetry", type=click.Choice(SYMMETRIES), default="none", show_default=True)
@click.option("--minimal", is_flag=True, help="No given can be taken out (each checked).")
@click.option("--givens", callback=_band(int), help="Fewest and most givens, e.g. 24-28.")
@click.option("--rating", callback=_band(float), help="Sudoku Explainer score band, e.g. 4.0-6.0.")
@click.option(
    "--label",
    type=click.Choice(["easy", "medium", "hard", "fiendish", "needs_search"]),
    help="Difficulty label of the logic engine.",
)
@click.option("--techniques", metavar="SET", help="Solvable with these techniques (e.g. singles).")
@format_option(("line", "json", "csv"))
@timeout_option("Seconds for the whole run; past them it ends with the puzzles made.")
@click.option("-o", "--output", metavar="FILE", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "-j",
    "--jobs",
    type=counts(min=1, max=MAX_JOBS),
    default=1,
    show_default=True,
    help="Worker processes (the same puzzles in the same order for any number).",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary on stderr.")
def generate_command(
    kind: str,
    box: str | None,
    size: int | None,
    number: int,
    seed: str | None,
    symmetry: str,
    minimal: bool,
    givens: tuple[int, int] | None,
    rating: tuple[float, float] | None,
    label: str | None,
    techniques: str | None,
    fmt: str,
    timeout: float | None,
    output: str | None,
    jobs: int,
    quiet: bool,
) -> int:
    """Make K new puzzles, each with exactly one solution (checked twice), rated by the logic
    engine.

    \b
    Examples:
      satdoku generate --count 10 --seed 1 --minimal --format json
      satdoku generate --box 2x3 --count 5 --symmetry rotational
      satdoku generate --label easy --count 20 -o easy.txt
      satdoku generate --kind killer --count 3 --format json
      satdoku generate --kind jigsaw --count 100 --jobs 2 -o jigsaws.txt
    """
    if box is not None and size is not None:
        raise UsageError("give --box or --size, not both")
    geometry = Geometry.parse(box) if box else Geometry.for_size(size or 9)
    streams = Streams(None, box=box, output=output, quiet=quiet)
    inputs = Inputs(None, None, iter(()))
    drawn = ""  # a seed drawn for the run is shown with its end, to make its puzzles again
    if seed is None:
        seed = secrets.token_hex(4)
        drawn = f" (seed {seed})"
    made = generate(
        geometry,
        number,
        seed,
        kind=kind,
        symmetry=symmetry,
        minimal=minimal,
        givens=givens,
        rating=rating,
        label=label,
        techniques=techniques,
        timeout=timeout,
        jobs=jobs,
        rated=fmt != "line",
    )
    written = 0
    with open_output(streams, inputs) as out, Report(streams, inputs, unit="puzzle") as report:
        if fmt == "csv":
            out.write(csv_header(FIELDS))
        bar = report.bar(number, unit="puzzle") if report.shows_progress else None
        try:
            for puzzle in made:
                out.write(_format(puzzle, fmt))
                out.flush()
                written += 1
                report.add(Status.SOLVED)
                if bar is not None:
                    bar.update(1)
        except interrupts():
            report.note(f"interrupted after {written} of {number} puzzles{drawn}")
            return Exit.INTERRUPTED
        if written < number:
            report.note(f"stopped by --timeout after {written} of {number} puzzles{drawn}")
            return Exit.UNKNOWN
        report.summary([f"{written} puzzle{'' if written == 1 else 's'} made{drawn}"])
    return Exit.OK


def _format(made: Generated, fmt: str) -> str:
    if fmt == "json":
        return json_line(made.record())
    if fmt == "csv":
        return csv_row(made.record(), FIELDS)
    text = made.text
    return text + ("\n\n" if "\n" in text else "\n")
