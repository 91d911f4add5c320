"""The worker processes that answer requests, off the event loop, within bounds.

Why more than a bare :class:`~concurrent.futures.ProcessPoolExecutor`: it cannot stop a job
that runs past its limit (``Future.cancel`` only cancels jobs not yet started, and the
executor kills no single worker), its queue has no bound, and it does not start new workers
after one dies. So the executor runs the jobs, and this module adds the bounds around it.

A :class:`~concurrent.futures.ProcessPoolExecutor` of ``workers`` processes runs the jobs; a
counter of the requests in flight (running or waiting for a worker) keeps the wait bounded:
past ``workers + queue`` the answer is :class:`Busy` (503 with ``Retry-After``), never an
unbounded queue. Long requests (more puzzle text than ``long_puzzle`` characters: big grids)
hold at most ``long_workers`` (all workers but one), so that a 9x9 always finds a worker; a
long request waits for its turn within its own time limit, then is :class:`Busy`. Every job
carries its request's :class:`~satdoku.deadline.Deadline`, which satdoku's solvers and logic
keep; a job still running ``grace`` seconds past it is answered :class:`Busy`, and its places
stay taken until its worker is done.

Workers are started fresh (``spawn``), ignore Ctrl-C (the server stops them), and are killed
by the kernel when the server dies (:func:`~satdoku.solver.guard.die_with_parent`). A worker
that dies (killed, out of memory) fails the requests it held (:class:`WorkerDied`) and the
pool starts new workers for the next ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from satdoku.deadline import NEVER, Deadline, SolveTimeout
from satdoku.errors import SatdokuError, VerificationError
from satdoku.formats.records import OutputRecord
from satdoku.solver.guard import die_with_parent
from satdoku.status import Status
from satdoku.web.endpoints import ENDPOINTS
from satdoku.web.job import Job
from satdoku.web.settings import Settings

WARM_PUZZLE = "1.....1..1.....1"
"""A 4x4 each new worker solves and explains once, so that its first request finds satdoku's
modules loaded."""


@dataclass(frozen=True)
class Answer:
    """The HTTP status and the JSON record of one request."""

    status: int
    record: OutputRecord


class Busy(Exception):
    """No worker for the request now: the answer is 503, ``Retry-After`` ``retry_after``."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class WorkerDied(Exception):
    """The worker process answering the request stopped (killed, out of memory)."""


def work(job: Job, deadline: Deadline) -> Answer:
    """Answer ``job`` (in a worker): 200 and the endpoint's record, 400 and the error of bad
    input, 500 for a solution that failed verification."""
    try:
        return Answer(200, ENDPOINTS[job.endpoint].answer(job, deadline))
    except SolveTimeout:
        return Answer(200, {"status": str(Status.UNKNOWN), "reason": str(deadline.error())})
    except VerificationError as err:
        return Answer(500, {"error": str(err)})
    except SatdokuError as err:
        return Answer(400, {"error": str(err)})


def _start_worker(parent: int) -> None:
    """Set a new worker up: it dies with ``parent``, leaves Ctrl-C to it, and loads satdoku."""
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for endpoint in ("solve", "explain"):
        work(Job(endpoint=endpoint, puzzle=WARM_PUZZLE, box="2x2"), NEVER)


def _pid() -> int:
    return os.getpid()


class WorkerPool:
    """``settings.workers`` processes answering :class:`Job` s, at most ``workers + queue``
    requests in flight; :meth:`start` before use, :meth:`close` after."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.capacity = settings.workers + settings.queue
        self._in_flight = 0
        self._long_running = 0
        self._long_waiting = 0
        self._long_slots = asyncio.Semaphore(settings.long_workers)
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.settings.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )

    async def start(self) -> None:
        """Start every worker and wait until each has loaded satdoku."""
        self._long_slots = asyncio.Semaphore(self.settings.long_workers)
        self._executor = self._new_executor()
        futures = [self._executor.submit(_pid) for _ in range(self.settings.workers)]
        await asyncio.gather(*map(asyncio.wrap_future, futures))

    def close(self) -> None:
        """Stop the workers now, running jobs and all."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        processes = list(_processes(executor).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.kill()
        for process in processes:
            process.join()

    def pids(self) -> list[int]:
        """The process ids of the workers."""
        return [] if self._executor is None else list(_processes(self._executor))

    def status(self) -> dict[str, Any]:
        """The pool's size and how full it is."""
        with self._lock:
            return {
                "workers": self.settings.workers,
                "long_workers": self.settings.long_workers,
                "capacity": self.capacity,
                "in_flight": self._in_flight,
                "long_running": self._long_running,
                "long_waiting": self._long_waiting,
                "timeout": self.settings.timeout,
            }

    def is_long(self, job: Job) -> bool:
        return len(job.puzzle) > self.settings.long_puzzle

    async def run(self, job: Job, deadline: Deadline) -> Answer:
        """Answer ``job`` in a worker; a long job first waits, within its deadline, until
        fewer than ``long_workers`` long jobs run.

        Raises:
            Busy: every place is taken, no place for a long job freed within its deadline, or
                the job ran past its deadline and grace.
            WorkerDied: the worker running it stopped.
        """
        long = self.is_long(job)
        self._enter()
        try:
            if long:
                await self._long_slot(deadline)
        except BaseException:
            self._leave(False)
            raise
        executor = self._executor
        assert executor is not None, "the pool is not started"
        loop = asyncio.get_running_loop()
        try:
            future = executor.submit(work, job, deadline)
        except (BrokenProcessPool, RuntimeError):
            self._leave(long)
            self._replace(executor)
            raise WorkerDied("the worker processes stopped; new ones are starting") from None
        future.add_done_callback(lambda _: self._done(loop, long))
        try:
            return await asyncio.wait_for(
                asyncio.wrap_future(future), deadline.remaining() + self.settings.grace
            )
        except asyncio.TimeoutError:
            raise Busy(
                f"no answer within {deadline.seconds:g} s; the server is busy",
                self._retry_after(long),
            ) from None
        except BrokenProcessPool:
            self._replace(executor)
            raise WorkerDied(
                "the worker process answering this request stopped (killed, or out of memory)"
            ) from None

    def _enter(self) -> None:
        with self._lock:
            if self._in_flight >= self.capacity:
                raise Busy(
                    f"all {self.settings.workers} workers are busy and"
                    f" {self.settings.queue} requests wait",
                    self._retry_after(False),
                )
            self._in_flight += 1

    async def _long_slot(self, deadline: Deadline) -> None:
        """A place for a long job, or :class:`Busy` when none frees before ``deadline``."""
        slots = self._long_slots
        if slots.locked():
            with self._lock:
                self._long_waiting += 1
            try:
                await asyncio.wait_for(slots.acquire(), deadline.remaining())
            except asyncio.TimeoutError:
                raise Busy(
                    f"no worker for a long request within {deadline.seconds:g} s:"
                    f" {self.settings.long_workers} long requests run at once at most",
                    self._retry_after(True),
                ) from None
            finally:
                with self._lock:
                    self._long_waiting -= 1
        else:
            await slots.acquire()
        with self._lock:
            self._long_running += 1

    def _leave(self, long: bool) -> None:
        with self._lock:
            self._in_flight -= 1
            if long:
                self._long_running -= 1
        if long:
            self._long_slots.release()

    def _done(self, loop: asyncio.AbstractEventLoop, long: bool) -> None:
        """A job ended (in the executor's thread): its places are free again."""
        with contextlib.suppress(RuntimeError):  # a closed loop: the server is stopping
            loop.call_soon_threadsafe(self._leave, long)

    def _retry_after(self, long: bool) -> int:
        """Seconds after which to try again: a long request frees its place within the time
        limit, a short one soon."""
        return math.ceil(self.settings.timeout) if long else 1

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Put new workers in place of ``broken`` ones (once, however many requests saw it)."""
        with self._lock:
            if self._executor is not broken:
                return
            self._executor = self._new_executor()
        broken.shutdown(wait=False, cancel_futures=True)


def _processes(executor: ProcessPoolExecutor) -> dict[int, Any]:
    """The executor's worker processes by pid."""
    found: dict[int, Any] = getattr(executor, "_processes", None) or {}
    return found
