"""Solve and count whole files of puzzles: streaming, order kept, one result per puzzle.

:func:`run_batch` turns a stream of :class:`~satdoku.formats.Record` (from
:func:`~satdoku.formats.read_records`) into a stream of :class:`BatchRecord`, in input order,
with memory that does not grow with the input. Each worker keeps one persistent engine per
geometry (see :class:`BatchOptions`). With ``jobs > 1`` chunks of puzzles go to worker
processes (``imap``, so the order is kept). Within a chunk the puzzles are solved in the order
of their givens (sorted, then put back in input order): neighbours share most of their clues,
so what a CDCL solver learned on one helps with the next (docs/benchmarks.md). An invalid
record becomes an ``invalid`` result and never stops the run.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import islice
from typing import TypeGuard, cast

from satdoku.deadline import Deadline, SolveTimeout
from satdoku.errors import SatdokuError, UsageError
from satdoku.formats import Record
from satdoku.formats.output import format_line, format_values
from satdoku.geometry import Geometry
from satdoku.model import Puzzle
from satdoku.results import EngineResult
from satdoku.solver import bitgrid
from satdoku.solver.backend import Backend, PuzzleEngine
from satdoku.solver.defaults import BIG_VALUES, is_big
from satdoku.solver.dpll import BITMASK
from satdoku.solver.engine import ENGINE_BACKEND
from satdoku.solver.guard import die_with_parent
from satdoku.solver.registry import get_backend
from satdoku.solver.search import solutions
from satdoku.status import Status

CHUNK = 8192
"""Puzzles per chunk. Every chunk starts on fresh solvers and is solved in an order fixed by
its puzzles, so a puzzle's answer (which of several solutions is shown) depends only on its
chunk: the output is the same for any ``jobs``, and a resumed run that restarts at a chunk
boundary repeats the original exactly. Bigger chunks put more similar puzzles side by side
but give ``--jobs`` fewer pieces to share out and ``--resume`` more to redo; ``--chunk``
chooses."""


@dataclass(slots=True)
class BatchRecord:
    """The result for one input puzzle; ``line`` is its 1-based line in the input."""

    line: int
    status: Status
    count: int = 0
    complete: bool = False
    solution: str | None = None
    error: str | None = None
    key: str | None = None
    """The key of the puzzle's table row (None outside tables)."""

    @property
    def unique(self) -> bool:
        """Whether the puzzle was proven to have exactly one solution."""
        return self.complete and self.count == 1


MAX_JOBS = 4 * (os.cpu_count() or 1)
"""The most worker processes a batch starts."""
DEFAULT_ENGINES = ("dpll", ENGINE_BACKEND)
"""The engine a batch uses up to 16x16 when no backend is named: the first of these that is
installed and takes the options given."""
_PROBE = Puzzle.sudoku(Geometry(3, 3), [0] * 81)
"""A puzzle to check an encoding against before any real one."""


@dataclass
class BatchOptions:
    """How to solve: count up to ``limit`` solutions (2 proves uniqueness), the backend and
    encoding (None: chosen by grid size), an optional conflict budget per solve of a CDCL
    engine and a ``timeout`` in seconds per puzzle (past either: ``unknown``).

    Up to 16x16 plain Sudokus go, when no backend, encoding or conflict budget is named, a
    chunk at a time through the bitmask search (:mod:`satdoku.solver.bitgrid`). The others,
    and a puzzle past the search's node budget, go through one persistent engine per
    geometry (the backend's :meth:`~satdoku.solver.backend.Backend.engine`): by default the
    compiled exact-cover search (which hands a puzzle that exceeds its node budget to the
    CDCL engine), or the python-sat engine on MiniCard when an encoding or a conflict budget
    is given (or the compiled search is not built); see :data:`DEFAULT_ENGINES`. Other
    kinds, grids from 25x25 up and backends without an engine solve each puzzle on its own
    (:func:`satdoku.solver.solutions`, with the reduced encoding and the defaults of
    :mod:`satdoku.solver.defaults`); there the conflict budget does not apply."""

    limit: int | None = 2
    backend: str | None = None
    encoding: str | None = None
    conflicts: int | None = None
    timeout: float | None = None

    def __post_init__(self) -> None:
        """Refuse what cannot run, before any worker starts."""
        if self.timeout is not None and self.timeout < 0:
            raise UsageError(f"the timeout must be 0 or more, not {self.timeout:g}")
        if self.backend is None:
            return
        backend = get_backend(self.backend)
        caps = backend.capabilities
        if not caps.available:
            raise UsageError(f"the {backend.name} backend is not installed; choose another backend")
        if self.encoding is not None:
            backend.encoding_for(_PROBE, self.encoding)
        if self.conflicts is not None and not caps.conflict_budget:
            raise UsageError(f"a conflict budget needs a CDCL backend, not {backend.name}")
        if self.timeout is not None and caps.engine and not caps.interruptible:
            raise UsageError(
                f"{backend.name} cannot be interrupted, so it cannot keep a time limit per"
                " puzzle in a batch; use a MiniSat-family solver with --timeout"
            )

    def bitmask_first(self) -> bool:
        """Whether plain Sudokus below 25x25 go through the bitmask search first: when it is
        built, no conflict budget is given, and the encoding is ``bitmask`` or neither backend
        nor encoding is named."""
        return (
            bitgrid.available()
            and self.conflicts is None
            and (self.encoding == BITMASK or (self.backend is None and self.encoding is None))
        )

    def engine_backend(self) -> Backend | None:
        """The backend whose engine solves plain Sudokus up to 16x16; None when the puzzles
        are solved one at a time."""
        if self.backend is not None:
            backend = get_backend(self.backend)
            return backend if backend.capabilities.engine else None
        for name in DEFAULT_ENGINES:
            backend = get_backend(name)
            if self._fits(backend):
                return backend
        return None

    def _fits(self, backend: Backend) -> bool:
        caps = backend.capabilities
        if not caps.available or (self.conflicts is not None and not caps.conflict_budget):
            return False
        if self.encoding is None:
            return True
        try:
            backend.encoding_for(_PROBE, self.encoding)
        except UsageError:
            return False
        return True


Job = tuple[int, tuple[int, int], bytes] | tuple[int, Puzzle] | BatchRecord
"""A plain Sudoku to solve as (line, box shape, givens a byte per cell) - cheap to send to a
worker -, another puzzle as (line, puzzle), or a result already known (an invalid record)."""


def _similarity(job: Job) -> tuple[tuple[int, int], bytes]:
    """The sort key that puts puzzles sharing their first givens side by side."""
    if isinstance(job, BatchRecord) or len(job) == 2:
        return ((0, 0), b"")
    return (job[1], job[2])


class Engines:
    """The engines of one process, one per geometry, created on first use."""

    def __init__(self, options: BatchOptions) -> None:
        self.options = options
        self._backend = options.engine_backend()
        self._bitmask_first = options.bitmask_first()
        self._engines: dict[Geometry, PuzzleEngine] = {}

    def close(self) -> None:
        """Release the solvers (the engines reload on their next puzzle)."""
        for engine in self._engines.values():
            engine.close()

    def solve_chunk(self, chunk: list[Job]) -> list[BatchRecord]:
        """Solve ``chunk`` from fresh solvers, similar puzzles one after another (see
        :data:`CHUNK`); the results in the chunk's order."""
        self.close()
        results: list[BatchRecord | None] = [None] * len(chunk)
        rest = self._bitmask(chunk, results) if self._bitmask_first else range(len(chunk))
        for i in sorted(rest, key=lambda i: _similarity(chunk[i])):
            results[i] = self.solve(chunk[i])
        return cast(list[BatchRecord], results)

    def _bitmask(self, chunk: list[Job], results: list[BatchRecord | None]) -> list[int]:
        """Solve the plain Sudokus of ``chunk`` below 25x25 with the bitmask search, one call
        per box shape, into ``results``; the indices of the jobs left to :meth:`solve` (other
        puzzles, and those past the search's node budget)."""
        rest: list[int] = []
        shapes: dict[tuple[int, int], list[int]] = {}
        for i, job in enumerate(chunk):
            if type(job) is tuple and len(job) == 3 and job[1][0] * job[1][1] < BIG_VALUES:
                shapes.setdefault(job[1], []).append(i)
            else:
                rest.append(i)
        opts = self.options
        plain = cast(list[tuple[int, tuple[int, int], bytes]], chunk)
        for shape, indices in shapes.items():
            geometry = Geometry(*shape)
            answers = bitgrid.search_many(
                geometry,
                [plain[i][2] for i in indices],
                opts.limit,
                bitgrid.NODE_BUDGET,
                opts.timeout,
            )
            for i, answer in zip(indices, answers, strict=True):
                if answer.ending is bitgrid.Ending.SPENT:
                    rest.append(i)
                else:
                    results[i] = _answer_record(plain[i][0], geometry.size, answer)
        return rest

    def solve(self, job: Job) -> BatchRecord:
        if isinstance(job, BatchRecord):
            return job
        if len(job) == 2:
            line, puzzle = job
            plain = False
        else:
            line, shape, givens = job
            puzzle = Puzzle.sudoku(Geometry(*shape), givens)
            plain = True
        try:
            if plain and self._backend is not None and not is_big(puzzle):
                result = self._engine(puzzle).count(
                    puzzle, self.options.limit, Deadline.after(self.options.timeout)
                )
            else:
                result = self._one_shot(puzzle)
        except SatdokuError as err:  # an option that does not fit this puzzle
            return BatchRecord(line, Status.INVALID, error=str(err))
        solution = format_line(puzzle, result.grids[0]) if result.grids else None
        return BatchRecord(line, result.status, result.count, result.complete, solution)

    def _engine(self, puzzle: Puzzle) -> PuzzleEngine:
        """The engine for puzzles of ``puzzle``'s geometry (see :class:`BatchOptions`)."""
        geometry = puzzle.geometry
        assert geometry is not None and self._backend is not None
        engine = self._engines.get(geometry)
        if engine is None:
            opts = self.options
            engine = self._backend.engine(
                geometry, encoding=opts.encoding, conflicts=opts.conflicts
            )
            self._engines[geometry] = engine
        return engine

    def _one_shot(self, puzzle: Puzzle) -> EngineResult:
        """A puzzle on its own (see :class:`BatchOptions`)."""
        opts = self.options
        if opts.limit is not None and opts.limit < 1:
            return EngineResult(puzzle, (), complete=False)
        grids: list[tuple[int, ...]] = []
        found = solutions(
            puzzle,
            backend=opts.backend,
            encoding=opts.encoding,
            limit=opts.limit,
            timeout=opts.timeout,
        )
        try:
            grids.extend(s.grid for s in found)
        except SolveTimeout:
            return EngineResult(puzzle, tuple(grids), complete=False)
        return EngineResult(
            puzzle, tuple(grids), complete=opts.limit is None or len(grids) < opts.limit
        )


def _answer_record(line: int, values: int, answer: bitgrid.Answer) -> BatchRecord:
    """The result of the bitmask search for the puzzle on ``line``."""
    if answer.error is not None:
        return BatchRecord(line, Status.ERROR, error=answer.error)
    if answer.grids:
        status = Status.SOLVED
        solution: str | None = format_values(values, answer.grids[0])
    else:
        status = Status.NO_SOLUTION if answer.complete else Status.UNKNOWN
        solution = None
    return BatchRecord(line, status, answer.count, answer.complete, solution)


def as_job(record: Record) -> Job:
    """What a worker needs of a record: a plain Sudoku's line, box shape and givens (a byte
    each, up to 255 values), or the puzzle itself for other kinds and larger grids."""
    if record.plain is not None:
        return (record.line, *record.plain)
    puzzle = record.puzzle
    if puzzle is None:
        return BatchRecord(record.line, Status.INVALID, error=str(record.error))
    geometry = puzzle.geometry
    if geometry is None or puzzle.values > 255 or not puzzle.plain:
        return (record.line, puzzle)
    return (record.line, (geometry.box_rows, geometry.box_cols), bytes(puzzle.givens))


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


def jobs_of(records: Iterable[Record], keys: deque[str | None]) -> Iterator[Job]:
    """The job of each record, its key kept in ``keys`` for its result."""
    for record in records:
        keys.append(record.key)
        yield as_job(record)


def keyed(results: list[BatchRecord], keys: deque[str | None]) -> Iterator[BatchRecord]:
    """``results`` with the keys of their records (taken in order from ``keys``)."""
    for result in results:
        key = keys.popleft()
        yield result if key is None else replace(result, key=key)


def chunks_of(jobs: Iterator[Job], size: int) -> Iterator[list[Job]]:
    while chunk := list(islice(jobs, size)):
        yield chunk


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


RESUME_VERSION = 1
"""The layout of the resume file (:class:`ResumeState`)."""

Setting = str | int | float | None
"""The value of one option that shapes the output."""


def resume_file(output: str) -> str:
    """Where a batch writing to ``output`` keeps what a resume checks: ``OUTPUT.resume``."""
    return f"{output}.resume"


@dataclass(frozen=True)
class Mark:
    """A point in the input: ``records`` read, ``line`` where the last of them starts, and a
    SHA-256 over their lines, texts and errors (everything of a record that reaches the
    output)."""

    records: int = 0
    line: int = 0
    sha256: str = hashlib.sha256().hexdigest()


_HASHED_AT_ONCE = 1024
"""Records a :class:`Fingerprint` hashes in one update (the digest is that of one at a time)."""


class Fingerprint:
    """The records of an input, passed through and hashed as they go (see :class:`Mark`).

    ``marks`` receives the mark after every ``chunk`` records (what a resume keeps ends at
    one; :meth:`mark_at` takes them out), ``end`` the mark after the last record once the
    input is exhausted. One thread may read records through it while another takes the
    marks (as with ``run_batch(..., jobs > 1)``).
    """

    def __init__(self, records: Iterable[Record], chunk: int = CHUNK) -> None:
        self._records = iter(records)
        self._chunk = chunk
        self._hash = hashlib.sha256()
        self._pending: list[str] = []
        """What is read but not hashed yet (hashed :data:`_HASHED_AT_ONCE` records at once)."""
        self._count = 0
        self._line = 0
        self.marks: deque[Mark] = deque()
        self.end: Mark | None = None

    def __iter__(self) -> Iterator[Record]:
        return self

    def __next__(self) -> Record:
        try:
            record = next(self._records)
        except StopIteration:
            self.end = self.mark()
            raise
        text = record.text
        if record.error is None and not record.key:  # the commonest record, the same text
            self._pending.append(f"{record.line} {len(text)} 0 0\n{text}")
        else:
            error = "" if record.error is None else str(record.error)
            key = record.key or ""
            self._pending.append(
                f"{record.line} {len(text)} {len(error)} {len(key)}\n{text}{error}{key}"
            )
        self._count += 1
        self._line = record.line
        if self._count % self._chunk == 0:
            self.marks.append(self.mark())
        elif len(self._pending) >= _HASHED_AT_ONCE:
            self._hash_pending()
        return record

    def mark(self) -> Mark:
        """The mark after the records read so far."""
        self._hash_pending()
        return Mark(self._count, self._line, self._hash.hexdigest())

    def _hash_pending(self) -> None:
        self._hash.update("".join(self._pending).encode("utf-8", "surrogatepass"))
        self._pending.clear()

    def skip(self, records: int) -> Mark:
        """Read the next records up to ``records`` in all (fewer when the input ends first);
        the mark after them."""
        for _ in islice(self, max(0, records - self._count)):
            pass
        return self.mark()

    def mark_at(self, records: int) -> Mark:
        """The mark after ``records`` records, a multiple of ``chunk`` already read past;
        the marks before it are dropped."""
        while self.marks[0].records < records:
            self.marks.popleft()
        return self.marks.popleft()


@dataclass(frozen=True)
class Checkpoint:
    """The output's first ``mark.records`` records, answers to the input up to ``mark``, and
    ``exit``, the worst exit status among them."""

    mark: Mark = Mark()
    exit: int = 0


@dataclass(frozen=True)
class ResumeState:
    """What the resume file of an output holds: the ``settings`` that shape the output, the
    ``input`` read (its name as given), ``kept``: the records written in whole chunks (what
    a resume keeps), and once the run has ended ``done``: every record."""

    settings: dict[str, Setting]
    input: str | None
    kept: Checkpoint = Checkpoint()
    done: Checkpoint | None = None

    def changed_setting(self, settings: dict[str, Setting]) -> str | None:
        """The first name in ``settings`` whose value differs from this state's."""
        missing = object()
        return next((k for k, v in settings.items() if self.settings.get(k, missing) != v), None)

    def save(self, path: str) -> None:
        """Write to ``path`` atomically (a temporary file, then a rename)."""
        data = {
            "version": RESUME_VERSION,
            "input": self.input,
            "settings": self.settings,
            "kept": _checkpoint_dict(self.kept),
            "done": None if self.done is None else _checkpoint_dict(self.done),
        }
        temporary = f"{path}.tmp"
        try:
            with open(temporary, "w", encoding="utf-8") as handle:
                handle.write(json.dumps(data) + "\n")
            os.replace(temporary, path)
        except OSError as err:
            raise UsageError(f"cannot write {path}: {err.strerror}") from None

    @classmethod
    def load(cls, path: str) -> ResumeState | None:
        """The state saved at ``path``, None when there is no such file."""
        try:
            with open(path, "rb") as handle:
                data = json.loads(handle.read(1 << 20))
            if data.get("version") != RESUME_VERSION:
                raise UsageError(f"{path} was written by another version of satdoku")
            done = data["done"]
            return cls(
                dict(data["settings"]),
                data["input"],
                _checkpoint(data["kept"]),
                None if done is None else _checkpoint(done),
            )
        except FileNotFoundError:
            return None
        except OSError as err:
            raise UsageError(f"cannot read {path}: {err.strerror}") from None
        except (ValueError, KeyError, TypeError, AttributeError):
            raise UsageError(f"{path} is damaged: it is not a batch resume file") from None


def _checkpoint_dict(checkpoint: Checkpoint) -> dict[str, int | str]:
    mark = checkpoint.mark
    return {
        "records": mark.records,
        "line": mark.line,
        "sha256": mark.sha256,
        "exit": checkpoint.exit,
    }


def _checkpoint(data: dict[str, object]) -> Checkpoint:
    records, line, sha256, status = (data[k] for k in ("records", "line", "sha256", "exit"))
    if _count(records) and _count(line) and _count(status) and isinstance(sha256, str):
        return Checkpoint(Mark(records, line, sha256), status)
    raise TypeError("not a checkpoint")


def _count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and value >= 0


def output_records(path: str, fmt: str) -> int:
    """The whole records (lines) of a batch output in ``fmt``, header left out."""
    return max(0, _lines(path) - _head(fmt))


def resume_point(
    path: str, fmt: str, chunk: int = CHUNK, at_most: int | None = None
) -> tuple[int, int]:
    """Where to resume an interrupted output file: (records to keep, bytes to keep).

    Keeps the whole records up to the last chunk boundary (a partial last line is never
    kept), at most ``at_most`` of them, so that rerunning from there reproduces the rest
    exactly. Streams the file twice in blocks: memory stays flat however long it is.
    """
    head = _head(fmt)
    lines = _lines(path)
    if lines < head:
        return 0, 0
    records = (lines - head) // chunk * chunk
    if at_most is not None:
        records = min(records, at_most)
    return records, _offset_after(path, records + head)


def _head(fmt: str) -> int:
    """Lines before the first record: the CSV header."""
    return 1 if fmt == "csv" else 0


def _lines(path: str) -> int:
    """The newlines of the file at ``path``, read in blocks."""
    with open(path, "rb") as handle:
        return sum(block.count(b"\n") for block in iter(lambda: handle.read(1 << 20), b""))


def _offset_after(path: str, lines: int) -> int:
    """The byte offset just after the first ``lines`` newlines of the file."""
    offset = 0
    with open(path, "rb") as handle:
        while lines and (block := handle.read(1 << 20)):
            count = block.count(b"\n")
            if count < lines:
                lines -= count
                offset += len(block)
                continue
            at = -1
            for _ in range(lines):
                at = block.index(b"\n", at + 1)
            return offset + at + 1
    return offset
