"""Make new Sudoku puzzles: unique, optionally minimal and symmetric, of a chosen difficulty.

    from satdoku.generate import generate
    for made in generate("3x3", count=5, seed=1, minimal=True):
        print(made.puzzle_line, made.rating.label)

A random solved grid (:mod:`satdoku.generate.grids`) loses givens a symmetric group at a time
while the puzzle keeps one solution (:mod:`satdoku.generate.digging`), checked by the batch
engine; every puzzle kept is checked again by another backend before it is returned (and,
with ``minimal``, by taking out each given), then rated by the logic engine. Puzzle ``i`` of a
seed is drawn from its own random stream (``seed:i``), so a run is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from satdoku.batch import BatchOptions, Engines
from satdoku.deadline import Deadline, SolveTimeout
from satdoku.errors import UsageError, VerificationError
from satdoku.formats.output import format_line
from satdoku.generate.digging import SYMMETRIES, dig, orbits, removable
from satdoku.generate.grids import random_grid
from satdoku.geometry import Geometry
from satdoku.logic import Rating, rate, technique_set
from satdoku.logic.rating import LABELS
from satdoku.model import Puzzle
from satdoku.solver.counting import count
from satdoku.status import Status
from satdoku.verify import violations

CHECK_BACKEND = "minisat22"
"""The backend that checks every puzzle again, apart from the engine that dug it."""
FEWEST_GIVENS = {4: 4, 9: 17}
"""The fewest givens a unique puzzle of that size can have, where it is proven."""


@dataclass(frozen=True)
class Generated:
    """A puzzle made: the puzzle, its one solution, its rating and where it came from."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    rating: Rating
    seed: str
    minimal: bool

    @property
    def puzzle_line(self) -> str:
        return format_line(self.puzzle, self.puzzle.givens)

    @property
    def solution_line(self) -> str:
        return format_line(self.puzzle, self.solution)


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

    def check(self) -> None:
        """One :class:`UsageError` for a request no puzzle can meet."""
        n = self.geometry.size
        if self.symmetry not in SYMMETRIES:
            raise UsageError(f"unknown symmetry {self.symmetry!r}; choose {', '.join(SYMMETRIES)}")
        if self.givens is not None:
            low, high = self.givens
            fewest = FEWEST_GIVENS.get(n, 0)
            if low > high or high > n * n or high < fewest:
                raise UsageError(
                    f"--givens {low}-{high}: a unique {n}x{n} puzzle has "
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
            if lowest > highest or lowest > hardest:
                raise UsageError(
                    f"--rating {lowest:g}-{highest:g}: the techniques rate puzzles from 1.0 to"
                    f" {hardest:g}"
                )
        if self.techniques is not None:
            technique_set(self.techniques)

    def wants(self, givens: int, rating: Rating) -> bool:
        """Whether a unique puzzle of ``givens`` givens and ``rating`` is what was asked."""
        if self.givens is not None and not self.givens[0] <= givens <= self.givens[1]:
            return False
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
    symmetry: str = "none",
    minimal: bool = False,
    givens: tuple[int, int] | None = None,
    rating: tuple[float, float] | None = None,
    label: str | None = None,
    techniques: str | None = None,
    timeout: float | None = None,
    start: int = 0,
) -> Iterator[Generated]:
    """Puzzles of boxes ``box``, one after another (``count`` of them, or endlessly).

    Args:
        box: the box shape (``"3x3"`` for 9x9, ``"2x3"`` for 6x6, ``"4x4"`` for 16x16).
        count: how many puzzles (None: as many as are read).
        seed: the seed of the run; puzzle ``i`` comes from ``f"{seed}:{i}"``.
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

    Raises:
        UsageError: a request no puzzle can meet (``--givens 10-12`` on 9x9, ...).
    """
    geometry = Geometry.parse(box) if isinstance(box, str) else box
    request = Request(geometry, symmetry, minimal, givens, rating, label, techniques)
    request.check()
    deadline = Deadline.after(timeout)
    maker = _Maker(request, deadline)
    index = start
    try:
        while count is None or index < start + count:
            yield maker.make(f"{seed}:{index}")
            index += 1
    except SolveTimeout:
        return
    finally:
        maker.close()


class _Maker:
    """Makes one puzzle of a request after another, on one engine."""

    def __init__(self, request: Request, deadline: Deadline) -> None:
        self.request = request
        self.deadline = deadline
        self.engines = Engines(BatchOptions(limit=2))
        self.shape = (request.geometry.box_rows, request.geometry.box_cols)
        self.groups = orbits(request.geometry.size, request.symmetry)

    def close(self) -> None:
        self.engines.close()

    def unique(self, givens: Sequence[int]) -> bool:
        found = self.engines.solve((0, self.shape, tuple(givens)))
        return found.count == 1 and found.complete

    def make(self, seed: str) -> Generated:
        """The first puzzle the request wants, from the random stream ``seed``."""
        rng = random.Random(seed)
        request = self.request
        fewest = request.givens[0] if request.givens else 0
        while True:
            self.deadline.check()
            solution = random_grid(request.geometry, rng)
            givens = dig(solution, self.groups, self.unique, rng, fewest, self.deadline)
            if request.minimal and removable(givens, self.unique):
                continue
            puzzle = Puzzle.sudoku(request.geometry, givens)
            rating = rate(puzzle, request.techniques, timeout=self.deadline.timeout())
            if request.wants(sum(1 for v in givens if v), rating):
                return self.checked(puzzle, tuple(solution), rating, seed)

    def checked(
        self, puzzle: Puzzle, solution: tuple[int, ...], rating: Rating, seed: str
    ) -> Generated:
        """The puzzle, once another backend found it unique with this solution."""
        again = count(puzzle, limit=2, backend=CHECK_BACKEND, timeout=self.deadline.timeout())
        if again.count != 1 or not again.complete or violations(puzzle, solution):
            raise VerificationError(f"the engine and {CHECK_BACKEND} disagree on puzzle {seed}")
        return Generated(puzzle, solution, rating, seed, self.request.minimal)


__all__ = ["SYMMETRIES", "Generated", "Request", "generate"]
