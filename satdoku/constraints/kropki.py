"""Kropki dots: a white dot between two cells says their values are consecutive, a black dot
that one is twice the other; the strict form says neighbours with no dot are neither."""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.constraints.pairs import PairRule
from satdoku.targets import Canvas

KROPKI_COLOURS = ("white", "black")
"""The colours of a dot: white (consecutive values), black (one value twice the other)."""


def related(colour: str, v: int, w: int) -> bool:
    """Whether values ``v`` and ``w`` have the relation of a dot of ``colour``."""
    if colour == "white":
        return abs(v - w) == 1
    return v == 2 * w or w == 2 * v


def _check(colours: tuple[str, ...]) -> None:
    unknown = [c for c in colours if c not in KROPKI_COLOURS]
    if unknown:
        raise ValueError(f"a kropki dot is white or black, not {', '.join(unknown)}")


@dataclass(frozen=True)
class Kropki(PairRule):
    """A dot on the edge between neighbours ``a`` and ``b``: ``white``, their values are
    consecutive; ``black``, one is twice the other.

    ISS: ``.WhiteDot~R1C1~R1C2`` and ``.BlackDot~R1C1~R1C2``; a longer list of cells puts a
    dot between each two orthogonal neighbours in it.
    """

    colour: str
    name: str = "kropki"
    family: str = "kropki"

    def __post_init__(self) -> None:
        super().__post_init__()
        _check((self.colour,))

    def keeps(self, v: int, w: int) -> bool:
        return related(self.colour, v, w)

    @property
    def demand(self) -> str:
        if self.colour == "white":
            return "are not consecutive (white dot)"
        return "are not one twice the other (black dot)"

    def draw(self, canvas: Canvas) -> None:
        canvas.dot(self.a, self.b, self.colour == "black")


@dataclass(frozen=True)
class NoKropki(PairRule):
    """No dot between neighbours ``a`` and ``b`` where dots of ``colours`` are all given: their
    values have none of those relations (with both colours, they are neither consecutive nor
    one twice the other).

    ISS: ``.StrictKropki`` gives one, with both colours, to every pair of orthogonal neighbours
    that has no dot (see :func:`satdoku.constraints.pairs.neighbour_pairs`).
    """

    colours: tuple[str, ...] = KROPKI_COLOURS
    name: str = "no kropki dot"
    family: str = "no-kropki"
    forbids = True

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "colours", tuple(self.colours))
        _check(self.colours)

    def keeps(self, v: int, w: int) -> bool:
        return not any(related(colour, v, w) for colour in self.colours)

    @property
    def demand(self) -> str:
        words = {"white": "consecutive", "black": "one twice the other"}
        return "are " + " or ".join(words[c] for c in self.colours) + " (no dot between them)"

    def draw(self, canvas: Canvas) -> None:
        """Nothing: the absence of a dot is the mark."""
