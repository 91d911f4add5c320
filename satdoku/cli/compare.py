"""``satdoku compare``: every encoding x backend on the same puzzles, as a table."""

from __future__ import annotations

import json
import os
import platform
from collections.abc import Iterator, Sequence

import click

from satdoku.cli.inputs import (
    Inputs,
    Streams,
    describe,
    open_output,
    read_inputs,
    refuse_the_input,
)
from satdoku.cli.options import counts, format_option, named, stream_options, timeout_option
from satdoku.cli.report import Report
from satdoku.compare import (
    Comparison,
    Configuration,
    beyond_units,
    compare,
    configurations,
    markdown_table,
    runnable,
    summarize,
    to_json,
    write_csv,
)
from satdoku.compare.summary import Summary
from satdoku.errors import UsageError
from satdoku.extras import require
from satdoku.formats.records import configuration_record, json_line
from satdoku.model import Puzzle
from satdoku.status import Exit, Status, worst


def _names(text: str | None) -> list[str] | None:
    return None if text is None else [n.strip() for n in text.split(",") if n.strip()]


@click.command("compare")
@stream_options
@click.option(
    "--encodings",
    callback=named,
    help="Comma-separated encoding specs (CP-SAT: alldiff, onehot; dpll: exactcover).",
)
@click.option(
    "--backends",
    callback=named,
    help="Comma-separated backends: python-sat solver names, cpsat, dpll.",
)
@timeout_option("Seconds per puzzle and configuration; past it the trial is unknown.")
@click.option(
    "--repeat",
    type=counts(max=1000),
    default=1,
    show_default=True,
    help="Run each solve this many times and keep its least times (steadier on a busy machine).",
)
@format_option(
    ("grid", "json", "csv"),
    aliases=("text",),
    help="Output: grid, a markdown table; json, one object per configuration per line; csv,"
    " one row per configuration.",
)
@click.option(
    "--csv",
    "csv_path",
    type=click.Path(dir_okay=False),
    help="Also write one CSV row per configuration to this file.",
)
@click.option(
    "--json",
    "json_path",
    type=click.Path(dir_okay=False),
    help="Also write the summaries and every trial as one JSON document to this file.",
)
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False),
    help="Also write a PNG (solve times, formula sizes).",
)
def compare_command(
    streams: Streams,
    encodings: str | None,
    backends: str | None,
    timeout: float | None,
    repeat: int,
    fmt: str,
    csv_path: str | None,
    json_path: str | None,
    plot_path: str | None,
) -> int:
    """Run every configuration on PUZZLE, the puzzles of FILE (-f FILE or FILE), or stdin
    ('-'), and print a table.

    Without --encodings and --backends, twelve default configurations run (the classic
    encodings, reduced and triad variants, native cardinality on Minicard, CaDiCaL, and
    both CP-SAT models); when some puzzle has a rule beyond "these cells all differ" (cages,
    arrows, thermometers, ...), six that compare the sum methods instead: extended+optimized
    with its sums as tables (table), pseudo-Boolean constraints (pb, left out with a note
    without pindakaas) and totalizers (tree) on MiniSat, extended+optimized on CaDiCaL, and
    both CP-SAT models. --backends alone takes those defaults' encodings. Every answer is
    verified; configurations that disagree on whether a
    puzzle has a solution are failures. --timeout holds for every backend (CaDiCaL and
    Lingeling run in a child process killed at the deadline); a run past it is a failure with
    status unknown. A line that is not a puzzle is reported and skipped.

    \b
    Exit status: 0 every run agreed, 2 some input was bad, 3 some run ran out of time,
    4 some run failed otherwise (an error or a disagreement).
    \b
    Examples:
      satdoku compare -f puzzles.txt --csv out.csv --plot out.png
      satdoku compare -f puzzles.txt --encodings minimal,extended --backends minisat22,cadical153
      satdoku compare -f puzzles.txt --encodings extended+optimized,onehot --first 20
      satdoku compare -f puzzles.txt --backends minisat22,dpll --encodings extended,exactcover
      satdoku compare -f variants.iss --timeout 30
      satdoku compare -f variants.iss --encodings minimal+tree,extended+optimized+pb
    """
    if plot_path:
        require("matplotlib", "plot", "compare --plot")
    chosen = None if encodings is None else configurations(_names(encodings), _names(backends))
    inputs = read_inputs(streams, positional_files=True)
    for option, path in (("--csv", csv_path), ("--json", json_path), ("--plot", plot_path)):
        if path:
            refuse_the_input(option, path, inputs)
    name = inputs.name or "the puzzle given"
    with Report(streams, inputs, unit="trial") as report:
        puzzles = list(_puzzles(inputs, report))
        if not puzzles:
            raise UsageError(f"{name}: no valid puzzle to compare on")
        if chosen is None:
            chosen = _defaults(_names(backends), puzzles, report)
        bar = report.bar(len(puzzles) * len(chosen), unit="solve")
        comparison = compare(
            puzzles,
            chosen,
            timeout,
            on_trial=None if bar is None else lambda _: bar.update(),
            repeat=repeat,
        )
        report.close()
        summaries = summarize(comparison)
        with open_output(streams, inputs) as out:
            if fmt == "json":
                out.writelines(json_line(configuration_record(s)) for s in summaries)
            elif fmt == "csv":
                write_csv(summaries, out)
            else:
                out.write(markdown_table(summaries) + "\n")
        shapes = ", ".join(dict.fromkeys(f"{p.nrows}x{p.ncols}" for p in puzzles))
        report.summary(
            [
                f"{comparison.puzzles} puzzles ({shapes}) from {name}; {len(chosen)}"
                f" configurations; times in ms"
                f"{f' (least of {repeat} runs)' if repeat > 1 else ''};"
                f" counts are means per puzzle; {os.cpu_count()} cores, Python"
                f" {platform.python_version()}, {_versions()}"
            ]
        )
        _failures(comparison, report)
    _side_files(comparison, summaries, name, csv_path, json_path, plot_path)
    return max(_exit(comparison), report.exit)


def _defaults(
    backends: list[str] | None, puzzles: Sequence[Puzzle], report: Report
) -> list[Configuration]:
    """The default configurations for ``puzzles`` (on ``backends``) that can run here; each
    left out is named on stderr."""
    chosen, left_out = runnable(configurations(None, backends, beyond_units(puzzles)))
    for why in left_out:
        report.note(why)
    if not chosen:
        raise UsageError("no default configuration can run: " + "; ".join(left_out))
    return chosen


def _failures(comparison: Comparison, report: Report) -> None:
    for problem in comparison.disagreements:
        report.note(f"DISAGREEMENT: {problem}")
    for trials in comparison.trials.values():
        for trial in trials:
            if trial.status in (Status.ERROR, Status.UNKNOWN):
                where = f"{trial.configuration.label} puzzle {trial.puzzle + 1}"
                report.note(f"{str(trial.status).upper()} {where}: {trial.error}")


def _side_files(
    comparison: Comparison,
    summaries: Sequence[Summary],
    name: str,
    csv_path: str | None,
    json_path: str | None,
    plot_path: str | None,
) -> None:
    try:
        if csv_path:
            with open(csv_path, "w", newline="", encoding="utf-8") as handle:
                write_csv(summaries, handle)
        if json_path:
            with open(json_path, "w", encoding="utf-8") as handle:
                json.dump(to_json(comparison, summaries), handle, indent=1)
        if plot_path:
            from satdoku.compare.plot import plot_comparison

            plot_comparison(comparison, summaries, plot_path, title=f"satdoku compare {name}")
    except OSError as err:
        raise UsageError(f"cannot write {err.filename}: {err.strerror}") from None


def _exit(comparison: Comparison) -> Exit:
    """FAILED when a run went wrong (an error, a disagreement), else UNKNOWN when one ran out
    of time."""
    return worst(
        Status.ERROR if t.disagrees else t.status
        for runs in comparison.trials.values()
        for t in runs
        if t.failed
    )


def _versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for package in ("python-sat", "ortools"):
        try:
            found.append(f"{package} {version(package)}")
        except PackageNotFoundError:
            found.append(f"{package} absent")
    return ", ".join(found)


def _puzzles(inputs: Inputs, report: Report) -> Iterator[Puzzle]:
    """The valid puzzles; a bad line is reported and skipped."""
    for record in inputs.records:
        if record.puzzle is None:
            assert record.error is not None
            report.error(f"{describe(inputs.name, record.error)} (skipped)")
            report.add(Status.INVALID)
            continue
        yield record.puzzle
