"""A time limit for work that cannot look at the clock (CaDiCaL, Lingeling and Kissat, which
python-sat cannot interrupt; RC2's MaxSAT): it runs in a child process that is killed at the
deadline.

The child sends each item as it makes it; the parent yields them and, when the deadline comes
first, kills the child and raises :class:`~satdoku.deadline.SolveTimeout`, as the in-process
stages do. Grids from the child are verified in the parent by their callers
(:func:`satdoku.solver.search.solutions`, the counters).
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from satdoku.deadline import Deadline, SolveTimeout
from satdoku.errors import SatdokuError

T = TypeVar("T")

_PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when its parent dies."""
_DONE = "done"
_POLL = 0.1  # seconds between checks that the child is still alive


@dataclass(frozen=True)
class _Failure:
    """An error raised in the child, sent to the parent as its message (``timeout``: it was
    a :class:`~satdoku.deadline.SolveTimeout`, raised again as one)."""

    message: str
    timeout: bool = False


def die_with_parent(parent: int) -> None:
    """Make this process end when ``parent`` does, even by SIGKILL: on Linux the kernel is
    asked to kill it then (``PR_SET_PDEATHSIG``); and if the parent is already gone, end now."""
    if sys.platform.startswith("linux"):
        import ctypes  # only in a child process

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)


def _child(run: Callable[[], Iterator[Any]], out: Any, parent: int) -> None:
    """Send each item of ``run()``, then ``done`` (or the error's message)."""
    die_with_parent(parent)
    try:
        for item in run():
            out.put(item)
    except SatdokuError as err:
        out.put(_Failure(str(err), isinstance(err, SolveTimeout)))
        return
    out.put(_DONE)


def guarded(run: Callable[[], Iterator[T]], deadline: Deadline, name: str) -> Iterator[T]:
    """The items of ``run()``, made in a child process that is killed at ``deadline``: then
    :class:`~satdoku.deadline.SolveTimeout`, as when ``run()`` raises one itself. ``name``
    says in messages what ran (a backend). ``run`` must pickle (a module-level function, or a
    ``functools.partial`` of one), since the platform's way to start a process may not fork."""
    import multiprocessing  # not at import: most commands never start a child

    context = multiprocessing.get_context()
    out = context.Queue()
    child = context.Process(target=_child, args=(run, out, os.getpid()), daemon=True)
    child.start()
    try:
        while True:
            remaining = deadline.remaining()
            if remaining <= 0:
                raise deadline.error()
            try:
                item = out.get(timeout=min(remaining, _POLL))
            except queue.Empty:
                if child.is_alive():
                    continue
                try:  # it may have sent its last items just before exiting
                    item = out.get(timeout=_POLL)
                except queue.Empty:
                    raise SatdokuError(f"{name} stopped (exit code {child.exitcode})") from None
            if isinstance(item, _Failure):
                raise (deadline.error() if item.timeout else SatdokuError(item.message))
            if item == _DONE:
                return
            yield item
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        out.close()
