"""A batch in one process or over worker processes: chunks in, results out in input order."""

from __future__ import annotations

import os
import signal
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING

from satdoku.batch.chunks import CHUNK, chunks_of, jobs_of, keyed
from satdoku.batch.engines import Engines
from satdoku.batch.options import BatchOptions
from satdoku.batch.record import BatchRecord, Job
from satdoku.errors import UsageError
from satdoku.formats import Record
from satdoku.solver.guard import die_with_parent

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

MAX_JOBS = 4 * (os.cpu_count() or 1)
"""The most worker processes a batch starts."""


def run_batch(
    records: Iterable[Record],
    options: BatchOptions | None = None,
    jobs: int = 1,
    chunk: int = CHUNK,
) -> Iterator[BatchRecord]:
    """One :class:`BatchRecord` per record, in order. Close the iterator (or let it finish)
    to release the solvers and worker processes."""
    options = options or BatchOptions()
    if not 1 <= jobs <= MAX_JOBS:
        raise UsageError(f"jobs must be 1 to {MAX_JOBS} (four per CPU), not {jobs}")
    keys: deque[str | None] = deque()
    chunks = chunks_of(jobs_of(records, keys), chunk)
    if jobs <= 1:
        engines = Engines(options)
        try:
            for part in chunks:
                yield from keyed(engines.solve_chunk(part), keys)
        finally:
            engines.close()
        return
    with _terminate_as_interrupt(), _worker_pool(jobs, options) as pool:
        for solved in pool.imap(_solve_chunk, chunks):
            yield from keyed(solved, keys)


_INTERRUPTS = {signal.SIGINT, signal.SIGTERM}
"""The signals that end a batch early: Ctrl-C and a termination signal."""


@contextmanager
def _worker_pool(jobs: int, options: BatchOptions) -> Iterator[Pool]:
    """The pool of ``jobs`` workers. Ctrl-C and SIGTERM are held back while it is made (a pool
    half made would leave its workers behind) and arrive once it stands, to shut it down."""
    import multiprocessing

    held = _hold()
    try:
        pool = multiprocessing.get_context().Pool(jobs, _start_worker, (options, os.getpid()))
    except BaseException:
        _release(held)
        raise
    with pool:
        _release(held)
        yield pool


def _hold() -> set[int | signal.Signals] | None:
    """Block Ctrl-C and SIGTERM in this thread; the mask before (None where there is none)."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, _INTERRUPTS)


def _release(mask: set[int | signal.Signals] | None) -> None:
    """Put back the mask :func:`_hold` replaced: a signal held back arrives now."""
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM raises :class:`KeyboardInterrupt` (in the main thread) while the workers run, as
    Ctrl-C does: the pool is then shut down, its workers ended and its semaphores released,
    instead of the parent dying with them left behind."""
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


_worker: Engines | None = None
"""The engines of a worker process (each worker has its own)."""


def _start_worker(options: BatchOptions, parent: int) -> None:
    global _worker
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, when forked
    if hasattr(signal, "pthread_sigmask"):  # as the parent held them back when it forked
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _INTERRUPTS)
    _worker = Engines(options)


def _solve_chunk(chunk: list[Job]) -> list[BatchRecord]:
    assert _worker is not None
    return _worker.solve_chunk(chunk)
