"""Setter tools: which givens or rule instances of a unique puzzle are redundant
(:func:`redundant`), and a minimal unique puzzle inside it (:func:`minimize`)."""

from satdoku.setter.items import CONSIDER, Item
from satdoku.setter.minimize import Minimized, minimize
from satdoku.setter.redundant import Redundancy, redundant

__all__ = ["CONSIDER", "Item", "Minimized", "Redundancy", "minimize", "redundant"]
