"""Records into chunks of jobs and results back out, in input order, with their keys."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from itertools import islice

from satdoku.batch.record import BatchRecord, Job, as_job
from satdoku.formats import Record

CHUNK = 8192
"""Puzzles per chunk. Every chunk starts on fresh solvers and is solved in an order fixed by
its puzzles, so a puzzle's answer (which of several solutions is shown) depends only on its
chunk: the output is the same for any ``jobs``, and a resumed run that restarts at a chunk
boundary repeats the original exactly. Bigger chunks put more similar puzzles side by side
but give ``--jobs`` fewer pieces to share out and ``--resume`` more to redo; ``--chunk``
chooses."""


def jobs_of(records: Iterable[Record], keys: deque[str | None]) -> Iterator[Job]:
    """The job of each record, its key kept in ``keys`` for its result."""
    for record in records:
        keys.append(record.key)
        yield as_job(record)


def keyed(results: list[BatchRecord], keys: deque[str | None]) -> Iterator[BatchRecord]:
    """``results`` with the keys of their records (taken in order from ``keys``); each result
    is a record of its own, given its key in place."""
    for result in results:
        key = keys.popleft()
        if key is not None:
            result.key = key
        yield result


def chunks_of(jobs: Iterator[Job], size: int) -> Iterator[list[Job]]:
    while chunk := list(islice(jobs, size)):
        yield chunk
