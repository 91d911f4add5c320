"""How a batch over worker processes meets Ctrl-C and SIGTERM: both end it the same way, the
pool shut down (its workers ended, its semaphores released), never the parent gone with its
workers left behind."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

INTERRUPTS = {signal.SIGINT, signal.SIGTERM}
"""The signals that end a batch early: Ctrl-C and a termination signal."""
Mask = set[int | signal.Signals] | None
"""A thread's blocked signals (None where there is no signal mask)."""


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM raises :class:`KeyboardInterrupt` (in the main thread) inside the block, as
    Ctrl-C does."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def hold() -> Mask:
    """Hold Ctrl-C and SIGTERM back in this thread (they wait, blocked); the mask before."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, INTERRUPTS)


def release(mask: Mask) -> None:
    """Put back the mask :func:`hold` replaced: a signal held back arrives now."""
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def as_a_worker() -> None:
    """In a worker process: Ctrl-C ignored (the parent handles it), SIGTERM (the pool's way
    to end it) neither handled as the parent's nor held back as the parent held it when the
    worker started."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, INTERRUPTS)
