"""The ``satdoku`` command: a thin shell over the public API.

Subcommands live in their own modules and are imported only when used, so that
``satdoku solve`` starts fast. Adding one is one module and one line in ``COMMANDS``.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from satdoku import __version__
from satdoku.errors import SatdokuError
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


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI; every failure is one ``error:`` line and an exit status."""
    args = sys.argv[1:] if argv is None else argv
    # Before numpy loads: its matrix products here are small (checking a chunk of grids),
    # and BLAS threads would spin beside the processes of --jobs for nothing.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        with cli.make_context("satdoku", list(args)) as ctx:
            status = cli.invoke(ctx)
    except click.exceptions.Exit as done:
        status = done.exit_code
    except click.exceptions.Abort:
        _fail("interrupted", Exit.INTERRUPTED)
    except click.ClickException as err:
        hint = ""
        if isinstance(err, click.UsageError) and err.ctx is not None:
            hint = f" (see '{err.ctx.command_path} --help')"
        _fail(err.format_message() + hint, Exit.BAD_INPUT)
    except SatdokuError as err:
        _fail(str(err), Exit.BAD_INPUT)
    except KeyboardInterrupt:
        _fail("interrupted", Exit.INTERRUPTED)
    except BrokenPipeError:
        # The reader went away (e.g. ``| head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        status = Exit.OK
    except OSError as err:  # a full disk, a closed stream, a device that fails
        where = f" ({err.filename})" if err.filename else ""
        _fail(f"{err.strerror or err}{where}", Exit.BAD_INPUT)
    except Exception as err:  # python-sat reports Ctrl-C during a native solve as its own error
        from satdoku.solver.pysat_solver import interrupts

        if not isinstance(err, interrupts()):
            raise
        _fail("interrupted", Exit.INTERRUPTED)
    sys.exit(status if isinstance(status, int) else Exit.OK)


def _fail(message: str, status: Exit) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(status)
