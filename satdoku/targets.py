"""What a constraint sees of the CNF it is encoded into, of the CP-SAT model it is posted to
and of the picture it is drawn on: the encodings, the CP-SAT backend and the SVG drawing each
implement one of these, and a rule (:class:`satdoku.model.Constraint`) talks only to them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

Term = int | bool
"""A literal of a CNF, or a truth the givens have settled."""

LinearTerms = Sequence[tuple[int, int]]
"""(coefficient, cell) pairs: the sum of coefficient x value of cell."""

COMPARISONS = ("==", "!=", "<=", ">=", "<", ">")
"""How a linear sum compares with its constant."""


def negation(term: Term) -> Term:
    """The opposite of a literal or of a settled truth."""
    return (not term) if isinstance(term, bool) else -term


class CnfTarget(Protocol):
    """What a constraint sees of the CNF it is encoded into."""

    @property
    def size(self) -> int:
        """How many values a cell takes."""

    @property
    def digits(self) -> range:
        """The values a cell takes, lowest first: 1..size, or 0..size-1 in a grid of values
        from 0. Every value a rule passes or receives is one of these."""

    @property
    def implied(self) -> bool:
        """Whether the encoding also wants the clauses a rule implies without needing them."""

    def holds(self, cell: int, value: int) -> Term:
        """The literal "``cell`` holds ``value``", or a bool where the givens settle it."""

    def clause(self, terms: Sequence[Term]) -> None:
        """Add "one of ``terms`` is true": true terms satisfy it, false ones drop out."""

    def new_var(self) -> int:
        """A fresh auxiliary variable."""

    def holders(self, cells: Sequence[int]) -> dict[int, list[int]]:
        """Value -> the literals "cell holds value" of ``cells`` still open, for the digits
        not already placed in ``cells`` by the givens (when the encoding folds them in)."""

    def at_most_one(self, lits: Sequence[int]) -> None: ...

    def at_least_one(self, lits: Sequence[int]) -> None: ...

    def total(self, cells: Sequence[int], total: int, name: str) -> None:
        """The values of ``cells``, which all differ, add up to ``total``, by the encoding's
        sum method."""

    def linear(self, terms: LinearTerms, op: str, constant: int, when: Sequence[Term] = ()) -> None:
        """sum(coefficient x value of cell) ``op`` ``constant`` (``op`` one of
        :data:`COMPARISONS`), enforced when every term of ``when`` is true. Cells may repeat
        values and appear more than once."""


class CpTarget(Protocol):
    """What a constraint sees of the CP-SAT model it is posted to."""

    @property
    def size(self) -> int: ...

    @property
    def digits(self) -> range:
        """The values a cell takes, lowest first (see :attr:`CnfTarget.digits`)."""

    @property
    def model(self) -> Any:
        """The ``ortools.sat.python.cp_model.CpModel``."""

    def value(self, cell: int) -> Any:
        """The value of ``cell`` as a CP-SAT linear expression."""

    def is_value(self, cell: int, value: int) -> Any:
        """A CP-SAT Boolean literal: ``cell`` holds ``value``."""

    def all_different(self, cells: Sequence[int]) -> None: ...

    def total_of(self, cells: Sequence[int]) -> Any:
        """The sum of the values of ``cells`` (all different cells) as a CP-SAT expression,
        each group of them that shares a unit bounded by what different values can add."""


LINE_STYLES = (
    "thermometer",
    "slow-thermometer",
    "arrow",
    "whisper",
    "renban",
    "between",
    "lockout",
    "palindrome",
    "zipper",
    "entropic",
    "modular",
    "region-sum",
    "sum",
)
"""The sorts of line a picture draws, each in its own colour and shape."""


class Canvas(Protocol):
    """What a constraint sees of the picture it is drawn on. Cells are numbers, as in the
    puzzle; the picture places them."""

    def unit(self, cells: Sequence[int]) -> None:
        """Cells that all differ: a region border, a shading, or nothing for a line."""

    def total(self, cells: Sequence[int], total: int) -> None:
        """Cells with a sum: a cage, or a Kakuro clue beside a run."""

    def cage(self, cells: Sequence[int], text: str) -> None:
        """A dashed outline around ``cells``, ``text`` (may be empty) in its first corner."""

    def line(self, cells: Sequence[int], style: str) -> None:
        """A line through the centres of ``cells``, drawn as ``style`` (:data:`LINE_STYLES`:
        a thermometer has a bulb on its first cell, an arrow a head on its last)."""

    def circle(self, cells: Sequence[int], text: str = "") -> None:
        """A circle (a pill over several neighbouring cells): an arrow's sum."""

    def dot(self, a: int, b: int, filled: bool) -> None:
        """A dot on the edge between neighbours ``a`` and ``b``: white or black (kropki)."""

    def edge(self, a: int, b: int, text: str) -> None:
        """A short text on the edge between neighbours ``a`` and ``b`` (X, V, <, >)."""

    def outside(self, cells: Sequence[int], text: str) -> None:
        """A clue outside the grid, before ``cells[0]`` on the line through ``cells``
        (sandwich, X-sum, skyscraper; little killer along a diagonal)."""

    def corner(self, cells: Sequence[int], text: str) -> None:
        """A text on the corner the four ``cells`` share (quadruple)."""

    def shade(self, cells: Sequence[int], style: str) -> None:
        """Cells marked as a group: ``even`` (grey square), ``odd`` (grey circle),
        or ``region`` (a coloured extra region)."""

    def note(self, cell: int, text: str) -> None:
        """A small text along the top of ``cell`` (the values it is limited to)."""
