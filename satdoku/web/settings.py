"""The limits of a server: worker processes, the time a request may take, how many requests
may wait, how large a body may be and how long a request's head and body may take to arrive."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from satdoku.errors import UsageError

TIMEOUT = 10.0
"""Seconds a request may take by default; a request may ask for less, never for more."""
QUEUE = 64
"""Requests that may wait for a worker, beyond those running, before the answer is 503."""
MAX_BODY = 1024 * 1024
"""Bytes of a request body: enough for a 400x400 grid written as numbers."""
MAX_DRAIN = 16 * 1024 * 1024
"""Bytes up to which a body past the cap is still read, and dropped, before the answer 413:
a client that sends its whole body before it reads the answer then reads the 413. A larger
body is answered at once and its connection closed."""
BODY_TIMEOUT = 10.0
"""Seconds a client may take to send a request's body, from its headers on: then 408."""
HEADER_TIMEOUT = 10.0
"""Seconds a client may take to send a request's line and headers, from the connection's
opening or the previous answer on: then 408 and the connection is closed."""
LONG_PUZZLE = 600
"""Characters of puzzle text beyond which a request counts as long (a 25x25 grid on one line
has 625; every 9x9 and 16x16 notation but the most padded is shorter). Long requests may hold
all workers but one, so that short ones always have a worker."""
GRACE = 5.0
"""Seconds past its time limit after which a request is answered 503 if its worker has not
finished (that worker is then killed and replaced)."""


def default_workers() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class Settings:
    """How a server runs: ``workers`` processes, at most ``timeout`` seconds per request, at
    most ``queue`` requests waiting, bodies of at most ``max_body`` bytes that arrive within
    ``body_timeout`` seconds, after a request line and headers that arrive within
    ``header_timeout`` seconds (kept by ``satdoku serve``'s uvicorn protocol)."""

    workers: int = 0
    """Worker processes; 0: one per core; at most four per CPU, as a batch's jobs."""
    timeout: float = TIMEOUT
    queue: int = QUEUE
    max_body: int = MAX_BODY
    max_drain: int = MAX_DRAIN
    body_timeout: float = BODY_TIMEOUT
    header_timeout: float = HEADER_TIMEOUT
    long_puzzle: int = LONG_PUZZLE
    grace: float = GRACE

    def __post_init__(self) -> None:
        from satdoku.batch.run import MAX_JOBS

        if self.workers < 0 or self.queue < 0 or self.max_body < 1 or self.max_drain < 0:
            raise UsageError("workers, queue, max_body and max_drain must be positive")
        if self.workers > MAX_JOBS:
            raise UsageError(f"workers must be 0 to {MAX_JOBS} (four per CPU), not {self.workers}")
        for what, seconds in (
            ("time limit", self.timeout),
            ("body time limit", self.body_timeout),
            ("header time limit", self.header_timeout),
        ):
            if not 0 < seconds < math.inf:
                raise UsageError(
                    f"the server's {what} is a number of seconds above 0, not {seconds}"
                )
        if self.workers == 0:
            object.__setattr__(self, "workers", default_workers())

    @property
    def long_workers(self) -> int:
        """How many workers long requests may hold at once: all but one (one if only one)."""
        return max(1, self.workers - 1)
