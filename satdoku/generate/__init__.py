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
by a CNF backend and its solution verified before it is returned (and, with ``minimal``,
each given is taken out in turn), then rated by the logic engine. Puzzle ``i`` of a seed is
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
from satdoku.generate.rules import (
    KINDS,
    MAX_JIGSAW,
    fixed_rules,
    jigsaw_rules,
    killer_puzzle,
    puzzle_text,
)
from satdoku.geometry import Geometry
from satdoku.kinds.jigsaw import JigsawDrawing
from satdoku.kinds.killer import KillerDrawing
from satdoku.logic import Rating, rate, technique_set
from satdoku.logic.rating import LABELS
from satdoku.model import Puzzle
from satdoku.solver.counting import count
from satdoku.solver.defaults import BIG_BACKEND, is_big
from satdoku.solver.engine import Engine
from satdoku.solver.guard import die_with_parent
from satdoku.status import Status
from satdoku.verify import violations

CHECK_BACKEND = "minisat22"
"""The backend that counts every puzzle again, apart from the engines that made it (from
25x25 up, :data:`~satdoku.solver.defaults.BIG_BACKEND`)."""
FEWEST_GIVENS = {4: 4, 9: 17}
"""The fewest givens a unique Sudoku of that size can have, where it is proven."""
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


@dataclass(frozen=True)
class Request:
    """What to make (see :func:`generate`)."""

    geometry: Geometry
    symmetry: str = "none"
    minimal: bool = False
    givens: tuple[int, int] | None = None
    rating: tuple[float, float] | None = None
    label: str | None = None
    techniques: str | None = None
    kind: str = "sudoku"
    rated: bool = True

    @property
    def rates(self) -> bool:
        """Whether each puzzle is rated: asked for, or needed to choose, and possible."""
        wanted = self.rated or bool(self.rating or self.label or self.techniques)
        return wanted and self.kind != "killer"

    def check(self) -> None:
        """One :class:`UsageError` for a request no puzzle can meet."""
        n = self.geometry.size
        if self.kind not in KINDS:
            raise UsageError(f"cannot generate {self.kind!r} puzzles; choose {', '.join(KINDS)}")
        if self.symmetry not in SYMMETRIES:
            raise UsageError(f"unknown symmetry {self.symmetry!r}; choose {', '.join(SYMMETRIES)}")
        if self.kind == "jigsaw" and n > MAX_JIGSAW:
            raise UsageError(
                f"jigsaw puzzles are made up to {MAX_JIGSAW}x{MAX_JIGSAW}, not {n}x{n}"
            )
        if self.kind == "killer":
            self._check_killer()
        if self.givens is not None:
            low, high = self.givens
            fewest = FEWEST_GIVENS.get(n, 0) if self.kind == "sudoku" else 0
            if low > high or high > n * n or high < fewest:
                raise UsageError(
                    f"--givens {low}-{high}: a unique {n}x{n} {self.kind} has "
                    + (f"at least {fewest} and " if fewest else "")
                    + f"at most {n * n} givens"
                )
        labels = [name for _, name in LABELS]
        if self.label is not None and self.label not in (*labels, "needs_search"):
            raise UsageError(
                f"unknown label {self.label!r}; choose {', '.join(labels)}, needs_search"
            )
        if self.rating is not None:
            lowest, highest = self.rating
            hardest = max(t.difficulty for t in technique_set(self.techniques or "all"))
            if not lowest <= highest or lowest > hardest:
                raise UsageError(
                    f"--rating {lowest:g}-{highest:g}: the techniques rate puzzles from 1.0 to"
                    f" {hardest:g}"
                )
        if self.techniques is not None:
            technique_set(self.techniques)

    def _check_killer(self) -> None:
        if self.symmetry != "none":
            raise UsageError("a killer has no givens to place symmetrically: drop --symmetry")
        if self.rating or self.label or self.techniques:
            raise UsageError(
                "the logic engine rates puzzles of all-different units, not killer cages:"
                " drop --rating, --label and --techniques"
            )
        if self.givens is not None and self.givens[0] > 0:
            raise UsageError("a killer is made without givens: --givens must allow 0")

    def wants(self, givens: int, rating: Rating | None) -> bool:
        """Whether a unique puzzle of ``givens`` givens and ``rating`` is what was asked."""
        if self.givens is not None and not self.givens[0] <= givens <= self.givens[1]:
            return False
        if rating is None:
            return True
        if self.label == "needs_search":
            return rating.status == Status.NEEDS_SEARCH
        if (self.label or self.rating or self.techniques) and rating.score is None:
            return False
        if self.label is not None and rating.label != self.label:
            return False
        return not (
            self.rating is not None
            and rating.score is not None
            and not self.rating[0] <= rating.score <= self.rating[1]
        )


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
        self.checker = Engine(request.geometry, backend=CHECK_BACKEND) if plain else None
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
        if request.minimal and removable(givens, counter.unique):
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
        """The puzzle, once a CNF backend found it unique with this solution."""
        backend = BIG_BACKEND if is_big(puzzle) else CHECK_BACKEND
        if self.checker is not None:
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
