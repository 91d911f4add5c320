"""Options that several commands share, declared once: each name means one thing everywhere."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import click

from satdoku.encodings import DEFAULT_ENCODING
from satdoku.errors import UsageError
from satdoku.solver.defaults import BIG_BACKEND, BIG_ENCODING, DEFAULT_BACKEND

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
    " (docs/encodings.md)."
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
            help=f"CNF encoding spec (default {DEFAULT_ENCODING}, {BIG_ENCODING} from 25x25 up);"
            " with CP-SAT: alldiff or onehot.",
        ),
        click.option(
            "--backend", "--solver", "backend", callback=named, help=f"{backend_help} {AUTO}"
        ),
        timeout_option(),
    )


def check_solver(backend: str | None, encoding: str | None, strategy: str | None = None) -> None:
    """Refuse, before any puzzle is read, a backend, encoding or strategy that no puzzle could
    take: checked against ``backend`` or, when none is named, the python-sat default."""
    if backend is None and encoding is None and strategy is None:
        return
    from satdoku.geometry import Geometry
    from satdoku.kinds.classic import sudoku
    from satdoku.solver.backend import strategy_for
    from satdoku.solver.registry import get_backend

    chosen = get_backend(backend or DEFAULT_BACKEND)
    if not chosen.capabilities.available:
        raise UsageError(f"the {chosen.name} backend is not installed; choose another backend")
    if encoding is not None:
        chosen.encoding_for(sudoku(Geometry(3, 3), [0] * 81), encoding)
    if strategy is not None:
        strategy_for(chosen, strategy)
