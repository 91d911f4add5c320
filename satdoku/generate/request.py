"""What a run of the generator is asked to make: the shape, symmetry, givens and difficulty of
its puzzles, checked before any is made."""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.errors import UsageError
from satdoku.generate.digging import SYMMETRIES
from satdoku.generate.rules import KINDS, MAX_JIGSAW
from satdoku.geometry import Geometry
from satdoku.logic import SINGLES, Rating, technique_set
from satdoku.logic.rating import LABELS
from satdoku.status import Status

FEWEST_GIVENS = {4: 4, 9: 17}
"""The fewest givens a unique Sudoku of that size can have, where it is proven."""


@dataclass(frozen=True)
class Request:
    """What to make (see :func:`satdoku.generate.generate`)."""

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

    @property
    def beyond_singles(self) -> bool:
        """Whether no puzzle that naked and hidden singles solve is wanted: one rated with
        techniques that include them is easy (scored 2.3 at most), and easy is not asked."""
        if self.techniques is not None and not set(SINGLES) <= set(technique_set(self.techniques)):
            return False
        if self.label is not None:
            return self.label != "easy"
        return self.rating is not None and self.rating[0] > max(t.difficulty for t in SINGLES)

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
