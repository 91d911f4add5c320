"""A time limit for the work on one puzzle: a point on the monotonic clock, set once when the
work starts and handed down to every stage (reduction, encoding, loading the solver,
solving), each of which looks at it between steps and stops with :class:`SolveTimeout`.

Stages that cannot look at the clock keep it otherwise: MiniSat-family solvers are
interrupted at the deadline, and solvers that cannot be interrupted run in a child process
that is killed then (:mod:`satdoku.solver.guard`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from satdoku.errors import SatdokuError, UsageError

FOREVER = 1e7
"""Seconds (about four months) beyond which a time limit is no limit: timers and clocks of
the operating system overflow long before ``1e308``."""


class SolveTimeout(SatdokuError):
    """The time limit ran out before the backend decided: the answer is unknown."""


@dataclass(frozen=True)
class Deadline:
    """``seconds`` after the monotonic time ``start``; :meth:`after` makes one from now."""

    seconds: float
    start: float

    @classmethod
    def after(cls, seconds: float | None) -> Deadline:
        """The deadline ``seconds`` from now; None (or more than :data:`FOREVER`) means no limit
        (:data:`NEVER`). Raises :class:`~satdoku.errors.UsageError` for a negative or NaN
        number of seconds."""
        if seconds is not None and (math.isnan(seconds) or seconds < 0):
            raise UsageError(f"a time limit is 0 seconds or more, not {seconds}")
        if seconds is None or seconds > FOREVER:
            return NEVER
        return cls(seconds, time.monotonic())

    @property
    def limited(self) -> bool:
        return not math.isinf(self.seconds)

    def remaining(self) -> float:
        """Seconds left (0 once passed; infinite without a limit)."""
        return max(0.0, self.start + self.seconds - time.monotonic())

    def timeout(self) -> float | None:
        """Seconds left as a solver's time limit: None without a limit."""
        return self.remaining() if self.limited else None

    def expired(self) -> bool:
        return self.limited and time.monotonic() >= self.start + self.seconds

    def check(self) -> None:
        """Raise :class:`SolveTimeout` once the deadline has passed."""
        if self.expired():
            raise self.error()

    def error(self) -> SolveTimeout:
        return SolveTimeout(f"no answer within {self.seconds:g} s")


NEVER = Deadline(math.inf, 0.0)
"""No time limit: never expires."""
