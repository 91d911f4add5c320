"""A time limit for solvers python-sat cannot interrupt (CaDiCaL, Lingeling, Kissat): the
enumeration runs in a child process that is killed at the deadline.

The child sends each answer as it finds it; the parent yields them and, when the deadline
comes first, kills the child and yields ``None`` (a time-out), as the in-process strategies do.
Answers are verified again in the parent by :func:`satdoku.solver.search.solutions`.
"""

from __future__ import annotations

import multiprocessing
import queue
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from satdoku.encodings import ClassicEncoding
from satdoku.errors import SatdokuError
from satdoku.model import Grid, Puzzle
from satdoku.solver.result import Stats

Item = tuple[Grid, Stats] | None
Strategy = Callable[[Puzzle, ClassicEncoding, str, "int | None", "float | None"], Iterator[Item]]

_DONE = "done"
_POLL = 0.1  # seconds between checks that the child is still alive


@dataclass(frozen=True)
class _Failure:
    """An error raised in the child, sent to the parent as its message."""

    message: str


def _child(
    strategy: Strategy,
    puzzle: Puzzle,
    enc: ClassicEncoding,
    backend: str,
    limit: int | None,
    out: Any,
) -> None:
    """Run ``strategy`` without a time limit, sending each answer, then ``done`` (or the
    error's message)."""
    try:
        for item in strategy(puzzle, enc, backend, limit, None):
            out.put(item)
    except SatdokuError as err:
        out.put(_Failure(str(err)))
        return
    out.put(_DONE)


def guarded_solutions(
    strategy: Strategy,
    puzzle: Puzzle,
    enc: ClassicEncoding,
    backend: str,
    limit: int | None,
    timeout: float,
) -> Iterator[Item]:
    """``strategy``'s answers, from a child process killed after ``timeout`` seconds (then
    ``None`` is yielded)."""
    deadline = time.monotonic() + timeout
    context = multiprocessing.get_context()
    out = context.Queue()
    child = context.Process(
        target=_child, args=(strategy, puzzle, enc, backend, limit, out), daemon=True
    )
    child.start()
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                yield None
                return
            try:
                item = out.get(timeout=min(remaining, _POLL))
            except queue.Empty:
                if child.is_alive():
                    continue
                try:  # it may have sent its last answers just before exiting
                    item = out.get(timeout=_POLL)
                except queue.Empty:
                    raise SatdokuError(f"{backend} stopped (exit code {child.exitcode})") from None
            if isinstance(item, _Failure):
                raise SatdokuError(item.message)
            if item == _DONE:
                return
            yield item
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        out.close()
