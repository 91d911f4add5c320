"""The engines of one process, one per geometry, and how they solve a chunk of jobs: the plain
Sudokus through the bitmask search, the rest in the order of their givens."""

from __future__ import annotations

from typing import cast

from satdoku.batch.options import BatchOptions
from satdoku.batch.record import BatchRecord, Job
from satdoku.deadline import Deadline, SolveTimeout
from satdoku.errors import SatdokuError
from satdoku.formats.output import format_line, format_values
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle
from satdoku.results import EngineResult
from satdoku.solver import bitgrid
from satdoku.solver.backend import PuzzleEngine
from satdoku.solver.defaults import BIG_VALUES, is_big
from satdoku.solver.search import solutions
from satdoku.status import Status


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
        :data:`~satdoku.batch.CHUNK`); the results in the chunk's order."""
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
            puzzle = sudoku(Geometry(*shape), givens)
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
