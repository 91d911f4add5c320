"""Options that several commands share, declared once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from satdoku.encodings import DEFAULT_ENCODING
from satdoku.solver.defaults import BIG_BACKEND, BIG_ENCODING, DEFAULT_BACKEND

F = TypeVar("F", bound=Callable[..., Any])
Decorator = Callable[[F], F]


def stack(*decorators: Callable[[Any], Any]) -> Callable[[F], F]:
    """Apply ``decorators`` as if written top to bottom above a function."""

    def apply(func: F) -> F:
        for decorator in reversed(decorators):
            func = decorator(func)
        return func

    return apply


def shape_options(func: F) -> F:
    """``--box`` and ``--alphabet``: how to read grids whose shape the text leaves open."""
    return stack(
        click.option("--box", metavar="RxC", help="Box shape, e.g. 2x3 for 6x6 (default: square)."),
        click.option(
            "--alphabet",
            type=click.Choice(["auto", "1-9A-Z", "0-F"]),
            default="auto",
            show_default=True,
            help="Characters of one-line puzzles above 9x9.",
        ),
    )(func)


def format_option(choices: tuple[str, ...], help: str) -> Callable[[F], F]:
    """``--format``, stored as ``fmt``; the first choice is the default."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(list(choices)),
        default=choices[0],
        show_default=True,
        help=help,
    )


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
    timeout_help: str = "Seconds per puzzle; past it the status is unknown.",
) -> Callable[[F], F]:
    """``--encoding``, ``--backend`` (alias ``--solver``) and ``--timeout``."""
    return stack(
        click.option(
            "--encoding",
            help=f"CNF encoding spec (default {DEFAULT_ENCODING}, {BIG_ENCODING} from 25x25 up);"
            " with CP-SAT: alldiff or onehot.",
        ),
        click.option("--backend", "--solver", "backend", help=f"{backend_help} {AUTO}"),
        click.option("--timeout", type=float, help=timeout_help),
    )
