"""The ``satdoku`` command: a thin shell over the public API.

:func:`main` runs a command line: a plain ``satdoku solve PUZZLE`` straight away
(:func:`satdoku.cli.solving.plain_request`), any other through click
(:mod:`satdoku.cli.group`, whose ``cli``, ``LazyGroup`` and ``COMMANDS`` are also this
package's, imported on first use), so that solving one puzzle loads neither click nor any
other command.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from typing import TYPE_CHECKING

from satdoku.cli.stderr import say
from satdoku.errors import SatdokuError
from satdoku.status import Exit

if TYPE_CHECKING:
    from satdoku.cli.group import COMMANDS, LazyGroup, cli

_LAZY = dict.fromkeys(("COMMANDS", "LazyGroup", "cli"), "satdoku.cli.group")
"""Names of the click group, imported on first use."""

__all__ = ["COMMANDS", "LazyGroup", "cli", "main"]


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI; every failure is one ``error:`` line and an exit status."""
    args = sys.argv[1:] if argv is None else argv
    # Before numpy loads: its matrix products here are small (checking a chunk of grids),
    # and BLAS threads would spin beside the processes of --jobs for nothing.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        status = _run(list(args))
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
    sys.exit(status)


def _run(args: list[str]) -> int:
    """The exit status of the command ``args``."""
    if args[:1] == ["solve"]:
        gc.disable()  # the modules' objects live to the end: no garbage to look for
        from satdoku.cli.inputs import Streams
        from satdoku.cli.solving import plain_request, solve_puzzles

        gc.freeze()  # then no collection scans them again, not even the full one at exit
        gc.enable()
        plain = plain_request(args)
        if plain is not None:
            puzzle, fmt = plain
            return solve_puzzles(Streams(puzzle), fmt)
    from satdoku.cli.group import run

    return run(args)


def _fail(message: str, status: Exit) -> None:
    say(f"error: {message}")
    sys.exit(status)
