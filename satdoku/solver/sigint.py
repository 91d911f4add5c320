"""Ctrl-C held back while python-sat works on one puzzle.

python-sat's ``solve`` and ``propagate``, called without a time limit, catch SIGINT with a
handler of their own that jumps out of the solver (``longjmp``); a Ctrl-C that lands while the
solver is inside ``malloc`` leaves the heap broken, and the process dies of it later ("double
free or corruption") instead of ending cleanly. Held back, the signal waits until the puzzle
is done and arrives as a :class:`KeyboardInterrupt` between two puzzles.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
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
