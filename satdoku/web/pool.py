"""The worker processes that answer requests, off the event loop, within bounds.

Each worker is a process of its own with a pipe to the server, so that the pool knows which
worker runs which request: a request whose client hangs up, or that runs past its time limit
and grace, has its worker killed and replaced at once, and its places are free again. (A
:class:`~concurrent.futures.ProcessPoolExecutor` can do neither: ``Future.cancel`` only
cancels jobs not yet started, and one worker that dies breaks the whole executor.)

A counter of the requests in flight (running or waiting for a worker) keeps the wait bounded:
past ``workers + queue`` the answer is :class:`Busy` (503 with ``Retry-After``), never an
unbounded queue. Long requests (more puzzle text than ``long_puzzle`` characters: big grids)
hold at most ``long_workers`` (all workers but one), so that a 9x9 always finds a worker; a
long request waits for its turn within its own time limit, then is :class:`Busy`. Every job
carries its request's :class:`~satdoku.deadline.Deadline`, which satdoku's solvers and logic
keep; a job still running ``grace`` seconds past it is answered :class:`Busy`.

Workers are started fresh (``spawn``), ignore Ctrl-C (the server stops them), and are killed
by the kernel when the server dies (:func:`~satdoku.solver.guard.die_with_parent`). A worker
that dies (killed, out of memory) fails the request it held (:class:`WorkerDied`) and a new
one takes its place.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import signal
from dataclasses import dataclass
from multiprocessing.connection import Connection
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


def _serve(connection: Connection, parent: int) -> None:
    """A worker's life: it dies with ``parent``, leaves Ctrl-C to it and loads satdoku, says
    it is ready, then answers each ``(job, deadline)`` it receives with an :class:`Answer`
    (or the exception that stopped it) until the pipe closes."""
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for endpoint in ("solve", "explain"):
        work(Job(endpoint=endpoint, puzzle=WARM_PUZZLE, box="2x2"), NEVER)
    connection.send(None)
    while True:
        try:
            job, deadline = connection.recv()
        except EOFError:
            return
        try:
            reply: Answer | BaseException = work(job, deadline)
        except Exception as err:
            reply = err
        try:
            connection.send(reply)
        except Exception:  # an exception that does not pickle
            connection.send(RuntimeError(f"{type(reply).__name__}: {reply}"))


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        here, there = context.Pipe()
        self.process = context.Process(target=_serve, args=(there, os.getpid()))
        self.process.start()
        there.close()
        self.connection = here

    async def receive(self) -> Any:
        """The worker's next message, waited for on the event loop.

        Raises:
            EOFError: the worker stopped.
        """
        loop = asyncio.get_running_loop()
        readable: asyncio.Future[None] = loop.create_future()
        descriptor = self.connection.fileno()

        def ready() -> None:
            if not readable.done():
                readable.set_result(None)

        loop.add_reader(descriptor, ready)
        try:
            await readable
        finally:
            loop.remove_reader(descriptor)
        return self.connection.recv()

    def kill(self) -> None:
        """Stop the worker now, whatever it does."""
        self.process.kill()
        self.connection.close()


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
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._workers: set[_Worker] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self._open = False

    async def start(self) -> None:
        """Start every worker and wait until each has loaded satdoku."""
        self._long_slots = asyncio.Semaphore(self.settings.long_workers)
        self._idle = asyncio.Queue()
        self._open = True
        await asyncio.gather(*(self._add_worker() for _ in range(self.settings.workers)))

    def close(self) -> None:
        """Stop the workers now, running jobs and all."""
        self._open = False
        for task in self._starting:
            task.cancel()
        workers, self._workers = self._workers, set()
        for worker in workers:
            worker.kill()
        for worker in workers:
            worker.process.join()

    def pids(self) -> list[int]:
        """The process ids of the workers."""
        return [pid for worker in self._workers if (pid := worker.process.pid) is not None]

    def status(self) -> dict[str, Any]:
        """The pool's size and how full it is."""
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
        fewer than ``long_workers`` long jobs run. Cancelling it (the client hung up) kills
        the worker running it, which a new one replaces.

        Raises:
            Busy: every place is taken, no place for a long job freed within its deadline, or
                the job ran past its deadline and grace (its worker is replaced).
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
        try:
            return await asyncio.wait_for(
                self._on_a_worker(job, deadline), deadline.remaining() + self.settings.grace
            )
        except asyncio.TimeoutError:
            raise Busy(
                f"no answer within {deadline.seconds:g} s; the server is busy",
                self._retry_after(long),
            ) from None
        finally:
            self._leave(long)

    async def _on_a_worker(self, job: Job, deadline: Deadline) -> Answer:
        """``job`` answered by the next free worker; a worker whose job is cancelled, or that
        stops, is replaced."""
        worker = await self._take()
        try:
            worker.connection.send((job, deadline))
            reply = await worker.receive()
        except (OSError, EOFError):
            self._replace(worker)
            raise WorkerDied(
                "the worker process answering this request stopped (killed, or out of memory)"
            ) from None
        except BaseException:  # cancelled: the client hung up, or past the time and grace
            self._replace(worker)
            raise
        self._idle.put_nowait(worker)
        if isinstance(reply, BaseException):
            raise reply
        answer: Answer = reply
        return answer

    async def _take(self) -> _Worker:
        """The next free worker that is alive."""
        while True:
            worker = await self._idle.get()
            if worker.process.is_alive():
                return worker
            self._replace(worker)

    def _replace(self, worker: _Worker) -> None:
        """Kill ``worker`` and start another in its place."""
        worker.kill()
        self._workers.discard(worker)
        if self._open:
            task = asyncio.ensure_future(self._add_worker(worker))
            self._starting.add(task)
            task.add_done_callback(self._starting.discard)

    async def _add_worker(self, replaced: _Worker | None = None) -> None:
        """Start a worker (once ``replaced`` is reaped) and make it free once it is ready."""
        if replaced is not None:
            await asyncio.to_thread(replaced.process.join)
        worker = _Worker()
        self._workers.add(worker)
        try:
            await worker.receive()
        except BaseException:
            worker.kill()
            self._workers.discard(worker)
            raise
        self._idle.put_nowait(worker)

    def _enter(self) -> None:
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
                self._long_waiting -= 1
        else:
            await slots.acquire()
        self._long_running += 1

    def _leave(self, long: bool) -> None:
        self._in_flight -= 1
        if long:
            self._long_running -= 1
            self._long_slots.release()

    def _retry_after(self, long: bool) -> int:
        """Seconds after which to try again: a long request frees its place within the time
        limit, a short one soon."""
        return math.ceil(self.settings.timeout) if long else 1
