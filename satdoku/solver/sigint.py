"""Ctrl-C while python-sat works, without python-sat's own handler.

python-sat's ``solve`` and ``propagate``, called without a time limit, catch SIGINT with a
handler of their own that jumps out of the solver (``longjmp``); a Ctrl-C that lands while the
solver is inside ``malloc`` leaves the heap broken, and the process dies of it later ("double
free or corruption") instead of ending cleanly. Two ways around it:

* :func:`sigint_held`: the signal waits until a short piece of work (one puzzle of a batch)
  is done and arrives as a :class:`KeyboardInterrupt` after it;
* :func:`interrupting`: for a search that may run for minutes, the solver is asked to stop
  (its own ``interrupt``, from a thread that Python's signal handler wakes through
  :func:`signal.set_wakeup_fd`), and the :class:`KeyboardInterrupt` follows as it returns.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_HELD = {signal.SIGINT}


@contextmanager
def sigint_held() -> Iterator[None]:
    """SIGINT blocked in the main thread for the ``with`` block, then delivered if it came
    (where the platform has no signal masks, or off the main thread, nothing changes)."""
    if not hasattr(signal, "pthread_sigmask") or (
        threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


_armed: list[Callable[[], None]] = []
"""The stop of the search under way, while :func:`interrupting` is armed."""
_wakeup: dict[int, int] = {}
"""Process id -> the writing end of the pipe the watcher thread of that process reads."""


def _watch(fd: int) -> None:
    """The watcher thread: signal numbers in, the armed stop called on SIGINT."""
    while True:
        try:
            data = os.read(fd, 512)
        except OSError:
            return
        if not data:
            return
        if signal.SIGINT in data:
            for stop in _armed[-1:]:  # a copy: the block may end meanwhile
                stop()


def _wakeup_fd() -> int:
    """The writing end of this process's watched pipe, the watcher started at first use."""
    pid = os.getpid()
    if pid not in _wakeup:  # a forked child has its own pipe and thread
        read, write = os.pipe()
        os.set_blocking(write, False)
        threading.Thread(target=_watch, args=(read,), name="satdoku-sigint", daemon=True).start()
        _wakeup.clear()
        _wakeup[pid] = write
    return _wakeup[pid]


@contextmanager
def interrupting(stop: Callable[[], None]) -> Iterator[bool]:
    """Within the ``with`` block a Ctrl-C calls ``stop`` at once, from another thread, for a
    native search that runs outside Python's lock; Python's own handler then acts as the
    search returns (the default one raises :class:`KeyboardInterrupt`). Yields whether it
    is armed: not off the main thread, nor where something else (an event loop) already
    takes the signals' wake-ups."""
    if threading.current_thread() is not threading.main_thread():
        yield False
        return
    write = _wakeup_fd()
    before = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    if before not in (-1, write):
        signal.set_wakeup_fd(before)
        yield False
        return
    _armed.append(stop)
    try:
        yield True
    finally:
        _armed.pop()
        signal.set_wakeup_fd(before)
