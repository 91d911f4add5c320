"""What an f-puzzles or SudokuPad puzzle says, in cell numbers, and the Puzzle it makes.

The readers (:mod:`satdoku.formats.links`, :mod:`satdoku.formats.sudokupad`) fill a
:class:`PuzzleSpec` and name what they cannot read; :meth:`PuzzleSpec.build` refuses a spec
that names anything, and otherwise builds the constraints: rows and columns, the regions
(the boxes of a geometry when they are exactly its boxes, so the verifier also checks them
by arithmetic), the diagonals, extra regions and cages, then the other rules the reader made
(a puzzle with any is of kind ``variant``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from satdoku.constraints import AllDifferent, Sum
from satdoku.errors import ParseError, SatdokuError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku_units
from satdoku.kinds.jigsaw import JigsawDrawing
from satdoku.kinds.killer import NO_CAGE, KillerDrawing
from satdoku.kinds.variant import MarkedSudoku
from satdoku.model import Constraint, Puzzle

MAX_SIZE = 64

Line = int | None
"""The line of the input the puzzle comes from (for error messages)."""


@dataclass
class PuzzleSpec:
    """The pieces of an N x N puzzle; cells are numbered row-major from 0."""

    size: int
    givens: list[int]
    reads: str
    """What a refusal says satdoku reads of the format."""
    regions: dict[Hashable, list[int]] = field(default_factory=dict)
    cages: list[tuple[tuple[int, ...], int | None, bool]] = field(default_factory=list)
    """(cells, total or None, whether the values differ)."""
    main_diagonal: bool = False
    anti_diagonal: bool = False
    extra: list[tuple[int, ...]] = field(default_factory=list)
    rules: list[Constraint] = field(default_factory=list)
    """Every other rule (thermometers, dots, outside clues, ...), built by the reader."""
    unsupported: list[str] = field(default_factory=list)
    """What the puzzle holds that satdoku cannot read, by name, in the order found."""

    def note(self, name: str) -> None:
        """Record ``name`` as something satdoku does not support."""
        if name not in self.unsupported:
            self.unsupported.append(name)

    def cage_total(self, value: object, what: str) -> int | None:
        """A cage's sum; None for a cage without one; a text label is noted as unsupported."""
        if value is None or value == "":
            return None
        number = integer(value)
        if number is None or number < 0:
            self.note(f"a {what} labelled {short(value)}")
        return number

    def build(self, lineno: Line) -> Puzzle:
        """The Puzzle; a :class:`ParseError` naming every unsupported piece instead."""
        if self.unsupported:
            verb = "is" if len(self.unsupported) == 1 else "are"
            names = ", ".join(self.unsupported)
            raise ParseError(f"{names} {verb} not supported; {self.reads}", lineno)
        n = self.size
        for label, members in self.regions.items():
            if len(members) > n:
                raise ParseError(f"region {label} has {len(members)} cells, more than {n}", lineno)
        for k, (cage, total, distinct) in enumerate(self.cages):
            if distinct and len(cage) > n:
                raise ParseError(f"a cage of {len(cage)} cells cannot hold distinct values", lineno)
            low, high = cage_range(len(cage), n, distinct)
            if total is not None and not low <= total <= high:
                raise ParseError(
                    f"cage {k + 1} (first cell {_name(cage[0], n)}): its total {total} is out of"
                    f" range {low}-{high} for {len(cage)} cells",
                    lineno,
                )
        geometry = box_geometry(n, self.regions.values())
        constraints: list[Constraint] = list(
            sudoku_units(geometry) if geometry else self._lines_and_regions()
        )
        if self.main_diagonal:
            constraints.append(AllDifferent(_main_diagonal(n), "main diagonal", "diagonal"))
        if self.anti_diagonal:
            constraints.append(AllDifferent(_anti_diagonal(n), "anti-diagonal", "diagonal"))
        constraints += [
            AllDifferent(unit, f"extra region {k + 1}", "extra region")
            for k, unit in enumerate(self.extra)
        ]
        for k, (cage, total, distinct) in enumerate(self.cages):
            if distinct:
                constraints.append(AllDifferent(cage, f"cage {k + 1}", "cage"))
            if total is not None:
                constraints.append(Sum(cage, total, f"cage {k + 1}", "cage"))
        constraints += self.rules
        return Puzzle(
            values=n,
            positions=tuple((r, c) for r in range(n) for c in range(n)),
            constraints=tuple(constraints),
            givens=tuple(self.givens),
            nrows=n,
            ncols=n,
            kind=self._kind(geometry),
            geometry=geometry,
            layout=self._layout(geometry),
        )

    def _lines_and_regions(self) -> tuple[AllDifferent, ...]:
        n = self.size
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        columns = [tuple(r * n + c for r in range(n)) for c in range(n)]
        return (
            tuple(AllDifferent(u, f"row {i + 1}", "row") for i, u in enumerate(rows))
            + tuple(AllDifferent(u, f"column {i + 1}", "column") for i, u in enumerate(columns))
            + tuple(
                AllDifferent(tuple(members), f"region {k + 1}", "region")
                for k, members in enumerate(self.regions.values())
            )
        )

    def _kind(self, geometry: Geometry | None) -> str:
        if self.rules:
            return "variant"
        if self.cages:
            return "killer"
        if geometry is None:
            return "jigsaw"
        if self.extra:
            return "windoku"
        return "x" if self.main_diagonal or self.anti_diagonal else "sudoku"

    def _layout(self, geometry: Geometry | None) -> object:
        """How a grid is drawn: cage borders, region borders, or marked extra cells."""
        n = self.size
        if self.cages:
            labels = [[NO_CAGE] * n for _ in range(n)]
            for k, (cage, _, _) in reversed(list(enumerate(self.cages))):
                for cell in cage:  # a cell in two cages is drawn in the first
                    labels[cell // n][cell % n] = str(k + 1)
            shown = {label for row in labels for label in row}
            sums = tuple(
                (str(k + 1), total)
                for k, (_, total, _) in enumerate(self.cages)
                if total is not None and str(k + 1) in shown
            )
            return KillerDrawing(tuple(map(tuple, labels)), sums)
        if geometry is None:
            symbols = [[f"-{r}-{c}" for c in range(n)] for r in range(n)]
            for k, members in enumerate(self.regions.values()):
                for cell in members:
                    symbols[cell // n][cell % n] = str(k)
            return JigsawDrawing(tuple(map(tuple, symbols)))
        marked = {cell for unit in self.extra for cell in unit}
        marked.update(_main_diagonal(n) if self.main_diagonal else ())
        marked.update(_anti_diagonal(n) if self.anti_diagonal else ())
        if not marked:
            return None
        return MarkedSudoku(frozenset(marked), "(v): cells on a diagonal or in an extra region")


def cage_range(count: int, n: int, distinct: bool = True) -> tuple[int, int]:
    """The least and greatest total of ``count`` cells of values 1..n (all different, or
    not)."""
    if not distinct:
        return count, count * n
    return count * (count + 1) // 2, count * (2 * n - count + 1) // 2


def _name(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def box_geometry(n: int, regions: Iterable[list[int]]) -> Geometry | None:
    """The box shape whose boxes are exactly ``regions``, or None (irregular regions)."""
    wanted = {frozenset(cells) for cells in regions}
    for box_rows in range(1, n + 1):
        if n % box_rows == 0:
            try:
                geometry = Geometry(box_rows, n // box_rows)
            except SatdokuError:
                continue
            if wanted == {frozenset(box) for box in geometry.boxes}:
                return geometry
    return None


def _main_diagonal(n: int) -> tuple[int, ...]:
    return tuple(i * n + i for i in range(n))


def _anti_diagonal(n: int) -> tuple[int, ...]:
    return tuple(i * n + n - 1 - i for i in range(n))


def cell_index(r: int, c: int, n: int, what: str, lineno: Line) -> int:
    """The number of the cell at 0-based (r, c); a :class:`ParseError` outside the grid."""
    if not (0 <= r < n and 0 <= c < n):
        raise ParseError(f"{what} cell r{r + 1}c{c + 1} is outside the {n}x{n} grid", lineno)
    return r * n + c


def given_value(value: object, size: int, r: int, c: int, lineno: Line) -> int:
    """A given 1..size (a number, or digits in text)."""
    number = integer(value)
    if number is None or not 1 <= number <= size:
        raise ParseError(f"the given at r{r + 1}c{c + 1} is {short(value)}, not 1-{size}", lineno)
    return number


def integer(value: object) -> int | None:
    """``value`` as a whole number when it is one (or its digits as text), else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value)
    return None


def items(value: object, key: str, lineno: Line, kind: type[Any] = dict) -> list[Any]:
    """``value`` when it is a list of ``kind``; a :class:`ParseError` naming ``key`` if not."""
    if not isinstance(value, list) or not all(isinstance(item, kind) for item in value):
        raise ParseError(f"{name(key)} must be a list of {kind.__name__}s", lineno)
    return value


def present(value: object) -> bool:
    """Whether a key's value says something (False, 0, empty lists and empty text do not)."""
    return value not in (None, False, "", 0) and value != [] and value != {}


def name(key: object) -> str:
    """A key as it can stand in a one-line message."""
    text = str(key)
    return text if text.isprintable() and len(text) <= 30 else repr(text)[:30]


def short(value: object) -> str:
    """A value, shortened, for a message."""
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."
