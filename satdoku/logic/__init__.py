"""Human-style logic: candidate grids, techniques from singles to wings, chains and colouring,
step-by-step explanations and difficulty ratings.

Sits beside the SAT side on the puzzle model and never calls a solver::

    from satdoku.logic import explain, hint, rate
    explanation = explain(puzzle)          # .status, .steps, .grid
    rate(puzzle, "singles")                # Rating(status=solved, score=1.5, label='easy', ...)
    hint(puzzle)                           # the easiest next Step, or None

``puzzle`` may be a :class:`~satdoku.model.Puzzle` or its text.
"""

from satdoku.logic.engine import Explanation, Techniques, explain, hint, next_steps, walk
from satdoku.logic.grid import CandidateGrid
from satdoku.logic.layout import Layout
from satdoku.logic.rating import LABELS, Rating, label_for, rate, rating_of
from satdoku.logic.step import Step
from satdoku.logic.technique import Technique
from satdoku.logic.techniques import BY_NAME, SETS, SINGLES, TECHNIQUES, resolve, technique_set

__all__ = [
    "BY_NAME",
    "LABELS",
    "SETS",
    "SINGLES",
    "TECHNIQUES",
    "CandidateGrid",
    "Explanation",
    "Layout",
    "Rating",
    "Step",
    "Technique",
    "Techniques",
    "explain",
    "hint",
    "label_for",
    "next_steps",
    "rate",
    "rating_of",
    "resolve",
    "technique_set",
    "walk",
]
