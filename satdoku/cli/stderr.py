"""Messages on stderr, where a command says everything that is not its output."""

from __future__ import annotations

import sys


def say(message: str) -> None:
    """One line on stderr, flushed (nothing when stderr is closed)."""
    if sys.stderr is not None:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
