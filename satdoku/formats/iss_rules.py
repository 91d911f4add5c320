"""The rules of an ISS constraint string: one builder per item type, from the item's arguments
to satdoku's rule types (:mod:`satdoku.constraints`, each imported when first read)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.errors import ParseError
from satdoku.formats.iss_grid import Grid
from satdoku.model import Constraint

_CELL_SHAPE = re.compile(r"[Rr].[Cc].")
_DECIMAL_CELL = re.compile(r"[Rr](\d+)[Cc](\d+)")
_SHOWN = 12
"""Characters of a long argument a message shows."""


@dataclass(frozen=True)
class Item:
    """One item of an ISS string (``.Type~arg~arg``): its type, its arguments, the 1-based
    character where the item and each argument start, where it ends (the character after its
    last), and the input line it is on."""

    type: str
    args: tuple[str, ...]
    at: tuple[int, ...]
    end: int
    line: int = 1

    @property
    def label(self) -> str:
        """The item's type as messages name it (``given`` for ``.~R1C1_5``)."""
        return self.type or "given"

    def place(self, k: int | None = None) -> str:
        """``at character N``: where the item (or its argument ``k``) starts; where the item
        ends for an argument it lacks."""
        if k is None:
            return f"at character {self.at[0]}"
        return f"at character {self.at[k + 1] if k < len(self.args) else self.end}"

    def error(self, message: str) -> ParseError:
        return ParseError(message, self.line)

    def found(self, k: int) -> str:
        """``found 'x'`` (shortened when long), or ``found nothing``: argument ``k`` as read."""
        token = self.args[k] if k < len(self.args) else ""
        if not token:
            return "found nothing"
        return f"found {token if len(token) <= _SHOWN else token[:_SHOWN] + '...'!r}"

    def cell(self, grid: Grid, k: int) -> int:
        token = self.args[k] if k < len(self.args) else ""
        cell = grid.cell(token)
        if cell is not None:
            return cell
        decimal = _DECIMAL_CELL.fullmatch(token)
        if _CELL_SHAPE.fullmatch(token) or (
            decimal and not (int(decimal[1]) <= grid.nrows and int(decimal[2]) <= grid.ncols)
        ):
            raise self.error(f"cell {token} {self.place(k)} is outside the {grid.shape} grid")
        hint = " (rows and columns past 9 as a-g: RaC1)" if decimal else ""
        raise self.error(
            f"{self.label}: expected a cell like R1C1{hint} {self.place(k)}, {self.found(k)}"
        )

    def cells(self, grid: Grid, start: int = 0, least: int = 1) -> tuple[int, ...]:
        """The cells of the arguments from ``start`` on; at least ``least`` of them."""
        cells = tuple(self.cell(grid, k) for k in range(start, len(self.args)))
        if len(cells) < least:
            what = "a line" if least == 2 else f"a {self.type}"
            raise self.error(
                f"{self.type} {self.place()}: {what} needs at least {least}"
                f" cell{'s' if least > 1 else ''}, found {len(cells)}"
            )
        return cells

    def number(
        self, k: int, what: str, low: int = 0, high: int | None = None, why: str = ""
    ) -> int:
        """Argument ``k`` as a whole number in ``low..high`` (``why``: the reason for them)."""
        token = self.args[k] if k < len(self.args) else ""
        if not re.fullmatch(r"-?\d+", token):
            raise self.error(f"{self.label}: expected {what} {self.place(k)}, {self.found(k)}")
        value = int(token) if len(token) <= _SHOWN else None
        if value is None or value < low or (high is not None and value > high):
            limit = f"{low}-{high}" if high is not None else f"at least {low}"
            shown = token if value is not None else token[:_SHOWN] + "..."
            noun = what.removeprefix("a ")
            raise self.error(f"{self.label} {noun} {shown} {self.place(k)} is not {limit}{why}")
        return value


Build = Callable[[Item, Grid], Iterable[Constraint]]


def rule(item: Item, module: str, name: str) -> Callable[..., Any]:
    """The rule type (or the function of rules) ``name`` of
    :mod:`satdoku.constraints.{module}`."""
    try:
        found: Callable[..., Any] = getattr(
            importlib.import_module(f"satdoku.constraints.{module}"), name
        )
    except (ImportError, AttributeError):
        raise item.error(
            f"rule {item.type} {item.place()} needs satdoku.constraints.{module}.{name},"
            " which this installation lacks"
        ) from None
    return found


def _line(module: str, name: str) -> Build:
    """A line of at least 2 cells and no argument."""
    return lambda item, grid: [rule(item, module, name)(item.cells(grid, 0, 2))]


def _line_with(module: str, name: str, what: str, default: int | None = None) -> Build:
    """A line after one number (left out, ``default``: a German whisper has no difference)."""

    def build(item: Item, grid: Grid) -> list[Constraint]:
        if default is not None and grid.cell(item.args[0] if item.args else "") is not None:
            return [rule(item, module, name)(item.cells(grid, 0, 2), default)]
        number = item.number(0, what, 1, grid.values)
        return [rule(item, module, name)(item.cells(grid, 1, 2), number)]

    return build


def _entropic(item: Item, grid: Grid) -> list[Constraint]:
    cells = item.cells(grid, 0, 2)
    return [rule(item, "entropic", "Entropic")(cells, grid.values, first=grid.first)]


def _lockout(item: Item, grid: Grid) -> list[Constraint]:
    difference = item.number(0, "a difference", 0, grid.values - 1)
    return [rule(item, "lockout", "Lockout")(item.cells(grid, 1, 2), difference)]


def _sum_line(item: Item, grid: Grid) -> list[Constraint]:
    total = item.number(0, "a total", 1)
    loop = item.args[-1:] == ("LOOP",)
    shown = Item(item.type, item.args[: -1 if loop else None], item.at, item.end, item.line)
    return [rule(item, "sumline", "SumLine")(shown.cells(grid, 1, 2), total, loop)]


def _region_sum(item: Item, grid: Grid) -> list[Constraint]:
    """The line cut where it passes from one box (jigsaw region without boxes) to the next."""
    cells = item.cells(grid, 0, 2)
    areas = grid.boxes or grid.regions
    if not areas:
        return []  # no regions: nothing to compare
    area = {cell: i for i, region in enumerate(areas) for cell in region}
    segments: list[list[int]] = []
    for cell in cells:
        if not segments or area.get(cell) != area.get(segments[-1][-1]):
            segments.append([])
        segments[-1].append(cell)
    return [rule(item, "regionsum", "RegionSumLine")(tuple(map(tuple, segments)))]


def _equal_sum(item: Item, grid: Grid) -> list[Constraint]:
    """Groups of cells separated by ``-`` arguments."""
    groups: list[list[int]] = [[]]
    for k, token in enumerate(item.args):
        if token == "-":
            groups.append([])
        else:
            groups[-1].append(item.cell(grid, k))
    if any(not group for group in groups):
        raise item.error(f"{item.type} {item.place()}: a group of cells is empty")
    return [rule(item, "equalsum", "EqualSum")(tuple(map(tuple, groups)))]


def _cage(item: Item, grid: Grid) -> list[Constraint]:
    cells = item.cells(grid, 1)
    digits, k = grid.digits, len(cells)
    if k > len(digits):
        raise item.error(
            f"{item.type} {item.place()}: {k} cells cannot differ in {digits[0]}-{digits[-1]}"
        )
    low, high = sum(digits[:k]), sum(digits[len(digits) - k :])
    total = (
        None
        if item.args[0] in ("", "0")
        else item.number(0, "a total", low, high, f" for {k} cell{'s' if k > 1 else ''}")
    )
    return [rule(item, "cage", "Cage")(cells, total)]


def _arrow(item: Item, grid: Grid) -> list[Constraint]:
    cells = item.cells(grid, 0, 2)
    return [rule(item, "arrow", "Arrow")(cells[:1], cells[1:])]


def _pill_arrow(item: Item, grid: Grid) -> list[Constraint]:
    """The pill's cells (the first 2 or 3) are read in reading order, most significant first."""
    size = item.number(0, "a pill size", 2, 3)
    cells = item.cells(grid, 1, size + 1)
    return [rule(item, "arrow", "Arrow")(tuple(sorted(cells[:size])), cells[size:])]


def _double_arrow(item: Item, grid: Grid) -> list[Constraint]:
    return [rule(item, "arrow", "DoubleArrow")(item.cells(grid, 0, 3))]


def _little_killer(item: Item, grid: Grid) -> list[Constraint]:
    cells = grid.diagonal_from(item.cell(grid, 1))
    if not cells:
        raise item.error(f"{item.type}: no diagonal starts at {item.args[1]} {item.place(1)}")
    total = item.number(0, "a total", len(cells) * grid.first, len(cells) * grid.digits[-1])
    return [rule(item, "littlekiller", "LittleKiller")(cells, total)]


def _outside_line(item: Item, grid: Grid, k: int, forward: bool = True) -> tuple[int, ...]:
    cells = grid.line(item.args[k] if k < len(item.args) else "", forward)
    if cells is None:
        raise item.error(
            f"{item.type}: expected a row or column like R1 or C1 {item.place(k)}, {item.found(k)}"
        )
    return cells


def _sandwich(item: Item, grid: Grid) -> list[Constraint]:
    total = item.number(0, "a total", 0, sum(grid.digits[1:-1]))
    return [rule(item, "sandwich", "Sandwich")(_outside_line(item, grid, 1), total)]


def _both_ends(module: str, name: str, most: Callable[[int, int], int]) -> Build:
    """A clue at either end of a row or column: ``.Type~R1~from-left~from-right``; a clue is
    1 to ``most(cells of the line, values)``."""

    def build(item: Item, grid: Grid) -> Iterator[Constraint]:
        for k, forward in ((1, True), (2, False)):
            if k < len(item.args) and item.args[k]:
                line = _outside_line(item, grid, 0, forward)
                clue = item.number(k, "a clue", 1, most(len(line), grid.values))
                yield rule(item, module, name)(line, clue)

    return build


def _quad(item: Item, grid: Grid) -> list[Constraint]:
    corner = item.cell(grid, 0)
    row, col = divmod(corner, grid.ncols)
    if row + 1 >= grid.nrows or col + 1 >= grid.ncols:
        raise item.error(f"{item.type}: no 2x2 square has its top left {item.place(0)}")
    cells = (corner, corner + 1, corner + grid.ncols, corner + grid.ncols + 1)
    low, high = grid.digits[0], grid.digits[-1]
    values = tuple(item.number(k, "a value", low, high) for k in range(1, len(item.args)))
    return [rule(item, "quadruple", "Quadruple")(cells, values)]


def pairs(item: Item, grid: Grid) -> list[tuple[int, int]]:
    """Each two orthogonal neighbours among the item's cells, the earlier one first."""
    cells = item.cells(grid, 0, 2)
    found = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :] if grid.adjacent(a, b)]
    if not found:
        raise item.error(f"{item.type} {item.place()}: no two of its cells are neighbours")
    return found


def _pair_rule(module: str, name: str, *extra: object) -> Build:
    return lambda item, grid: [rule(item, module, name)(a, b, *extra) for a, b in pairs(item, grid)]


def _all_different(item: Item, grid: Grid) -> list[Constraint]:
    return [AllDifferent(item.cells(grid), "all different", "unit")]


RULES: dict[str, Build] = {
    "Thermo": _line("thermometer", "Thermometer"),
    "Whisper": _line_with("whisper", "Whisper", "a difference", default=5),
    "Renban": _line("renban", "Renban"),
    "Between": _line("between", "Between"),
    "Lockout": _lockout,
    "Palindrome": _line("palindrome", "Palindrome"),
    "Zipper": _line("zipper", "Zipper"),
    "Entropic": _entropic,
    "Modular": _line_with("modular", "Modular", "a modulus"),
    "RegionSumLine": _region_sum,
    "SumLine": _sum_line,
    "EqualSum": _equal_sum,
    "Cage": _cage,
    "Arrow": _arrow,
    "PillArrow": _pill_arrow,
    "DoubleArrow": _double_arrow,
    "LittleKiller": _little_killer,
    "Sandwich": _sandwich,
    "XSum": _both_ends(
        "xsum", "XSum", lambda cells, values: sum(range(values - cells + 1, values + 1))
    ),
    "Skyscraper": _both_ends("skyscraper", "Skyscraper", lambda cells, values: cells),
    "Quad": _quad,
    "WhiteDot": _pair_rule("kropki", "Kropki", "white"),
    "BlackDot": _pair_rule("kropki", "Kropki", "black"),
    "X": _pair_rule("xv", "XV", 10),
    "V": _pair_rule("xv", "XV", 5),
    "GreaterThan": _pair_rule("greaterthan", "GreaterThan"),
    "AllDifferent": _all_different,
}
"""ISS item type -> how its rules are built."""
