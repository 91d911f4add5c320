"""``satdoku rate``: rate puzzles by the hardest technique a person needs, with a summary."""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Iterable

import click

from satdoku.cli.inputs import describe, kind_option, puzzle_input_options, read_inputs
from satdoku.cli.options import format_option
from satdoku.logic import TECHNIQUES, Rating, rate
from satdoku.logic.rating import LABELS
from satdoku.status import Status

EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT = 0, 1, 2
NEEDS_SEARCH, NO_SOLUTION = "needs search", "no solution"
UNSOLVED = {Status.NEEDS_SEARCH: NEEDS_SEARCH, Status.NO_SOLUTION: NO_SOLUTION}
LABEL_ORDER = (*(label for _, label in LABELS), NEEDS_SEARCH, NO_SOLUTION)


@click.command("rate")
@puzzle_input_options
@kind_option
@format_option(
    ("text", "json"),
    "A table row per puzzle, or one JSON object per puzzle and one for the summary.",
)
@click.option("--no-summary", is_flag=True, help="Leave out the summary.")
def rate_command(
    puzzle: str | None,
    file: str | None,
    box: str | None,
    alphabet: str,
    kind: str,
    fmt: str,
    no_summary: bool,
) -> int:
    """Rate PUZZLE (a string), every puzzle in FILE, or stdin ('-').

    The rating is the hardest technique the logic engine needs, on the Sudoku Explainer scale
    (hidden single 1.2 / 1.5, naked single 2.3, pointing 2.6, ... XY-Wing 4.2), with a label:
    easy, medium, hard, fiendish, or "needs search" when the techniques run out (no number is
    given then). A progress bar shows on a terminal.

    \b
    Exit status: 0 done, 1 some puzzle has no solution, 2 some input was bad.
    \b
    Examples:
      satdoku rate '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
      satdoku rate -f puzzles.txt --format json
    """
    from tqdm import tqdm

    source, records = read_inputs(puzzle, file, box, alphabet, kind)
    status = EXIT_OK
    ratings: list[Rating] = []
    invalid = 0
    started = time.perf_counter()
    progress = tqdm(records, desc="rating", unit=" puzzles", disable=not sys.stderr.isatty())
    for number, record in enumerate(progress):
        if number == 0 and fmt == "text":  # after the input proved non-empty
            click.echo(
                f"{'line':>6}  {'rating':>6}  {'label':<12}  {'steps':>5}  hardest technique"
            )
        if record.puzzle is None:
            assert record.error is not None
            progress.write(f"error: {describe(source, record.error)}", file=sys.stderr)
            invalid += 1
            status = EXIT_BAD_INPUT
            continue
        rating = rate(record.puzzle)
        ratings.append(rating)
        if rating.status is Status.NO_SOLUTION:
            status = max(status, EXIT_NO_SOLUTION)
        if fmt == "json":
            click.echo(
                json.dumps({"line": record.line, **rating.to_dict(), "label": _label(rating)})
            )
        else:
            click.echo(_row(record.line, rating))
    elapsed = time.perf_counter() - started
    if not no_summary:
        summary = _summary(ratings, invalid, elapsed)
        if fmt == "json":
            click.echo(json.dumps({"summary": summary}))
        else:
            click.echo()
            click.echo("\n".join(_summary_text(summary)))
    return status


def _label(rating: Rating) -> str:
    return rating.label or UNSOLVED[rating.status]


def _row(line: int, rating: Rating) -> str:
    score = f"{rating.score:.1f}" if rating.score is not None else "-"
    if rating.score is not None:
        hardest = rating.hardest or "(none: no blank cell)"
    elif rating.hardest:
        hardest = f"(stuck; hardest before: {rating.hardest} {rating.hardest_score:.1f})"
    else:
        hardest = "(stuck at the start)"
    return f"{line:>6}  {score:>6}  {_label(rating):<12}  {rating.steps:>5}  {hardest}"


def _summary(ratings: list[Rating], invalid: int, elapsed: float) -> dict[str, object]:
    labels = Counter(_label(r) for r in ratings)
    hardest = Counter(r.hardest for r in ratings if r.solved and r.hardest)
    used = Counter(t for r in ratings for t in r.histogram)
    steps: Counter[str] = Counter()
    for r in ratings:
        steps.update(r.histogram)
    scores = sorted(r.score for r in ratings if r.score is not None)
    order = [t.name for t in TECHNIQUES]
    return {
        "puzzles": len(ratings),
        "invalid": invalid,
        "seconds": round(elapsed, 3),
        "labels": {label: labels[label] for label in LABEL_ORDER if labels[label]},
        "median_score": scores[len(scores) // 2] if scores else None,
        "max_score": scores[-1] if scores else None,
        "techniques": {
            name: {"hardest_in": hardest[name], "puzzles": used[name], "steps": steps[name]}
            for name in order
            if used[name]
        },
    }


def _summary_text(summary: dict[str, object]) -> Iterable[str]:
    n = summary["puzzles"]
    assert isinstance(n, int)
    yield (
        f"summary: {n} puzzles rated in {summary['seconds']:.2f} s"
        f" ({summary['invalid']} invalid lines skipped)"
    )

    def share(k: int) -> str:
        return f"{100 * k / n:.1f}%" if n else "-"

    if summary["median_score"] is not None:
        yield (
            f"rating of the puzzles the logic solves: median {summary['median_score']:.1f}, "
            f"max {summary['max_score']:.1f}"
        )
    yield f"{'label':<24}  {'puzzles':>7}  {'share':>6}"
    labels = summary["labels"]
    assert isinstance(labels, dict)
    for label, count in labels.items():
        yield f"{label:<24}  {count:>7}  {share(count):>6}"
    yield ""
    yield f"{'technique':<24}  {'hardest in':>10}  {'used in':>7}  {'steps':>7}"
    techniques = summary["techniques"]
    assert isinstance(techniques, dict)
    for name, row in techniques.items():
        yield f"{name:<24}  {row['hardest_in']:>10}  {row['puzzles']:>7}  {row['steps']:>7}"
