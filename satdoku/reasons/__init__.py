"""Reasons: which givens and rules force a cell's digit, or rule a digit out of it
(:func:`why`), found as unsatisfiable cores over the givens and the rule instances."""

from satdoku.reasons.reason import Reason, cell_index
from satdoku.reasons.why import why

__all__ = ["Reason", "cell_index", "why"]
