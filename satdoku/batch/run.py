"""A batch in one process or over worker processes: chunks in, results out in input order."""

from __future__ import annotations

import os
import signal
from collections import deque
from collections.abc import Iterable, Iterator

from satdoku.batch.chunks import CHUNK, chunks_of, jobs_of, keyed
from satdoku.batch.engines import Engines
from satdoku.batch.options import BatchOptions
from satdoku.batch.record import BatchRecord, Job
from satdoku.errors import UsageError
from satdoku.formats import Record
from satdoku.solver.guard import die_with_parent

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
    import multiprocessing

    with multiprocessing.get_context().Pool(jobs, _start_worker, (options, os.getpid())) as pool:
        for solved in pool.imap(_solve_chunk, chunks):
            yield from keyed(solved, keys)


_worker: Engines | None = None
"""The engines of a worker process (each worker has its own)."""


def _start_worker(options: BatchOptions, parent: int) -> None:
    global _worker
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    _worker = Engines(options)


def _solve_chunk(chunk: list[Job]) -> list[BatchRecord]:
    assert _worker is not None
    return _worker.solve_chunk(chunk)
