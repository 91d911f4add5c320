"""Difficulty ratings: the hardest technique a logical solve needs, on the Sudoku Explainer
scale, a label, and how often each technique was used."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.logic.engine import Explanation, explain
from satdoku.logic.technique import Technique
from satdoku.logic.techniques import TECHNIQUES
from satdoku.model import Puzzle

NEEDS_SEARCH = "needs search"
NO_SOLUTION = "no solution"
LABELS: tuple[tuple[float, str], ...] = (
    (2.3, "easy"),
    (3.4, "medium"),
    (4.0, "hard"),
    (float("inf"), "fiendish"),
)
"""Upper bounds of each label's difficulty: easy is singles only, medium adds locked
candidates, pairs and X-Wing, hard adds triples and Swordfish, fiendish is the rest."""


def label_for(score: float) -> str:
    return next(label for bound, label in LABELS if score <= bound)


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is for a person using the engine's techniques.

    ``score`` and ``hardest`` describe the hardest step when the logic solves the puzzle; when
    it gets stuck ``score`` is None, ``label`` is ``needs search`` and ``hardest`` names the
    hardest step taken before getting stuck (None if none was).
    """

    score: float | None
    label: str
    hardest: str | None
    hardest_score: float
    steps: int
    placed: int
    histogram: dict[str, int]

    @property
    def solved(self) -> bool:
        return self.score is not None

    def __str__(self) -> str:
        if self.score is not None:
            return f"{self.score:.1f} {self.label} ({self.hardest})"
        before = (
            f"; hardest before: {self.hardest} {self.hardest_score:.1f}" if self.hardest else ""
        )
        return f"{self.label}{before}"

    def to_dict(self) -> dict[str, object]:
        return {
            "score": self.score,
            "label": self.label,
            "hardest": self.hardest,
            "hardest_score": self.hardest_score,
            "steps": self.steps,
            "placed": self.placed,
            "histogram": self.histogram,
        }


def rating_of(explanation: Explanation) -> Rating:
    """The rating of a finished logical solve."""
    steps = explanation.steps
    histogram = dict(Counter(s.technique for s in steps))
    hardest = max(steps, key=lambda s: s.difficulty, default=None)
    score = hardest.difficulty if hardest else 0.0
    placed = sum(len(s.placements) for s in steps)
    name = hardest.technique if hardest else None
    if explanation.status == "solved":
        return Rating(score, label_for(score), name, score, len(steps), placed, histogram)
    label = NO_SOLUTION if explanation.status == "contradiction" else NEEDS_SEARCH
    return Rating(None, label, name, score, len(steps), placed, histogram)


def rate(puzzle: Puzzle, techniques: Sequence[Technique] = TECHNIQUES) -> Rating:
    """Solve ``puzzle`` logically and rate it."""
    return rating_of(explain(puzzle, techniques))
