"""The rules of f-puzzles JSON: one reader per top-level key (:data:`READERS`), from its items
to satdoku's rule types; this module holds the cages, lines, arrows and clues outside the
grid, :mod:`satdoku.formats.fpuzzles_marks` the dots, letters, marked cells, grid-wide rules
and drawings. docs/links.md tables each key and the rule it becomes.

What f-puzzles means by its items (its Solve button's solver reads them the same way): a
thermometer's bulb is its line's first cell; an arrow's ``cells`` are its circle (or a pill
of 2-3 cells, read in reading order, most significant first) and each of its ``lines``
starts in the circle, the rest of the line being a shaft that adds up to it; whispers keep
neighbours at least ``value`` apart (N/2 rounded up without one), lockout ends at least N/2
rounded down; a little killer's ``cell`` is its clue outside the grid and ``direction``
(UR, UL, DR, DL) the way along the diagonal; a sandwich, X-sum or skyscraper ``cell`` sits
outside the grid at the end of its row or column (``R0C3`` above column 3, ``R3C10`` right
of row 3 of a 9x9). A clue without a value says nothing and is skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from satdoku.constraints.arrow import Arrow, DoubleArrow
from satdoku.constraints.between import Between
from satdoku.constraints.entropic import Entropic
from satdoku.constraints.littlekiller import LittleKiller
from satdoku.constraints.lockout import Lockout
from satdoku.constraints.modular import Modular
from satdoku.constraints.palindrome import Palindrome
from satdoku.constraints.regionsum import RegionSumLine
from satdoku.constraints.renban import Renban
from satdoku.constraints.sandwich import Sandwich
from satdoku.constraints.skyscraper import Skyscraper
from satdoku.constraints.thermometer import SlowThermometer, Thermometer
from satdoku.constraints.whisper import Whisper
from satdoku.constraints.xsum import XSum
from satdoku.constraints.zipper import Zipper
from satdoku.formats.fpuzzles_marks import MARKS
from satdoku.formats.fpuzzles_reading import Reading
from satdoku.formats.puzzlespec import short
from satdoku.model import Constraint

Read = Callable[[Reading, str, Any], None]
"""Reads a key's value into the reading (adds rules, notes what is unsupported)."""
Make = Callable[[Reading, tuple[int, ...], dict[str, Any], str], Constraint | None]
"""Makes the rule of one line: (reading, its cells, its item, the item's name)."""

_DIRECTIONS = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}


def _lines(make: Make, least: int = 2) -> Read:
    """A key of items with ``lines``: one rule per line."""

    def read(reading: Reading, key: str, value: object) -> None:
        for what, item in reading.each(key, value):
            for cells in reading.lines(item, what, least):
                rule = make(reading, cells, item, what)
                if rule is not None:
                    reading.add(rule)

    return read


def _plain(rule: Callable[[tuple[int, ...]], Constraint]) -> Make:
    return lambda reading, cells, item, what: rule(cells)


def _whisper(reading: Reading, cells: tuple[int, ...], item: dict[str, Any], what: str) -> Whisper:
    n = reading.size
    difference = reading.number(item.get("value"), what, "difference", 1, n - 1, (n + 1) // 2)
    return Whisper(cells, difference)


def _lockout(reading: Reading, cells: tuple[int, ...], item: dict[str, Any], what: str) -> Lockout:
    return Lockout(cells, reading.size // 2)


def _entropic(
    reading: Reading, cells: tuple[int, ...], item: dict[str, Any], what: str
) -> Entropic | None:
    n = reading.size
    if n % 3:
        reading.spec.note(f"an entropic line on a {n}x{n} grid (f-puzzles' thirds of 1-{n})")
        return None
    return Entropic(cells, n)


def _modular(reading: Reading, cells: tuple[int, ...], item: dict[str, Any], what: str) -> Modular:
    return Modular(cells, 3)


def _region_sum(
    reading: Reading, cells: tuple[int, ...], item: dict[str, Any], what: str
) -> RegionSumLine:
    """The line cut where it passes from one region (box) into another."""
    area = {cell: label for label, members in reading.spec.regions.items() for cell in members}
    segments: list[list[int]] = []
    for cell in cells:
        if not segments or area.get(cell) != area.get(segments[-1][-1]):
            segments.append([])
        segments[-1].append(cell)
    return RegionSumLine(tuple(map(tuple, segments)))


def _arrows(reading: Reading, key: str, value: object) -> None:
    for what, item in reading.each(key, value):
        circle = tuple(sorted(reading.cells(item.get("cells"), what)))
        if len(circle) > 3:
            reading.spec.note(f"an arrow with a pill of {len(circle)} cells")
            continue
        for cells in reading.lines(item, what):
            reading.add(Arrow(circle, cells[1:]))


def _killer_cages(reading: Reading, key: str, value: object) -> None:
    spec = reading.spec
    for what, cage in reading.each(key, value):
        cells = reading.cells(cage.get("cells"), what)
        spec.cages.append((cells, spec.cage_total(cage.get("value"), "killer cage"), True))


def _little_killers(reading: Reading, key: str, value: object) -> None:
    """The diagonal from the clue (one step in from outside the grid) to the far edge."""
    n = reading.size
    for what, item in reading.each(key, value):
        total = reading.clue(item.get("value"), "little killer")
        if total is None:
            continue
        direction = item.get("direction")
        step = _DIRECTIONS.get(direction) if isinstance(direction, str) else None
        if step is None:
            raise reading.error(f"{what}: direction {short(direction)} is not UR, UL, DR or DL")
        r, c = reading.position(item.get("cell"), what)
        if not (0 <= r < n and 0 <= c < n):
            r, c = r + step[0], c + step[1]
        cells = []
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + step[0], c + step[1]
        if not cells:
            raise reading.error(f"{what}: its diagonal misses the grid")
        if not len(cells) <= total <= len(cells) * n:
            raise reading.error(
                f"{what}: total {total} is out of range {len(cells)}-{len(cells) * n}"
                f" for its {len(cells)} cells"
            )
        reading.add(LittleKiller(tuple(cells), total))


def _outside(
    rule: Callable[[tuple[int, ...], int], Constraint],
    noun: str,
    limits: Callable[[int], tuple[int, int]],
) -> Read:
    """Clues outside the grid at the end of a row or column (``cell``, ``value``)."""

    def read(reading: Reading, key: str, value: object) -> None:
        low, high = limits(reading.size)
        for what, item in reading.each(key, value):
            total = reading.clue(item.get("value"), noun)
            if total is None:
                continue
            cells = reading.outside(item.get("cell"), what)
            if not low <= total <= high:
                raise reading.error(f"{what}: {noun} {total} is out of range {low}-{high}")
            reading.add(rule(cells, total))

    return read


def _sandwich_limits(n: int) -> tuple[int, int]:
    return 0, n * (n + 1) // 2 - 1 - n


READERS: dict[str, Read] = {
    "killercage": _killer_cages,
    "arrow": _arrows,
    "doublearrow": _lines(_plain(DoubleArrow), least=3),
    "thermometer": _lines(_plain(Thermometer)),
    "slowthermometer": _lines(_plain(SlowThermometer)),
    "palindrome": _lines(_plain(Palindrome)),
    "renban": _lines(_plain(Renban)),
    "whispers": _lines(_whisper),
    "betweenline": _lines(_plain(Between)),
    "lockout": _lines(_lockout),
    "regionsumline": _lines(_region_sum),
    "entropicline": _lines(_entropic),
    "modularline": _lines(_modular),
    "zipperline": _lines(_plain(Zipper)),
    "littlekillersum": _little_killers,
    "sandwichsum": _outside(Sandwich, "sandwich sum", _sandwich_limits),
    "xsum": _outside(XSum, "x-sum", lambda n: (1, n * (n + 1) // 2)),
    "skyscraper": _outside(Skyscraper, "skyscraper", lambda n: (1, n)),
    **MARKS,
}
"""f-puzzles key -> its reader. A key not here is refused by name."""
