"""The registry of techniques, easiest first, with their Sudoku Explainer difficulties.

Sudoku Explainer (SE) has no W-Wing or simple colouring (it finds such eliminations as chains
rated 6.5 and up); their places here, next to the other wings, are this project's estimate.
X-Chain and XY-Chain take the ratings of SE's forcing X-chain (6.6) and forcing chain (7.0),
without SE's extra for length; the forcing chain (every choice of a cell or of a value's
places in a unit, each followed by singles) that of SE's dynamic forcing chains (8.5).
"""

from __future__ import annotations

from satdoku.logic.chains import find_x_chain, find_xy_chain
from satdoku.logic.colouring import find_simple_colouring
from satdoku.logic.fish import fish
from satdoku.logic.forcing import find_forcing_chain
from satdoku.logic.intersections import find_claiming, find_pointing
from satdoku.logic.singles import SINGLES
from satdoku.logic.subsets import hidden, naked
from satdoku.logic.technique import Technique
from satdoku.logic.wings import find_w_wing, find_xy_wing, find_xyz_wing

TECHNIQUES: tuple[Technique, ...] = (
    *SINGLES,
    Technique("pointing", 2.6, find_pointing),
    Technique("claiming", 2.8, find_claiming),
    Technique("naked pair", 3.0, naked(2)),
    Technique("X-Wing", 3.2, fish(2)),
    Technique("hidden pair", 3.4, hidden(2)),
    Technique("naked triple", 3.6, naked(3)),
    Technique("Swordfish", 3.8, fish(3)),
    Technique("hidden triple", 4.0, hidden(3)),
    Technique("XY-Wing", 4.2, find_xy_wing),
    Technique("XYZ-Wing", 4.4, find_xyz_wing),
    Technique("W-Wing", 4.4, find_w_wing, scale="estimate"),
    Technique("simple colouring", 4.5, find_simple_colouring, scale="estimate"),
    Technique("naked quad", 5.0, naked(4)),
    Technique("Jellyfish", 5.2, fish(4)),
    Technique("hidden quad", 5.4, hidden(4)),
    Technique("X-Chain", 6.6, find_x_chain, scale="estimate"),
    Technique("XY-Chain", 7.0, find_xy_chain, scale="estimate"),
    Technique("forcing chain", 8.5, find_forcing_chain, scale="estimate"),
)
"""Every technique, in the order the engine tries them (by difficulty)."""

BY_NAME = {t.name: t for t in TECHNIQUES}

__all__ = ["BY_NAME", "SINGLES", "TECHNIQUES"]
