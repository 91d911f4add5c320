"""Human-style logic: candidate grids, techniques from singles to wings and colouring,
step-by-step explanations and difficulty ratings.

Sits beside the SAT side on the puzzle model and never calls a solver::

    from satdoku.logic import explain, rate
    explanation = explain(puzzle)          # .steps, .status, .grid
    rate(puzzle)                           # Rating(score=2.3, label='easy', ...)
"""

from satdoku.logic.engine import Explanation, explain, hint, next_steps, walk
from satdoku.logic.grid import CandidateGrid, Layout
from satdoku.logic.rating import NEEDS_SEARCH, NO_SOLUTION, Rating, label_for, rate, rating_of
from satdoku.logic.step import Step
from satdoku.logic.technique import Technique
from satdoku.logic.techniques import BY_NAME, SINGLES, TECHNIQUES

__all__ = [
    "BY_NAME",
    "NEEDS_SEARCH",
    "NO_SOLUTION",
    "SINGLES",
    "TECHNIQUES",
    "CandidateGrid",
    "Explanation",
    "Layout",
    "Rating",
    "Step",
    "Technique",
    "explain",
    "hint",
    "label_for",
    "next_steps",
    "rate",
    "rating_of",
    "walk",
]
