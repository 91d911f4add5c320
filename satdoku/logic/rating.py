"""Difficulty ratings: the hardest technique a logical solve needs, on the Sudoku Explainer
scale, a label, and how often each technique was used."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from satdoku.geometry import Geometry
from satdoku.logic.engine import Explanation, Techniques, explain
from satdoku.model import Puzzle
from satdoku.status import Status

LABELS: tuple[tuple[float, str], ...] = (
    (2.3, "easy"),
    (3.4, "medium"),
    (4.0, "hard"),
    (float("inf"), "fiendish"),
)
"""Upper bounds of each label's difficulty: easy is singles only, medium adds locked
candidates, pairs and X-Wing, hard adds triples and Swordfish, fiendish is the rest."""


def label_for(score: float) -> str:
    """The difficulty label of a score.

    Args:
        score: a difficulty on the Sudoku Explainer scale.

    Returns:
        ``easy``, ``medium``, ``hard`` or ``fiendish`` (see :data:`LABELS`).
    """
    return next(label for bound, label in LABELS if score <= bound)


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is for a person using the engine's techniques.

    Attributes:
        status: ``Status.SOLVED`` when the techniques solve the puzzle,
            ``Status.NEEDS_SEARCH`` when they get stuck, ``Status.NO_SOLUTION`` when the
            puzzle turns out contradictory.
        score: the difficulty of the hardest step when solved, else None.
        label: the difficulty (``easy``, ``medium``, ``hard``, ``fiendish``) when solved,
            else None.
        hardest: the technique of the hardest step taken (None when no step was).
        hardest_score: the difficulty of that step (0.0 when none).
        steps: how many steps were taken.
        placed: how many values the steps placed.
        histogram: technique name -> how many steps used it.
    """

    status: Status
    score: float | None
    label: str | None
    hardest: str | None
    hardest_score: float
    steps: int
    placed: int
    histogram: dict[str, int]

    @property
    def solved(self) -> bool:
        """True when the techniques solved the puzzle."""
        return self.status is Status.SOLVED

    def __str__(self) -> str:
        if self.score is not None:
            return f"{self.score:.1f} {self.label} ({self.hardest})"
        before = (
            f"; hardest before: {self.hardest} {self.hardest_score:.1f}" if self.hardest else ""
        )
        return f"{self.status.value}{before}"

    def __repr__(self) -> str:
        return (
            f"Rating(status={self.status.value}, score={self.score}, label={self.label!r}, "
            f"hardest={self.hardest!r}, steps={self.steps})"
        )

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON (the status as its word)."""
        return {
            "status": self.status.value,
            "score": self.score,
            "label": self.label,
            "hardest": self.hardest,
            "hardest_score": self.hardest_score,
            "steps": self.steps,
            "placed": self.placed,
            "histogram": self.histogram,
        }


def rating_of(explanation: Explanation) -> Rating:
    """The rating of a finished logical solve.

    Args:
        explanation: what :func:`explain` returned.

    Returns:
        Its :class:`Rating`: score and label when it is solved, the status otherwise.
    """
    steps = explanation.steps
    histogram = dict(Counter(s.technique for s in steps))
    hardest = max(steps, key=lambda s: s.difficulty, default=None)
    score = hardest.difficulty if hardest else 0.0
    placed = sum(len(s.placements) for s in steps)
    name = hardest.technique if hardest else None
    status = explanation.status
    if status is Status.SOLVED:
        return Rating(status, score, label_for(score), name, score, len(steps), placed, histogram)
    return Rating(status, None, None, name, score, len(steps), placed, histogram)


def rate(
    puzzle: Puzzle | str,
    techniques: Techniques = None,
    *,
    timeout: float | None = None,
    box: Geometry | str | None = None,
) -> Rating:
    """Solve ``puzzle`` logically and rate how hard it is.

    Args:
        puzzle: a :class:`Puzzle` or its text (parsed by :func:`satdoku.parse_puzzle`).
        techniques: which techniques to use, as for :func:`explain` (None: all).
        timeout: seconds from the call after which to give up (None: no limit).
        box: the box shape when ``puzzle`` is text that needs one (``"2x3"`` for 6x6).

    Returns:
        A :class:`Rating`: ``status`` ``SOLVED`` with a ``score`` and ``label``, or
        ``NEEDS_SEARCH`` / ``NO_SOLUTION`` with neither.

    Raises:
        ParseError: ``puzzle`` is text that does not parse.
        UsageError: an unknown technique, or a puzzle with sums (killer, Kakuro).
        SolveTimeout: ``timeout`` seconds passed first.
    """
    return rating_of(explain(puzzle, techniques, timeout=timeout, box=box))
