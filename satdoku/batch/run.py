"""A batch in one process or over worker processes: chunks in, results out in input order."""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from satdoku.batch.chunks import CHUNK, chunks_of, jobs_of, keyed
from satdoku.batch.engines import Engines
from satdoku.batch.interrupts import as_a_worker, hold, release, terminate_as_interrupt
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
    with terminate_as_interrupt(), _worker_pool(jobs, options) as pool:
        for solved in pool.imap(_solve_chunk, chunks):
            yield from keyed(solved, keys)


@contextmanager
def _worker_pool(jobs: int, options: BatchOptions) -> Iterator[Pool]:
    """The pool of ``jobs`` workers. Ctrl-C and SIGTERM are held back while it is made (a pool
    half made would leave its workers behind) and arrive once it stands, to shut it down."""
    import multiprocessing

    held = hold()
    try:
        pool = multiprocessing.get_context().Pool(jobs, _start_worker, (options, os.getpid()))
    except BaseException:
        release(held)
        raise
    with pool:
        release(held)
        yield pool


_worker: Engines | None = None
"""The engines of a worker process (each worker has its own)."""


def _start_worker(options: BatchOptions, parent: int) -> None:
    global _worker
    die_with_parent(parent)
    as_a_worker()
    _worker = Engines(options)


def _solve_chunk(chunk: list[Job]) -> list[BatchRecord]:
    assert _worker is not None
    return _worker.solve_chunk(chunk)
