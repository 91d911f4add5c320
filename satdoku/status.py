"""The one status vocabulary of satdoku, and the one table from statuses to exit codes.

Every result (a solve, a count, a uniqueness check, a rating, a batch record, a compare trial)
says what happened with a :class:`Status`; every command exits with the worst
:func:`exit_code` over the puzzles it handled (:func:`worst`).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum, IntEnum


class Status(str, Enum):
    """What happened to one puzzle. Its value is the word written in every output."""

    SOLVED = "solved"
    """A solution was found (whether it is the only one was not asked)."""
    UNIQUE = "unique"
    """Exactly one solution, proven."""
    MULTIPLE = "multiple"
    """More than one solution."""
    NO_SOLUTION = "no_solution"
    """No grid satisfies every constraint, proven."""
    INVALID = "invalid"
    """The input is not a puzzle (it did not parse, or an option does not fit it)."""
    UNKNOWN = "unknown"
    """A time limit or a search budget ran out before an answer."""
    NEEDS_SEARCH = "needs_search"
    """The human techniques allowed get stuck: a rating or explanation needs search."""
    ERROR = "error"
    """A backend failed on the puzzle (it stopped, or its answer did not verify)."""

    def __str__(self) -> str:
        return self.value


class Exit(IntEnum):
    """The exit codes of the ``satdoku`` command."""

    OK = 0
    """Every puzzle got its answer."""
    NOT_ONE = 1
    """Some puzzle has no solution, or (where uniqueness was asked) several."""
    BAD_INPUT = 2
    """Bad input or usage: one ``error:`` line on stderr."""
    UNKNOWN = 3
    """Some puzzle ran out of time or budget."""
    FAILED = 4
    """A backend failed, or two backends disagreed (``compare``)."""
    INTERRUPTED = 130
    """Ctrl-C or a termination signal."""


EXIT_CODES: dict[Status, Exit] = {
    Status.SOLVED: Exit.OK,
    Status.UNIQUE: Exit.OK,
    Status.NEEDS_SEARCH: Exit.OK,
    Status.MULTIPLE: Exit.NOT_ONE,
    Status.NO_SOLUTION: Exit.NOT_ONE,
    Status.INVALID: Exit.BAD_INPUT,
    Status.UNKNOWN: Exit.UNKNOWN,
    Status.ERROR: Exit.FAILED,
}
"""The exit code each status calls for; a command exits with the largest over its puzzles."""


def exit_code(status: Status | str) -> Exit:
    """The exit code of one puzzle's ``status``."""
    return EXIT_CODES[Status(status)]


def worst(statuses: Iterable[Status | str]) -> Exit:
    """The exit code of a run: the largest over its puzzles' statuses (``OK`` for none)."""
    return max((exit_code(s) for s in statuses), default=Exit.OK)
