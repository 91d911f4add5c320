"""``satdoku compare``: every encoding x backend on the same puzzles, as a table."""

from __future__ import annotations

import json
import os
import platform
import sys
from collections.abc import Iterator

import click

from satdoku.cli.inputs import describe, read_inputs
from satdoku.cli.options import shape_options
from satdoku.compare import (
    Comparison,
    compare,
    configurations,
    markdown_table,
    summarize,
    to_json,
    write_csv,
)
from satdoku.errors import UsageError
from satdoku.formats import Record
from satdoku.model import Puzzle


def _names(text: str | None) -> list[str] | None:
    return None if text is None else [n.strip() for n in text.split(",") if n.strip()]


@click.command("compare")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--encodings",
    help="Comma-separated encoding specs (CP-SAT: alldiff, onehot; dpll: exactcover).",
)
@click.option("--backends", help="Comma-separated backends: python-sat solver names, cpsat, dpll.")
@click.option("--limit", type=click.IntRange(min=1), help="Only the first N puzzles.")
@click.option("--timeout", type=float, help="Seconds per puzzle and configuration.")
@click.option(
    "--repeat",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Run each solve this many times and keep its least times (steadier on a busy machine).",
)
@click.option(
    "--csv",
    "csv_path",
    type=click.Path(dir_okay=False),
    help="Write one CSV row per configuration.",
)
@click.option(
    "--json",
    "json_path",
    type=click.Path(dir_okay=False),
    help="Write summaries and every trial as JSON.",
)
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False),
    help="Write a PNG (solve times, formula sizes).",
)
@shape_options
def compare_command(
    file: str,
    encodings: str | None,
    backends: str | None,
    limit: int | None,
    timeout: float | None,
    repeat: int,
    csv_path: str | None,
    json_path: str | None,
    plot_path: str | None,
    box: str | None,
    alphabet: str,
) -> int:
    """Run every configuration on the puzzles of FILE ('-' for stdin) and print a table.

    Without --encodings and --backends, twelve default configurations run (the classic
    encodings, reduced and triad variants, native cardinality on Minicard, CaDiCaL, and
    both CP-SAT models). Every answer is verified; configurations that disagree on whether a
    puzzle has a solution are failures. --timeout holds for every backend (CaDiCaL and
    Lingeling run in a child process killed at the deadline); a run past it is a failure with
    status unknown. Exit status 1 when a run failed otherwise (an error or a disagreement),
    else 3 when some run ran out of time.

    \b
    Examples:
      satdoku compare puzzles.txt --csv out.csv --plot out.png
      satdoku compare puzzles.txt --encodings minimal,extended --backends minisat22,cadical153
      satdoku compare puzzles.txt --encodings extended+optimized,onehot --limit 20
      satdoku compare puzzles.txt --backends minisat22,dpll --encodings extended
    """
    chosen = configurations(_names(encodings), _names(backends))
    _, records = read_inputs(None, file, box, alphabet)
    puzzles = list(_puzzles(file, records, limit))
    if not puzzles:
        raise UsageError(f"{file}: no valid puzzle to compare on")
    progress = _progress(len(puzzles) * len(chosen))
    try:
        comparison = compare(
            puzzles, chosen, timeout, on_trial=lambda _: progress.update(), repeat=repeat
        )
    finally:
        progress.close()
    summaries = summarize(comparison)
    click.echo(markdown_table(summaries))
    size = puzzles[0].values
    click.echo(
        f"\n{comparison.puzzles} puzzles ({size}x{size}) from {file}; {len(chosen)}"
        f" configurations; times in ms{f' (least of {repeat} runs)' if repeat > 1 else ''};"
        f" counts are means per puzzle; {os.cpu_count()} cores, Python"
        f" {platform.python_version()}, {_versions()}",
    )
    for problem in comparison.disagreements:
        click.echo(f"DISAGREEMENT: {problem}", err=True)
    for trials in comparison.trials.values():
        for trial in trials:
            if trial.status in ("error", "unknown"):
                where = f"{trial.configuration.label} puzzle {trial.puzzle + 1}"
                click.echo(f"{trial.status.upper()} {where}: {trial.error}", err=True)
    try:
        if csv_path:
            with open(csv_path, "w", newline="", encoding="utf-8") as handle:
                write_csv(summaries, handle)
        if json_path:
            with open(json_path, "w", encoding="utf-8") as handle:
                json.dump(to_json(comparison, summaries), handle, indent=1)
        if plot_path:
            from satdoku.compare.plot import plot_comparison

            plot_comparison(comparison, summaries, plot_path, title=f"satdoku compare {file}")
    except OSError as err:
        raise UsageError(f"cannot write {err.filename}: {err.strerror}") from None
    return _exit_status(comparison)


def _exit_status(comparison: Comparison) -> int:
    """1 when a run went wrong (an error, a disagreement), else 3 when one ran out of time."""
    trials = [t for runs in comparison.trials.values() for t in runs]
    if any(t.status == "error" or t.disagrees for t in trials):
        return 1
    return 3 if any(t.status == "unknown" for t in trials) else 0


def _versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for package in ("python-sat", "ortools"):
        try:
            found.append(f"{package} {version(package)}")
        except PackageNotFoundError:
            found.append(f"{package} absent")
    return ", ".join(found)


def _puzzles(file: str, records: Iterator[Record], limit: int | None) -> Iterator[Puzzle]:
    """The valid puzzles, at most ``limit``; a bad line is reported and skipped."""
    taken = 0
    for record in records:
        if limit is not None and taken >= limit:
            return
        if record.puzzle is None:
            assert record.error is not None
            click.echo(f"error: {describe(file, record.error)} (skipped)", err=True)
            continue
        taken += 1
        yield record.puzzle


class _NoProgress:
    def update(self) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int) -> _NoProgress:
    """A tqdm bar on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        return _NoProgress()
    from tqdm import tqdm

    bar: _NoProgress = tqdm(total=total, file=sys.stderr, unit="solve", leave=False)
    return bar
