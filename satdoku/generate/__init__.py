"""Make new puzzles: unique, optionally minimal and symmetric, of a chosen difficulty, for
every box shape and for X-sudoku, windoku, jigsaw and killer.

    from satdoku.generate import generate
    for made in generate("3x3", count=5, seed=1, minimal=True):
        print(made.text, made.rating.label)

A random solved grid of the kind's rules (:mod:`satdoku.generate.grids`; a jigsaw's regions
are drawn first, :mod:`satdoku.generate.regions`) loses givens a symmetric group at a time
while the puzzle keeps one solution (:mod:`satdoku.generate.digging`); a killer instead gets
cages cut from the grid (:mod:`satdoku.generate.cages`). The search counts on the fastest
engine the rules allow (:mod:`satdoku.generate.counter`); every puzzle kept is counted again
by another engine (the exact-cover search where the dig counted on the bitmask search, else a
CNF backend) and its solution verified before it is returned, then rated by the logic engine.
With ``minimal``, each given's removal was refused by the dig or is tried again after it (a
dig that tries every cell alone, with no floor of givens, leaves a minimal puzzle: a given
whose removal was refused with more givens in place cannot go once fewer are). A request that
no easy puzzle meets skips, unrated, the puzzles that naked and hidden singles solve. Puzzle ``i`` of a seed is
drawn from its own random stream (``seed:i``), so a run is reproducible, also with ``jobs``.
"""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Generator, Iterator
from dataclasses import dataclass

from satdoku.deadline import Deadline, SolveTimeout
from satdoku.errors import UsageError, VerificationError
from satdoku.formats.output import format_line
from satdoku.generate.cages import grow, split_until_unique
from satdoku.generate.counter import Counter
from satdoku.generate.digging import SYMMETRIES, dig, orbits, removable
from satdoku.generate.grids import random_grid
from satdoku.generate.request import Request
from satdoku.generate.rules import (
    KINDS,
    fixed_rules,
    jigsaw_rules,
    killer_puzzle,
    puzzle_text,
)
from satdoku.geometry import Geometry
from satdoku.kinds.jigsaw import JigsawDrawing
from satdoku.kinds.killer import KillerDrawing
from satdoku.logic import Rating, rate
from satdoku.model import Puzzle
from satdoku.solver.counting import count
from satdoku.solver.defaults import BIG_BACKEND, is_big
from satdoku.solver.engine import Engine
from satdoku.solver.guard import die_with_parent
from satdoku.verify import violations

CHECK_BACKEND = "minisat22"
"""The backend that counts every puzzle again, apart from the engines that made it (from
25x25 up, :data:`~satdoku.solver.defaults.BIG_BACKEND`)."""
MAX_JOBS = 64


@dataclass(frozen=True)
class Generated:
    """A puzzle made: the puzzle, its one solution, its rating (None for a killer: the logic
    engine rates all-different units only) and where it came from."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    rating: Rating | None
    seed: str
    minimal: bool

    @property
    def text(self) -> str:
        """The puzzle in a text format satdoku reads (with ``--kind``)."""
        return puzzle_text(self.puzzle)

    @property
    def puzzle_line(self) -> str:
        """The givens on one line."""
        return format_line(self.puzzle, self.puzzle.givens)

    @property
    def solution_line(self) -> str:
        return format_line(self.puzzle, self.solution)

    def record(self) -> dict[str, object]:
        """The puzzle as a record (``satdoku generate --format json``): the puzzle's text,
        its solution, givens, rating, label, hardest technique, seed and kind, and the layout
        of a jigsaw (``regions``) or a killer (``cages``, ``sums``)."""
        rating = self.rating
        found: dict[str, object] = {
            "puzzle": self.text,
            "solution": self.solution_line,
            "givens": self.puzzle.nclues,
            "rating": None if rating is None else rating.score,
            "label": None if rating is None else rating.label or str(rating.status),
            "hardest": None if rating is None else rating.hardest,
            "seed": self.seed,
            "kind": self.puzzle.kind,
        }
        layout = self.puzzle.layout
        if isinstance(layout, JigsawDrawing):
            found["regions"] = ["".join(row) for row in layout.regions]
        if isinstance(layout, KillerDrawing):
            found["cages"] = [" ".join(row) for row in layout.cages]
            found["sums"] = dict(layout.sums)
        return found


def generate(
    box: Geometry | str = "3x3",
    count: int | None = None,
    seed: int | str = 0,
    *,
    kind: str = "sudoku",
    symmetry: str = "none",
    minimal: bool = False,
    givens: tuple[int, int] | None = None,
    rating: tuple[float, float] | None = None,
    label: str | None = None,
    techniques: str | None = None,
    timeout: float | None = None,
    start: int = 0,
    jobs: int = 1,
    rated: bool = True,
) -> Generator[Generated, None, None]:
    """Puzzles of boxes ``box``, one after another (``count`` of them, or endlessly).

    Args:
        box: the box shape (``"3x3"`` for 9x9, ``"2x3"`` for 6x6, ``"4x4"`` for 16x16); a
            jigsaw takes only the size from it.
        count: how many puzzles (None: as many as are read).
        seed: the seed of the run; puzzle ``i`` comes from ``f"{seed}:{i}"``.
        kind: ``sudoku``, ``x``, ``windoku``, ``jigsaw`` or ``killer`` (:data:`KINDS`).
        symmetry: one of :data:`~satdoku.generate.digging.SYMMETRIES`.
        minimal: only puzzles from which no given can be taken out (checked for each).
        givens: (fewest, most) givens.
        rating: (lowest, highest) Sudoku Explainer score.
        label: ``easy``, ``medium``, ``hard``, ``fiendish`` or ``needs_search``.
        techniques: the techniques a person needs at most (``singles``, ...): the puzzle
            solves with them.
        timeout: seconds for the whole run; when they pass, the run ends with the puzzles
            found so far.
        start: the index of the first puzzle (to continue a run).
        jobs: worker processes; the puzzles and their order are the same for any number.
        rated: rate every puzzle (False: only when a band asks for it; else ``rating`` is
            None).

    Raises:
        UsageError: a request no puzzle can meet (``--givens 10-12`` on 9x9, ...).
    """
    geometry = Geometry.parse(box) if isinstance(box, str) else box
    request = Request(geometry, symmetry, minimal, givens, rating, label, techniques, kind, rated)
    request.check()
    if not 1 <= jobs <= MAX_JOBS:
        raise UsageError(f"jobs must be 1 to {MAX_JOBS}, not {jobs}")
    deadline = Deadline.after(timeout)
    try:
        maker = _Maker(request, deadline)  # finds a first grid: its time counts too
    except SolveTimeout:
        return
    stop = None if count is None else start + count
    seeds = (f"{seed}:{i}" for i in _indices(start, stop))
    if jobs == 1:
        try:
            for one in seeds:
                yield maker.make(one)
        except SolveTimeout:
            return
        finally:
            maker.close()
        return
    maker.close()
    import multiprocessing

    pool = multiprocessing.get_context().Pool(jobs, _start_worker, (request, deadline, os.getpid()))
    try:
        for made in pool.imap(_make, seeds):
            if made is None:
                return
            yield made
    finally:
        pool.terminate()
        pool.join()


def _indices(start: int, stop: int | None) -> Iterator[int]:
    index = start
    while stop is None or index < stop:
        yield index
        index += 1


class _Maker:
    """Makes one puzzle of a request after another."""

    def __init__(self, request: Request, deadline: Deadline) -> None:
        self.request = request
        self.deadline = deadline
        self.groups = orbits(request.geometry.size, request.symmetry)
        rules = fixed_rules(request.kind, request.geometry)
        self.counter = None if rules is None else Counter(rules, deadline)
        plain = request.kind == "sudoku" and not is_big(rules) if rules else False
        bitmask = plain and self.counter is not None and self.counter.bitmask
        self.recounter = Counter(rules, deadline, bitmask=False) if rules and bitmask else None
        """Counts each puzzle again apart from the bitmask search that dug it."""
        cdcl = plain and self.recounter is None
        self.checker = Engine(request.geometry, backend=CHECK_BACKEND) if cdcl else None
        if (
            rules is not None
            and self.counter is not None
            and self.counter.first(rules.givens) is None
        ):
            n = request.geometry.size
            raise UsageError(f"no {n}x{n} {request.kind} grid with boxes {request.geometry} exists")

    def make(self, seed: str) -> Generated:
        """The first puzzle the request wants, from the random stream ``seed``."""
        rng = random.Random(seed)
        request = self.request
        while True:
            self.deadline.check()
            counter = self.counter or Counter(jigsaw_rules(request.geometry, rng), self.deadline)
            solution = random_grid(counter.rules, rng, counter.first)
            if solution is None:  # a jigsaw whose regions hold no solved grid
                continue
            puzzle = self.puzzle(counter, solution, rng)
            if puzzle is None:
                continue
            if request.beyond_singles and counter.singles_solve(puzzle.givens):
                continue
            rated = self.rate(puzzle) if request.rates else None
            if request.wants(puzzle.nclues, rated):
                return self.checked(puzzle, tuple(solution), rated, seed)

    def puzzle(self, counter: Counter, solution: list[int], rng: random.Random) -> Puzzle | None:
        """The puzzle cut from ``solution``: givens dug out, or killer cages (None: not
        minimal when ``minimal`` was asked)."""
        request = self.request
        if request.kind == "killer":
            geometry = request.geometry

            def solve(cages: list[set[int]]) -> list[tuple[int, ...]]:
                caged = Counter(killer_puzzle(geometry, cages, solution), self.deadline)
                return caged.solutions(caged.rules.givens, 2)[0]

            cages = grow(solution, geometry.size, rng)
            return killer_puzzle(
                geometry, split_until_unique(cages, geometry.size, solve, rng), solution
            )
        fewest = request.givens[0] if request.givens else 0
        unique = counter.unique if request.minimal else counter.surely_unique
        givens = dig(solution, self.groups, unique, rng, fewest, self.deadline)
        alone = request.symmetry == "none" and not fewest
        if request.minimal and not alone and removable(givens, counter.unique):
            return None
        return counter.rules.with_givens(givens)

    def close(self) -> None:
        if self.checker is not None:
            self.checker.close()

    def rate(self, puzzle: Puzzle) -> Rating:
        return rate(puzzle, self.request.techniques, timeout=self.deadline.timeout())

    def checked(
        self, puzzle: Puzzle, solution: tuple[int, ...], rating: Rating | None, seed: str
    ) -> Generated:
        """The puzzle, once another engine found it unique with this solution."""
        backend = BIG_BACKEND if is_big(puzzle) else CHECK_BACKEND
        if self.recounter is not None:
            backend = "the exact-cover search"
            found, complete = (1, True) if self.recounter.unique(puzzle.givens) else (0, False)
        elif self.checker is not None:
            again = self.checker.count(puzzle, 2, self.deadline)
            found, complete = len(again.grids), again.complete
        else:
            counted = count(
                puzzle,
                limit=2,
                backend=backend,
                strategy="blocking",
                timeout=self.deadline.timeout(),
            )
            found, complete = counted.count, counted.complete
        if found != 1 or not complete or violations(puzzle, solution):
            raise VerificationError(f"the generator and {backend} disagree on puzzle {seed}")
        return Generated(puzzle, solution, rating, seed, self.request.minimal)


_worker: _Maker | None = None
"""The maker of a worker process."""


def _start_worker(request: Request, deadline: Deadline, parent: int) -> None:
    global _worker
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    try:
        _worker = _Maker(request, deadline)
    except SolveTimeout:
        _worker = None


def _make(seed: str) -> Generated | None:
    """Puzzle ``seed`` in a worker; None when the deadline passed first."""
    if _worker is None:
        return None
    try:
        return _worker.make(seed)
    except SolveTimeout:
        return None


__all__ = ["KINDS", "MAX_JOBS", "SYMMETRIES", "Generated", "Request", "generate"]
