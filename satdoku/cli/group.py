"""The ``satdoku`` command group, read by click: subcommands live in their own modules and are
imported only when used. Adding one is one module and one line in ``COMMANDS``."""

from __future__ import annotations

import importlib

import click

from satdoku import __version__
from satdoku.errors import UsageError
from satdoku.status import Exit

COMMANDS = {
    "batch": "satdoku.cli.batch:batch_command",
    "candidates": "satdoku.cli.candidates:candidates_command",
    "compare": "satdoku.cli.compare:compare_command",
    "count": "satdoku.cli.count:count_command",
    "dimacs": "satdoku.cli.dimacs:dimacs_command",
    "explain": "satdoku.cli.explain:explain_command",
    "rate": "satdoku.cli.rate:rate_command",
    "solve": "satdoku.cli.solve:solve_command",
    "unique": "satdoku.cli.unique:unique_command",
    "generate": "satdoku.cli.generate:generate_command",
    "serve": "satdoku.cli.serve:serve_command",
    "why": "satdoku.cli.why:why_command",
    "redundant": "satdoku.cli.setter:redundant_command",
    "minimize": "satdoku.cli.setter:minimize_command",
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, attr = target.split(":")
        command: click.Command = getattr(importlib.import_module(module), attr)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="satdoku")
def cli() -> None:
    """Solve, count and explain Sudoku and other grid puzzles with SAT and CP-SAT.

    \b
    Examples:
      satdoku solve '85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.'
      satdoku solve -f puzzles.txt --format json
    """


def run(args: list[str]) -> int:
    """Read ``args`` with click and run the command; its exit status. A command line click
    refuses is a :class:`UsageError` naming the help to read; ^C at a prompt is a
    :class:`KeyboardInterrupt`."""
    try:
        with cli.make_context("satdoku", list(args)) as ctx:
            status = cli.invoke(ctx)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.exceptions.Abort:
        raise KeyboardInterrupt from None
    except click.ClickException as err:
        hint = ""
        if isinstance(err, click.UsageError) and err.ctx is not None:
            hint = f" (see '{err.ctx.command_path} --help')"
        raise UsageError(err.format_message() + hint) from None
    return status if isinstance(status, int) else Exit.OK
