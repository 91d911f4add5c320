"""The registry of techniques, easiest first, with their Sudoku Explainer difficulties.

Sudoku Explainer (SE) has no W-Wing or simple colouring (it finds such eliminations as chains
rated 6.5 and up); their places here, next to the other wings, are this project's estimate.
X-Chain and XY-Chain take the ratings of SE's forcing X-chain (6.6) and forcing chain (7.0),
without SE's extra for length; the forcing chain (every choice of a cell or of a value's
places in a unit, each followed by singles) that of SE's dynamic forcing chains (8.5).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from satdoku.errors import UsageError
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

SETS: dict[str, tuple[Technique, ...]] = {"singles": SINGLES, "all": TECHNIQUES}
"""Named technique sets: ``singles`` (full house, hidden and naked singles, the rule set of the
classic step-by-step solvers) and ``all``."""


def _key(name: str) -> str:
    """A name as matched: case, hyphens, underscores and repeated spaces do not matter."""
    return re.sub(r"[\s_-]+", " ", name).strip().lower()


_LOOKUP: dict[str, tuple[Technique, ...]] = {
    **{_key(t.name): (t,) for t in TECHNIQUES},
    **{_key(name): techniques for name, techniques in SETS.items()},
}


def _choices() -> str:
    return f"{', '.join(SETS)}, or a comma-separated list of: {', '.join(BY_NAME)}"


def technique_set(spec: str) -> tuple[Technique, ...]:
    """The techniques a command-line spec names, easiest first.

    Args:
        spec: ``singles``, ``all``, or a comma-separated list of technique names and set
            names (``singles,pointing,claiming``); case, hyphens and underscores do not matter
            (``x-wing`` is ``X-Wing``).

    Returns:
        The techniques, each once, in the order the engine tries them (by difficulty).

    Raises:
        UsageError: a name is unknown or the spec is empty (the message names the choices).
    """
    names = [part for part in spec.split(",") if part.strip()]
    if not names:
        raise UsageError(f"no technique named: choose {_choices()}")
    return _ordered(t for name in names for t in _named(name))


def resolve(techniques: str | Iterable[str | Technique] | None) -> tuple[Technique, ...]:
    """The techniques to use, easiest first, from what a caller may pass.

    Args:
        techniques: None (all of them), a spec for :func:`technique_set`, or an iterable of
            technique names, set names and :class:`Technique` objects.

    Returns:
        The techniques, each once, ordered by difficulty (ties keep the given order).

    Raises:
        UsageError: a name is unknown (the message names the choices).
    """
    if techniques is None:
        return TECHNIQUES
    if isinstance(techniques, str):
        return technique_set(techniques)
    found: list[Technique] = []
    for item in techniques:
        found += [item] if isinstance(item, Technique) else _named(item)
    return _ordered(found)


def _named(name: str) -> tuple[Technique, ...]:
    found = _LOOKUP.get(_key(name))
    if found is None:
        raise UsageError(f"unknown technique {name.strip()!r}: choose {_choices()}")
    return found


def _ordered(techniques: Iterable[Technique]) -> tuple[Technique, ...]:
    unique = list(dict.fromkeys(techniques))
    return tuple(sorted(unique, key=lambda t: t.difficulty))


__all__ = ["BY_NAME", "SETS", "SINGLES", "TECHNIQUES", "resolve", "technique_set"]
