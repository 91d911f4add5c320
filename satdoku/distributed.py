"""A batch on a Dask cluster: the chunks of :func:`satdoku.batch.run_batch` solved by the
workers of a scheduler (``tcp://host:8786``) or of a local cluster (``local:N``).

Each task is one chunk of jobs, solved by a worker's :class:`~satdoku.batch.Engines` from
fresh solvers, as in one process, so the records are the same byte for byte. The client
reads the input and ships each chunk in its task (workers need no shared files), keeps a few
tasks per worker in flight (memory stays flat) and yields the results in input order. A task
of a worker that dies is run again elsewhere.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from satdoku.batch import (
    BatchOptions,
    BatchRecord,
    Engines,
    Job,
    chunks_of,
    jobs_of,
    keyed,
)
from satdoku.errors import UsageError
from satdoku.extras import require
from satdoku.formats import Record

IN_FLIGHT = 3
"""Tasks per worker submitted ahead of the results read."""
RETRIES = 3
"""Times a task is run again when it fails (a worker lost is retried by Dask itself)."""
_engines: dict[str, Engines] = {}
"""The engines of a worker process, by the options they solve with."""


def run_batch_dask(
    records: Iterable[Record], options: BatchOptions, address: str, chunk: int
) -> Iterator[BatchRecord]:
    """One :class:`BatchRecord` per record, in order, solved on the cluster at ``address``
    (``local:N`` starts one of N worker processes and stops it at the end)."""
    distributed = require("distributed", "dask", "batch --dask")
    cluster = None
    if address.startswith("local:"):
        workers = _workers(address)
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # a free port: None still takes 8787 (dask/distributed#8136)
        )
        address = cluster.scheduler_address
    try:
        client = distributed.Client(address, timeout="30s")
    except OSError as err:
        if cluster is not None:
            cluster.close()
        raise UsageError(f"--dask {address}: cannot reach the scheduler ({err})") from None
    try:
        yield from _results(client, records, options, chunk)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _workers(address: str) -> int:
    text = address.removeprefix("local:")
    if not text.isdigit() or not 1 <= int(text) <= 4 * (os.cpu_count() or 1):
        raise UsageError(f"--dask {address}: expected local:N, N workers from 1 to 4 per CPU")
    return int(text)


def _results(
    client: Any, records: Iterable[Record], options: BatchOptions, chunk: int
) -> Iterator[BatchRecord]:
    keys: deque[str | None] = deque()
    parts = chunks_of(jobs_of(records, keys), chunk)
    ahead = IN_FLIGHT * max(1, len(client.scheduler_info().get("workers", {})))
    futures: deque[Any] = deque()
    for part in parts:
        futures.append(client.submit(solve_chunk, options, part, pure=False, retries=RETRIES))
        while len(futures) >= ahead:
            yield from keyed(futures.popleft().result(), keys)
    while futures:
        yield from keyed(futures.popleft().result(), keys)


def solve_chunk(options: BatchOptions, chunk: list[Job]) -> list[BatchRecord]:
    """A task: one chunk solved by this worker's engines for ``options``."""
    key = repr(options)
    if key not in _engines:
        _engines[key] = Engines(options)
    return _engines[key].solve_chunk(chunk)
