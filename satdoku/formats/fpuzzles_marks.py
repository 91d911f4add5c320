"""The f-puzzles keys of marks between and in cells and of grid-wide rules: dots, letters,
quadruples, even, odd, minimum and maximum cells, diagonals, extra regions, anti-knight,
anti-king, disjoint groups, the negative rules, and the drawings (``cage``, ``line``, ...).

What f-puzzles means by them (its Solve button's solver reads them the same way): a
``difference`` dot without a value is a white Kropki dot (values 1 apart), a ``ratio`` dot
without one a black dot (one value twice the other); ``nonconsecutive`` says neighbours
without a dot are not consecutive and ``negative: ["ratio"]`` that they are not one twice
the other (a dot of either colour exempts a pair from both); ``negative: ["xv"]`` says
neighbours without a letter add up to neither 5 nor 10. A minimum (maximum) cell is less
(greater) than each orthogonal neighbour that is not a minimum (maximum) cell itself.
Disjoint groups are the cells at the same place, in reading order, of every region. A
drawing is skipped when a solver extension exported it beside the rule it draws
(``fromConstraint: "Renban"`` beside ``renban``; a line marked ``isNewConstraint`` when a
rule read has the same line), and refused otherwise: its rule lives only in the rules
text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.constraints.antichess import anti_king, anti_knight
from satdoku.constraints.difference import NotConsecutive
from satdoku.constraints.greaterthan import GreaterThan
from satdoku.constraints.kropki import KROPKI_COLOURS, Kropki, NoKropki
from satdoku.constraints.pairs import neighbour_pairs
from satdoku.constraints.quadruple import Quadruple
from satdoku.constraints.values import Values
from satdoku.constraints.xv import XV, NoXV
from satdoku.formats.fpuzzles_reading import Reading
from satdoku.formats.puzzlespec import integer, items, short

_META_TAG = re.compile(r"[a-z]+: ")
_LETTERS = {"X": 10, "V": 5}
_DRAWN = {"germanwhispers": "whispers", "dutchwhispers": "whispers", "entropic": "entropicline"}
"""Names of rules in drawings whose key is spelt otherwise."""


def _dots(colour: str, default: int) -> Callable[[Reading, str, Any], None]:
    """Kropki dots: read when their value is the dot's own (1 white, 2 black)."""

    def read(reading: Reading, key: str, value: object) -> None:
        for what, item in reading.each(key, value):
            a, b = reading.pair(item.get("cells"), what)
            reading.dots.add((a, b))
            number = item.get("value")
            if number in (None, "") or integer(number) == default:
                reading.add(Kropki(a, b, colour))
            else:
                reading.spec.note(f"a {key} dot of {short(number)}")

    return read


def _letters(reading: Reading, key: str, value: object) -> None:
    for what, item in reading.each(key, value):
        a, b = reading.pair(item.get("cells"), what)
        letter = item.get("value")
        if letter in (None, ""):
            continue
        total = _LETTERS.get(letter.upper()) if isinstance(letter, str) else None
        if total is None:
            reading.spec.note(f"an xv letter {short(letter)}")
            continue
        reading.letters.add((a, b))
        reading.add(XV(a, b, total))


def _quadruples(reading: Reading, key: str, value: object) -> None:
    n = reading.size
    for what, item in reading.each(key, value):
        cells = tuple(sorted(reading.cells(item.get("cells"), what)))
        top = cells[0]
        if cells != (top, top + 1, top + n, top + n + 1) or top % n == n - 1:
            raise reading.error(f"{what}: expected the 4 cells of a 2x2 square")
        wanted = item.get("values")
        if not isinstance(wanted, list) or len(wanted) > 4:
            raise reading.error(f"{what}: expected up to 4 values, found {short(wanted)}")
        values = tuple(reading.number(v, what, "value", 1, n) for v in wanted)
        if values:
            reading.add(Quadruple(cells, values))


def _parity(make: Callable[[int, int], Values]) -> Callable[[Reading, str, Any], None]:
    def read(reading: Reading, key: str, value: object) -> None:
        for what, item in reading.each(key, value):
            reading.add(make(reading.cell(item.get("cell"), what), reading.size))

    return read


def _extremes(reading: Reading, key: str, value: object) -> None:
    """Each minimum (maximum) cell against its neighbours that are not minimum (maximum)."""
    n = reading.size
    marked = [reading.cell(item.get("cell"), what) for what, item in reading.each(key, value)]
    for cell in dict.fromkeys(marked):
        r, c = divmod(cell, n)
        for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
            other = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and other not in marked:
                pair = (other, cell) if key == "minimum" else (cell, other)
                reading.add(GreaterThan(*pair))


def _diagonal(reading: Reading, key: str, value: object) -> None:
    reading.switch(key, value)
    if key == "diagonal+":
        reading.spec.anti_diagonal = True
    else:
        reading.spec.main_diagonal = True


def _extra_regions(reading: Reading, key: str, value: object) -> None:
    for what, region in reading.each(key, value):
        reading.spec.extra.append(reading.cells(region.get("cells"), what))


def _chess(key: str) -> Callable[[Reading, str, Any], None]:
    moves = anti_knight if key == "antiknight" else anti_king

    def read(reading: Reading, key: str, value: object) -> None:
        reading.switch(key, value)
        reading.add(*moves(reading.size, reading.size))

    return read


def _disjoint_groups(reading: Reading, key: str, value: object) -> None:
    reading.switch(key, value)
    regions = list(reading.spec.regions.values())
    for k in range(max(map(len, regions), default=0)):
        group = tuple(region[k] for region in regions if len(region) > k)
        reading.add(AllDifferent(group, f"disjoint set {k + 1}", "disjoint-set"))


def _nonconsecutive(reading: Reading, key: str, value: object) -> None:
    reading.switch(key, value)
    reading.strict.add("white")


def _negative(reading: Reading, key: str, value: object) -> None:
    for rule in items(value, key, reading.lineno, str):
        if rule in ("ratio", "xv"):
            reading.strict.add("black" if rule == "ratio" else "xv")
        else:
            reading.spec.note(f"negative {short(rule)}")


def _drawn_rule(item: dict[str, Any]) -> str | None:
    """The key of the rule a drawing says it stands for (``fromConstraint``), or None."""
    source = item.get("fromConstraint")
    if isinstance(source, str) and source:
        key = source.lower().replace(" ", "")
        return _DRAWN.get(key, key)
    return "lockout" if item.get("isLLConstraint") else None


def _metadata(item: dict[str, Any]) -> bool:
    """Whether a cosmetic cage carries no rule: no cells, or a SudokuPad metadata tag
    (``title: ...``, ``rules: ...``) as its value."""
    value = item.get("value")
    return not item.get("cells") or (isinstance(value, str) and _META_TAG.match(value) is not None)


def _drawings(reading: Reading, key: str, value: object) -> None:
    """Refused, but for drawings of rules read, metadata cages and empty text."""
    for what, item in reading.each(key, value):
        drawn = _drawn_rule(item)
        if drawn is not None and drawn in reading.keys:
            continue
        if (key == "cage" and _metadata(item)) or (key == "text" and not item.get("value")):
            continue
        if key == "line" and item.get("isNewConstraint"):
            reading.drawn.extend(reading.lines(item, what, least=1, rule=False))
            continue
        reading.spec.note(f"cosmetic {key}")


def pencil_marks(reading: Reading, marks: dict[int, object]) -> None:
    """Given pencil marks limit a cell that is not a given to their values (one value is a
    given)."""
    n = reading.size
    for cell, values in marks.items():
        what = f"the given pencil marks of r{cell // n + 1}c{cell % n + 1}"
        if not isinstance(values, list):
            raise reading.error(f"{what} must be a list of values, not {short(values)}")
        allowed = sorted({reading.number(v, what, "value", 1, n) for v in values})
        if reading.spec.givens[cell]:
            continue
        if len(allowed) == 1:
            reading.spec.givens[cell] = allowed[0]
        else:
            reading.add(Values(cell, tuple(allowed)))


def finish(reading: Reading) -> None:
    """What needs every item read: an extension's first drawings of lines (refused unless
    each is a line of a rule read), and the negative rules (each pair of neighbours without a
    dot, without a letter, gets the relations that are off)."""
    n = reading.size
    if not all(line in reading.traced or line[::-1] in reading.traced for line in reading.drawn):
        reading.spec.note("cosmetic line")
    colours = tuple(c for c in KROPKI_COLOURS if c in reading.strict)
    for a, b in neighbour_pairs(n, n):
        if colours and (a, b) not in reading.dots:
            reading.add(NotConsecutive(a, b) if colours == ("white",) else NoKropki(a, b, colours))
        if "xv" in reading.strict and (a, b) not in reading.letters:
            reading.add(NoXV(a, b))


MARKS: dict[str, Callable[[Reading, str, Any], None]] = {
    "difference": _dots("white", 1),
    "ratio": _dots("black", 2),
    "xv": _letters,
    "quadruple": _quadruples,
    "even": _parity(Values.even),
    "odd": _parity(Values.odd),
    "minimum": _extremes,
    "maximum": _extremes,
    "diagonal+": _diagonal,
    "diagonal-": _diagonal,
    "extraregion": _extra_regions,
    "antiknight": _chess("antiknight"),
    "antiking": _chess("antiking"),
    "disjointgroups": _disjoint_groups,
    "nonconsecutive": _nonconsecutive,
    "negative": _negative,
    **dict.fromkeys(("cage", "line", "circle", "rectangle", "text"), _drawings),
}
"""f-puzzles key -> its reader, for the keys of this module."""
