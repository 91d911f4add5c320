"""Run every configuration on the same puzzles, verify every answer, and check they agree."""

from __future__ import annotations

import resource
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from satdoku.compare.configuration import Configuration
from satdoku.errors import SatdokuError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Grid, Puzzle
from satdoku.solver import SolveTimeout, Stats, solve
from satdoku.status import Status


@dataclass
class Trial:
    """One configuration on one puzzle: ``status`` solved / no_solution / unknown (the time
    limit ran out) / error (``disagrees`` marks a status the other configurations did not
    reach)."""

    configuration: Configuration
    puzzle: int
    status: Status
    stats: Stats | None = None
    grid: Grid | None = None
    error: str = ""
    disagrees: bool = False
    cpu_time: float = 0.0
    """Process CPU seconds of the whole call (encode, solve, verify), a guarded child's
    included: unlike the wall-clock times in ``stats``, other programs on a busy machine do
    not inflate it."""

    @property
    def failed(self) -> bool:
        return self.status in (Status.UNKNOWN, Status.ERROR) or self.disagrees

    def to_dict(self) -> dict[str, Any]:
        return {
            "configuration": self.configuration.label,
            "puzzle": self.puzzle,
            "status": self.status.value,
            "error": self.error,
            "disagrees": self.disagrees,
            "cpu_time": self.cpu_time,
            "stats": self.stats.to_dict() if self.stats else None,
        }


@dataclass
class Comparison:
    """Every trial of a run, by configuration, plus the puzzles they disagreed on."""

    configurations: list[Configuration]
    puzzles: int = 0
    trials: dict[Configuration, list[Trial]] = field(default_factory=dict)
    disagreements: list[str] = field(default_factory=list)
    several_solutions: int = 0
    """Puzzles where configurations returned different (each verified) grids."""


def run_trial(
    configuration: Configuration, puzzle: Puzzle, index: int, timeout: float | None
) -> Trial:
    """Solve ``puzzle`` one way; the answer is verified inside :func:`satdoku.solve`. With a
    ``timeout`` it is kept as by ``satdoku solve``, whatever the backend (solvers that cannot be
    interrupted run in a child process killed at the deadline)."""
    started = _cpu_time()
    try:
        solution = solve(
            puzzle, encoding=configuration.encoding, backend=configuration.backend, timeout=timeout
        )
    except SolveTimeout as err:
        return Trial(configuration, index, Status.UNKNOWN, error=str(err))
    except SatdokuError as err:  # a verification failure among them: counted, reported
        return Trial(configuration, index, Status.ERROR, error=f"{type(err).__name__}: {err}")
    cpu = _cpu_time() - started
    if solution is None:
        return Trial(configuration, index, Status.NO_SOLUTION, cpu_time=cpu)
    return Trial(configuration, index, Status.SOLVED, solution.stats, solution.grid, cpu_time=cpu)


def _cpu_time() -> float:
    """CPU seconds of this process and of its children that have ended."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def best_of(trials: Sequence[Trial]) -> Trial:
    """The first trial, with the least encode and solve time of all (repeats of one run)."""
    first = trials[0]
    if first.stats is None or any(t.status != first.status for t in trials):
        return first
    timed = [t.stats for t in trials if t.stats is not None]
    stats = replace(
        first.stats,
        encode_time=min(s.encode_time for s in timed),
        solve_time=min(s.solve_time for s in timed),
    )
    return replace(first, stats=stats, cpu_time=min(t.cpu_time for t in trials))


def compare(
    puzzles: Iterable[Puzzle],
    configurations: Sequence[Configuration],
    timeout: float | None = None,
    on_trial: Callable[[Trial], None] | None = None,
    repeat: int = 1,
) -> Comparison:
    """Run every configuration on every puzzle, puzzle by puzzle (so that the machine's
    noise falls on all configurations alike), and mark disagreements. With ``repeat`` > 1
    each run is repeated and its least times kept (a busy machine only ever adds time).
    Each configuration first solves an empty 4x4 once, untimed, so that one-time costs
    (imports, loading solver libraries) do not land on the first puzzle."""
    warm_up = sudoku(Geometry(2, 2), [0] * 16)
    for configuration in configurations:
        configuration.check()
        run_trial(configuration, warm_up, 0, timeout)
    result = Comparison(list(configurations), trials={c: [] for c in configurations})
    for index, puzzle in enumerate(puzzles):
        trials = [
            best_of([run_trial(c, puzzle, index, timeout) for _ in range(max(repeat, 1))])
            for c in configurations
        ]
        for trial in trials:
            result.trials[trial.configuration].append(trial)
            if on_trial is not None:
                on_trial(trial)
        _mark_disagreements(result, index, trials)
        result.puzzles += 1
    return result


def _mark_disagreements(result: Comparison, index: int, trials: list[Trial]) -> None:
    """Solved versus no solution is a disagreement (one of them is wrong). Different grids
    are not: each passed verification, so the puzzle has several solutions."""
    decided = [t for t in trials if t.status in (Status.SOLVED, Status.NO_SOLUTION)]
    statuses = {t.status for t in decided}
    if len(statuses) > 1:
        for trial in decided:
            trial.disagrees = True
        said = ", ".join(f"{t.configuration.label}: {t.status}" for t in decided)
        result.disagreements.append(f"puzzle {index + 1}: {said}")
    if len({t.grid for t in decided if t.grid is not None}) > 1:
        result.several_solutions += 1
