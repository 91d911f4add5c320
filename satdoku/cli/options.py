"""Options that several commands share, declared once: each name means one thing everywhere."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, TypeVar, cast

import click

from satdoku.cli.inputs import ALPHABETS, DEFAULT_KIND, Streams
from satdoku.encodings import DEFAULT_ENCODING
from satdoku.solver.defaults import BIG_BACKEND, BIG_ENCODING, DEFAULT_BACKEND, HUGE_ENCODING

F = TypeVar("F", bound=Callable[..., Any])

FORMATS = {
    "grid": "human text",
    "line": "one line per puzzle",
    "json": "JSON Lines, one object per puzzle",
    "csv": "a CSV header, then one row per puzzle",
    "svg": "a picture of one puzzle (an SVG document)",
    "ss": "Simple Sudoku's grid (..3|.2.|6.. rows, rules between bands)",
    "sdk": "SadMan Software's [Puzzle] section (9x9)",
    "sdm": "one line of 81 digits, 0 blank (9x9)",
    "trace": "the grid as one line of rows (explain: after every placement)",
}
"""The one set of output formats; a command takes those that apply to it."""

ALIASES = {"text": "grid", "jsonl": "json"}
"""Older names of formats, still accepted."""


def stack(*decorators: Callable[[Any], Any]) -> Callable[[F], F]:
    """Apply ``decorators`` as if written top to bottom above a function."""

    def apply(func: F) -> F:
        for decorator in reversed(decorators):
            func = decorator(func)
        return func

    return apply


def format_option(
    choices: tuple[str, ...], aliases: tuple[str, ...] = (), help: str = ""
) -> Callable[[F], F]:
    """``--format``, stored as ``fmt`` (an alias is stored as the format it names); the first
    choice is the default."""
    described = "; ".join(f"{c}: {FORMATS[c]}" for c in choices if c in FORMATS)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice([*choices, *aliases]),
        default=choices[0],
        show_default=True,
        callback=lambda _ctx, _param, value: ALIASES.get(value, value),
        help=help or f"Output: {described}.",
    )


def timeout_option(
    help: str = "Seconds per puzzle; past it the status is unknown.",
) -> Callable[[F], F]:
    """``--timeout``: a number of seconds, 0 or more (``inf``: no limit; ``nan`` is refused)."""
    return click.option(
        "--timeout",
        type=click.FloatRange(min=0),
        callback=_not_nan,
        metavar="SECONDS",
        help=help,
    )


def _not_nan(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    if value is not None and math.isnan(value):
        raise click.BadParameter("nan is not a number of seconds", ctx, param)
    return value


MAX_COUNT = 2**63 - 1
"""The largest count any option takes (solutions, puzzles, conflicts): a 64-bit integer."""


def counts(min: int = 1, max: int = MAX_COUNT) -> click.IntRange:
    """The type of an option counting something: an integer from ``min`` to ``max``."""
    return click.IntRange(min=min, max=max)


def named(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A callback refusing an empty name (``--encoding ''``): no option means the default."""
    if value is not None and not value.strip(" ,"):
        raise click.BadParameter("empty; leave the option out for the default", ctx, param)
    return value


MAX_LIMIT = MAX_COUNT - 1
"""The most solutions a search is asked for: it looks for one more, which must still fit."""


def _clamped(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    return value if value is None else min(value, MAX_LIMIT)


def limit_option(help: str, default: int | None = None, min: int = 1) -> Callable[[F], F]:
    """``--limit``: solutions per puzzle (the largest counts are taken as :data:`MAX_LIMIT`)."""
    return click.option(
        "--limit",
        type=counts(min),
        callback=_clamped,
        metavar="N",
        default=default,
        show_default=default is not None,
        help=help,
    )


def techniques_option(func: F) -> F:
    """``--techniques``: the human techniques allowed."""
    return click.option(
        "--techniques",
        metavar="SET",
        default="all",
        show_default=True,
        help="Techniques allowed: singles (full house, hidden and naked singles), all, or a"
        " comma-separated list of technique names (docs/logic.md).",
    )(func)


AUTO = (
    f"Default: {DEFAULT_BACKEND}, or {BIG_BACKEND} over {BIG_ENCODING} for grids of 25x25 and up"
    f" ({HUGE_ENCODING} from 64x64; docs/encodings.md)."
)


def solver_options(
    backend_help: str = (
        "A python-sat solver name (CaDiCaL also as cadical195+stable), cpsat for OR-Tools"
        " CP-SAT, or dpll (compiled DPLL over exactly-one constraints; puzzles made of units of"
        " N cells only)."
    ),
) -> Callable[[F], F]:
    """``--encoding``, ``--backend`` (alias ``--solver``) and ``--timeout``."""
    return stack(
        click.option(
            "--encoding",
            callback=named,
            help=f"CNF encoding spec (default {DEFAULT_ENCODING}, {BIG_ENCODING} from 25x25 up,"
            f" {HUGE_ENCODING} from 64x64);"
            " with CP-SAT: alldiff or onehot.",
        ),
        click.option(
            "--backend", "--solver", "backend", callback=named, help=f"{backend_help} {AUTO}"
        ),
        timeout_option(),
    )


def stream_options(func: F) -> F:
    """Decorate a command with PUZZLE, ``-f``, ``--kind``, ``--box``, ``--alphabet``,
    ``--key``, ``--first``, ``-o`` and ``--quiet``, passed to it as one ``streams`` argument."""
    from satdoku.formats.kinds import KINDS

    @functools.wraps(func)
    def command(
        *args: Any,
        puzzle: str | None,
        file: str | None,
        box: str | None,
        alphabet: str,
        kind: str,
        first: int | None,
        output: str | None,
        quiet: bool,
        key: str | None,
        **kwargs: Any,
    ) -> Any:
        streams = Streams(puzzle, file, box, alphabet, kind, first, output, quiet, key)
        return func(*args, streams=streams, **kwargs)

    return cast(
        F,
        stack(
            click.argument("puzzle", required=False),
            click.option(
                "-f",
                "--file",
                "file",
                type=click.Path(dir_okay=False, allow_dash=True),
                help="Read every puzzle of FILE ('-' for stdin).",
            ),
            click.option(
                "--kind",
                default=DEFAULT_KIND,
                show_default=True,
                metavar="KIND",
                help=f"Puzzle kind: {', '.join(KINDS)} (docs/variants.md, docs/kakuro.md).",
            ),
            click.option(
                "--box", metavar="RxC", help="Box shape, e.g. 2x3 for 6x6 (default: square)."
            ),
            click.option(
                "--alphabet",
                type=click.Choice(ALPHABETS),
                default=ALPHABETS[0],
                show_default=True,
                help="Characters of one-line puzzles above 9x9.",
            ),
            click.option(
                "--key",
                metavar="COLUMN",
                help="The column of a table (CSV, SQL) whose value each record carries as id"
                " (default: a column named id, key, name or uid, or ending in _id).",
            ),
            click.option(
                "--first",
                type=counts(),
                metavar="N",
                help="Only the first N puzzles of the input.",
            ),
            click.option(
                "-o",
                "--output",
                metavar="FILE",
                type=click.Path(dir_okay=False, allow_dash=True),
                help="Write the output to FILE ('-' for stdout, the default).",
            ),
            click.option(
                "-q", "--quiet", is_flag=True, help="No progress bar and no summary on stderr."
            ),
        )(command),
    )
