"""The rules of f-puzzles JSON, one by one: a small puzzle read from f-puzzles JSON has
exactly the grids that a check written here keeps of every completion of its givens (found
here by brute force), and the same puzzle written as an ISS string is read to the same grids;
real ISS puzzles written as f-puzzles JSON, and real f-puzzles links, reach their stored
solutions; a bad item is one ParseError naming it, and a rule satdoku has no type for is
refused by name."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from itertools import pairwise
from typing import Any

import pytest

import satdoku
from satdoku.errors import ParseError
from satdoku.formats.iss import parse_iss
from satdoku.formats.links import parse_fpuzzles, parse_link
from satdoku.formats.lzstring import compress_base64
from satdoku.model import Puzzle
from satdoku.solver import uniqueness
from satdoku.status import Status
from satdoku.verify import violations

from .cli import assert_one_error_line
from .cli import satdoku as run_satdoku
from .conftest import shared_file

Grid = tuple[int, ...]
Check = Callable[[Grid], bool]
Relation = Callable[[int, int], bool]

SIX = ("123456", "456123", "231564", "564231", "312645", "645312")
"""A 6x6 grid (boxes of 2 rows x 3 columns, as f-puzzles and ISS draw them); the cases on
6x6 give its first two rows, which leaves 1408 completions (a 4x4 has 288)."""
FOUR = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
"""A 4x4 grid whose neighbours give the dots and letters of the negative-rule cases."""


# -- the grids a case keeps, found without satdoku


@cache
def completions(n: int) -> tuple[Grid, ...]:
    """Every n x n grid (4x4), or every completion of the first two rows of :data:`SIX`."""
    rows, cols = (2, 2) if n == 4 else (2, 3)
    grid = [0] * (n * n)
    if n == 6:
        grid[:12] = [int(ch) for ch in SIX[0] + SIX[1]]
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [
        [(top + dr) * n + left + dc for dr in range(rows) for dc in range(cols)]
        for top in range(0, n, rows)
        for left in range(0, n, cols)
    ]
    peers = [{p for u in units if i in u for p in u} - {i} for i in range(n * n)]
    found: list[Grid] = []

    def fill(i: int) -> None:
        if i == n * n:
            found.append(tuple(grid))
        elif grid[i]:
            fill(i + 1)
        else:
            for v in range(1, n + 1):
                if all(grid[p] != v for p in peers[i]):
                    grid[i] = v
                    fill(i + 1)
                    grid[i] = 0

    fill(0)
    return tuple(found)


def cell(ref: str, n: int) -> int:
    m = re.fullmatch(r"R(\d+)C(\d+)", ref)
    assert m is not None
    return (int(m.group(1)) - 1) * n + int(m.group(2)) - 1


def ref(index: int, n: int = 4) -> str:
    return f"R{index // n + 1}C{index % n + 1}"


def at(g: Grid, refs: str, n: int) -> list[int]:
    """The values of space-separated cells (``"R1C1 R1C2"``)."""
    return [g[cell(r, n)] for r in refs.split()]


def line(refs: str) -> dict[str, Any]:
    return {"lines": [refs.split()]}


def neighbours(n: int) -> Iterator[tuple[int, int]]:
    for a in range(n * n):
        if a % n < n - 1:
            yield a, a + 1
        if a + n < n * n:
            yield a, a + n


def rising(vals: list[int]) -> bool:
    return all(a < b for a, b in pairwise(vals))


def apart(vals: list[int], gap: int) -> bool:
    return all(abs(a - b) >= gap for a, b in pairwise(vals))


def classes(vals: list[int], group: Callable[[int], int]) -> bool:
    return all(
        len({group(v) for v in vals[k : k + 3]}) == len(vals[k : k + 3]) for k in range(len(vals))
    )


def seen(vals: list[int]) -> int:
    return sum(1 for k, v in enumerate(vals) if all(v > w for w in vals[:k]))


def sandwich(vals: list[int], n: int) -> int:
    a, b = sorted((vals.index(1), vals.index(n)))
    return sum(vals[a + 1 : b])


def consecutive(v: int, w: int) -> bool:
    return abs(v - w) == 1


def double(v: int, w: int) -> bool:
    return v == 2 * w or w == 2 * v


def five_or_ten(v: int, w: int) -> bool:
    return v + w in (5, 10)


def marked(relation: Relation) -> list[tuple[int, int]]:
    """The neighbours of :data:`FOUR` whose values have ``relation``."""
    return [(a, b) for a, b in neighbours(4) if relation(FOUR[a], FOUR[b])]


def marks(relation: Relation, **extra: str) -> list[dict[str, Any]]:
    return [{"cells": [ref(a), ref(b)], **extra} for a, b in marked(relation)]


def iss_marks(kind: str, relation: Relation) -> str:
    return "".join(f".{kind}~{ref(a)}~{ref(b)}" for a, b in marked(relation))


def strict(g: Grid, kept: list[tuple[Relation, Relation]], banned: list[Relation]) -> bool:
    """Each (relation of a mark, relation it demands) holds where :data:`FOUR` has the mark
    (the first that does), and other neighbours have none of ``banned``."""
    for a, b in neighbours(4):
        mark = next((demand for has, demand in kept if has(FOUR[a], FOUR[b])), None)
        if mark is not None and not mark(g[a], g[b]):
            return False
        if mark is None and any(r(g[a], g[b]) for r in banned):
            return False
    return True


def not_consecutive_double(v: int, w: int) -> bool:
    return double(v, w) and not consecutive(v, w)


def five(v: int, w: int) -> bool:
    return v + w == 5


# -- the cases: (name, size, f-puzzles keys, the check of a grid, the same rules in ISS or None)

Case = tuple[str, int, dict[str, Any], Check, str | None]
CASES: list[Case] = [
    ("thermometer, two lines from one bulb", 4,
     {"thermometer": [line("R1C1 R1C2 R2C2"),
                      {"lines": [["R4C4", "R3C4", "R3C3"], ["R4C4", "R4C3"]]}]},
     lambda g: rising(at(g, "R1C1 R1C2 R2C2", 4)) and rising(at(g, "R4C4 R3C4 R3C3", 4))
     and rising(at(g, "R4C4 R4C3", 4)),
     ".Thermo~R1C1~R1C2~R2C2.Thermo~R4C4~R3C4~R3C3.Thermo~R4C4~R4C3"),
    ("slowthermometer", 4, {"slowthermometer": [line("R1C1 R2C2 R3C3 R4C4 R4C3")]},
     lambda g: all(a <= b for a, b in pairwise(at(g, "R1C1 R2C2 R3C3 R4C4 R4C3", 4))), None),
    ("arrow, a circle with two shafts", 4,
     {"arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R2C2", "R3C3"], ["R1C1", "R4C2"]]}]},
     lambda g: g[0] == sum(at(g, "R2C2 R3C3", 4)) == g[cell("R4C2", 4)],
     ".Arrow~R1C1~R2C2~R3C3.Arrow~R1C1~R4C2"),
    ("arrow, a pill of two cells listed right to left", 6,
     {"arrow": [{"cells": ["R3C2", "R3C1"], "lines": [["R3C2", "R4C2", "R4C3", "R5C3", "R5C4", "R6C4"]]}]},
     lambda g: 10 * g[12] + g[13] == sum(at(g, "R4C2 R4C3 R5C3 R5C4 R6C4", 6)),
     ".PillArrow~2~R3C1~R3C2~R4C2~R4C3~R5C3~R5C4~R6C4"),
    ("doublearrow", 4, {"doublearrow": [line("R1C1 R2C2 R2C3 R1C4")]},
     lambda g: sum(at(g, "R1C1 R1C4", 4)) == sum(at(g, "R2C2 R2C3", 4)),
     ".DoubleArrow~R1C1~R2C2~R2C3~R1C4"),
    ("whispers, by default N/2 rounded up apart, and 2 apart", 6,
     {"whispers": [line("R3C1 R4C1 R5C2"), {**line("R5C6 R6C5 R5C4"), "value": "2"}]},
     lambda g: apart(at(g, "R3C1 R4C1 R5C2", 6), 3) and apart(at(g, "R5C6 R6C5 R5C4", 6), 2),
     ".Whisper~3~R3C1~R4C1~R5C2.Whisper~2~R5C6~R6C5~R5C4"),
    ("renban", 4, {"renban": [line("R1C1 R2C2 R3C1")]},
     lambda g: (lambda v: len(set(v)) == 3 and max(v) - min(v) == 2)(at(g, "R1C1 R2C2 R3C1", 4)),
     ".Renban~R1C1~R2C2~R3C1"),
    ("betweenline", 4, {"betweenline": [line("R1C1 R2C2 R3C2 R4C1")]},
     lambda g: (lambda v: all(min(v[0], v[3]) < x < max(v[0], v[3]) for x in v[1:3]))(
         at(g, "R1C1 R2C2 R3C2 R4C1", 4)),
     ".Between~R1C1~R2C2~R3C2~R4C1"),
    ("lockout, ends N/2 rounded down apart", 6, {"lockout": [line("R3C1 R4C2 R5C3 R6C2")]},
     lambda g: (lambda v: abs(v[0] - v[3]) >= 3 and all(not min(v[0], v[3]) <= x <= max(v[0], v[3])
                                                         for x in v[1:3]))(at(g, "R3C1 R4C2 R5C3 R6C2", 6)),
     ".Lockout~3~R3C1~R4C2~R5C3~R6C2"),
    ("palindrome", 4, {"palindrome": [line("R1C1 R2C2 R3C3 R4C2")]},
     lambda g: (lambda v: v == v[::-1])(at(g, "R1C1 R2C2 R3C3 R4C2", 4)),
     ".Palindrome~R1C1~R2C2~R3C3~R4C2"),
    ("zipperline, odd and even", 6,
     {"zipperline": [line("R3C1 R3C2 R4C3"), line("R5C1 R6C2 R5C3 R6C4")]},
     lambda g: g[12] + g[20] == g[13] and g[24] + g[33] == g[31] + g[26],
     ".Zipper~R3C1~R3C2~R4C3.Zipper~R5C1~R6C2~R5C3~R6C4"),
    ("entropicline, thirds of 1-6", 6, {"entropicline": [line("R3C1 R4C2 R3C3 R4C4 R5C4")]},
     lambda g: classes(at(g, "R3C1 R4C2 R3C3 R4C4 R5C4", 6), lambda v: (v - 1) // 2),
     ".Entropic~R3C1~R4C2~R3C3~R4C4~R5C4"),
    ("modularline, residues modulo 3", 6, {"modularline": [line("R3C1 R4C2 R3C3 R4C4 R5C4")]},
     lambda g: classes(at(g, "R3C1 R4C2 R3C3 R4C4 R5C4", 6), lambda v: v % 3),
     ".Modular~3~R3C1~R4C2~R3C3~R4C4~R5C4"),
    ("regionsumline, cut where it leaves a box", 6,
     {"regionsumline": [line("R3C2 R3C3 R3C4 R4C4 R5C4 R6C4")]},
     lambda g: sum(at(g, "R3C2 R3C3", 6)) == sum(at(g, "R3C4 R4C4", 6)) == sum(at(g, "R5C4 R6C4", 6)),
     ".RegionSumLine~R3C2~R3C3~R3C4~R4C4~R5C4~R6C4"),
    ("killercage, with and without a total", 4,
     {"killercage": [{"cells": ["R1C1", "R2C1", "R2C2"], "value": "6"}, {"cells": ["R3C3", "R4C4"]}]},
     lambda g: sum(at(g, "R1C1 R2C1 R2C2", 4)) == 6, ".Cage~6~R1C1~R2C1~R2C2.Cage~~R3C3~R4C4"),
    ("littlekillersum, clues beside three sides, one without a value", 4,
     {"littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "7"},
                          {"cell": "R5C2", "direction": "UR", "value": "5"},
                          {"cell": "R2C5", "direction": "UL", "value": "3"},
                          {"cell": "R3C0", "direction": "UR"}]},
     lambda g: sum(at(g, "R1C2 R2C3 R3C4", 4)) == 7 and g[14] + g[11] == 5 and g[3] == 3, None),
    ("littlekillersum, the diagonals ISS writes", 4,
     {"littlekillersum": [{"cell": "R0C0", "direction": "DR", "value": "10"},
                          {"cell": "R0C4", "direction": "DL", "value": "6"}]},
     lambda g: sum(g[0::5]) == 10 and sum(at(g, "R1C3 R2C2 R3C1", 4)) == 6,
     ".LittleKiller~10~R1C1.LittleKiller~6~R1C3"),
    ("sandwichsum, above a column and right of a row", 6,
     {"sandwichsum": [{"cell": "R0C3", "value": "5"}, {"cell": "R4C7", "value": "2"},
                      {"cell": "R5C0"}]},
     lambda g: sandwich(list(g[2::6]), 6) == 5 and sandwich(list(g[18:24]), 6) == 2,
     ".Sandwich~5~C3.Sandwich~2~R4"),
    ("xsum, from the top and from the right", 4,
     {"xsum": [{"cell": "R0C2", "value": "6"}, {"cell": "R3C5", "value": "8"}]},
     lambda g: (lambda col, row: sum(col[: col[0]]) == 6 and sum(row[: row[0]]) == 8)(
         list(g[1::4]), list(g[8:12])[::-1]),
     ".XSum~C2~6~.XSum~R3~~8"),
    ("skyscraper, from below and from the left", 4,
     {"skyscraper": [{"cell": "R5C1", "value": "3"}, {"cell": "R2C0", "value": "2"}]},
     lambda g: seen(list(g[0::4])[::-1]) == 3 and seen(list(g[4:8])) == 2,
     ".Skyscraper~C1~~3.Skyscraper~R2~2~"),
    ("quadruple", 4, {"quadruple": [{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "values": [1, 2]}]},
     lambda g: {1, 2} <= set(at(g, "R2C2 R2C3 R3C2 R3C3", 4)), ".Quad~R2C2~1~2"),
    ("difference and ratio dots", 4,
     {"difference": [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R2C2", "R3C2"], "value": "1"}],
      "ratio": [{"cells": ["R1C1", "R2C1"], "value": "2"}]},
     lambda g: consecutive(g[0], g[1]) and consecutive(g[5], g[9]) and double(g[0], g[4]),
     ".WhiteDot~R1C1~R1C2.WhiteDot~R2C2~R3C2.BlackDot~R1C1~R2C1"),
    ("nonconsecutive beside white dots", 4,
     {"nonconsecutive": True, "difference": marks(consecutive)},
     lambda g: strict(g, [(consecutive, consecutive)], [consecutive]), None),
    ("negative ratio beside black dots", 4, {"negative": ["ratio"], "ratio": marks(double)},
     lambda g: strict(g, [(double, double)], [double]), None),
    ("nonconsecutive and negative ratio: a dot of either colour exempts its pair", 4,
     {"nonconsecutive": True, "negative": ["ratio"], "difference": marks(consecutive),
      "ratio": marks(not_consecutive_double)},
     lambda g: strict(g, [(consecutive, consecutive), (double, double)], [consecutive, double]),
     iss_marks("WhiteDot", consecutive) + iss_marks("BlackDot", not_consecutive_double)
     + ".StrictKropki"),
    ("xv letters, one without a letter", 6,
     {"xv": [{"cells": ["R3C1", "R3C2"], "value": "X"}, {"cells": ["R4C1", "R5C1"], "value": "v"},
             {"cells": ["R1C5", "R1C6"]}]},
     lambda g: g[12] + g[13] == 10 and g[18] + g[24] == 5, ".X~R3C1~R3C2.V~R4C1~R5C1"),
    ("negative xv beside V letters", 4, {"negative": ["xv"], "xv": marks(five, value="V")},
     lambda g: strict(g, [(five, five)], [five_or_ten]), iss_marks("V", five) + ".StrictXV"),
    ("even and odd", 4, {"even": [{"cell": "R1C1"}], "odd": [{"cell": "R2C2"}, {"cell": "R4C3"}]},
     lambda g: g[0] % 2 == 0 and g[5] % 2 == 1 and g[14] % 2 == 1,
     ".~R1C1_2_4.~R2C2_1_3.~R4C3_1_3"),
    ("minimum and maximum, two minimum cells side by side", 4,
     {"minimum": [{"cell": "R2C2"}, {"cell": "R1C3"}, {"cell": "R1C4"}],
      "maximum": [{"cell": "R4C1"}]},
     lambda g: g[5] < min(g[1], g[4], g[6], g[9]) and g[2] < min(g[1], g[6]) and g[3] < g[7]
     and g[12] > max(g[8], g[13]),
     ".GreaterThan~R1C2~R2C2.GreaterThan~R2C1~R2C2.GreaterThan~R2C3~R2C2"
     ".GreaterThan~R3C2~R2C2.GreaterThan~R1C2~R1C3.GreaterThan~R2C3~R1C3"
     ".GreaterThan~R2C4~R1C4.GreaterThan~R4C1~R3C1.GreaterThan~R4C1~R4C2"),
    ("antiking", 6, {"antiking": True},
     lambda g: all(g[a] != g[a + 6 + d] for a in range(30) for d in (-1, 1) if 0 <= a % 6 + d < 6),
     ".AntiKing"),
    ("antiknight", 6, {"antiknight": True},
     lambda g: all(g[r * 6 + c] != g[(r + dr) * 6 + c + dc] for r in range(6) for c in range(6)
                   for dr, dc in ((1, 2), (2, 1), (1, -2), (2, -1))
                   if r + dr < 6 and 0 <= c + dc < 6),
     ".AntiKnight"),
    ("disjointgroups", 4, {"disjointgroups": True},
     lambda g: all(len({g[k], g[k + 2], g[k + 8], g[k + 10]}) == 4 for k in (0, 1, 4, 5)),
     ".DisjointSets"),
    ("diagonal-", 4, {"diagonal-": True}, lambda g: len(set(g[0::5])) == 4, ".Diagonal~-1"),
]  # fmt: skip


def with_keys(n: int, keys: dict[str, Any]) -> dict[str, Any]:
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(n)] for _ in range(n)]
    if n == 6:
        for r in range(2):
            for c in range(6):
                grid[r][c] = {"value": int(SIX[r][c]), "given": True}
    return {"size": n, "grid": grid, **keys}


def with_iss(n: int, items: str) -> str:
    givens = "".join(f".~R{r + 1}C{c + 1}_{SIX[r][c]}" for r in range(2) for c in range(6))
    return f".Shape~{n}x{n}" + (givens if n == 6 else "") + items


def grids_of(puzzle: Puzzle) -> set[Grid]:
    return {tuple(s.grid) for s in satdoku.solutions(puzzle, limit=5000)}


@pytest.mark.parametrize(("name", "n", "keys", "check", "iss"), CASES, ids=[c[0] for c in CASES])
def test_a_rule_keeps_exactly_the_grids_its_check_keeps(
    name: str, n: int, keys: dict[str, Any], check: Check, iss: str | None
) -> None:
    every = completions(n)
    expected = {g for g in every if check(g)}
    assert 0 < len(expected) < len(every), "the case must rule out some grids, not all"
    puzzle = parse_fpuzzles(with_keys(n, keys))
    assert puzzle.kind == {"killercage": "killer", "diagonal-": "x"}.get(" ".join(keys), "variant")
    assert grids_of(puzzle) == expected
    if iss is not None:
        assert grids_of(parse_iss(with_iss(n, iss))) == expected


@pytest.mark.parametrize("k", range(0, len(CASES), 5), ids=lambda k: CASES[k][0])
def test_a_link_reads_as_its_json(k: int) -> None:
    _, n, keys, _, _ = CASES[k]
    obj = with_keys(n, keys)
    payload = compress_base64(json.dumps(obj))
    expected = parse_fpuzzles(obj)
    assert parse_link("https://f-puzzles.com/?load=" + payload) == expected
    assert parse_link("https://sudokupad.app/fpuzzles" + payload) == expected


def test_given_pencil_marks_limit_their_cells() -> None:
    obj = with_keys(4, {})
    obj["grid"][0][0]["givenPencilMarks"] = [2, 1]
    obj["grid"][3][3]["givenPencilMarks"] = [3]
    obj["grid"][1][1].update(value=4, given=True, givenPencilMarks=[1, 2])  # the given wins
    expected = {g for g in completions(4) if g[0] in (1, 2) and g[15] == 3 and g[5] == 4}
    assert 0 < len(expected) < 288
    assert grids_of(parse_fpuzzles(obj)) == expected
    assert grids_of(parse_iss(".Shape~4x4.~R1C1_1_2.~R4C4_3.~R2C2_4")) == expected


# -- drawings: skipped beside the rule they draw, refused without it


RENBAN = {"renban": [line("R1C1 R2C2 R3C1")]}


@pytest.mark.parametrize(
    "drawing",
    [
        {"line": [{**line("R1C1 R2C2 R3C1"), "outlineC": "#C060C0", "fromConstraint": "Renban"}]},
        {"line": [{**line("R3C1 R2C2 R1C1"), "outlineC": "#60C060", "isNewConstraint": True}]},
        {"text": [{"cells": ["R0C2"], "value": "", "fontC": "#000000"}]},
        {
            "cage": [
                {"cells": [], "value": "title: Renban"},
                {"cells": ["R1C1"], "value": "rules: x"},
            ]
        },
    ],
)
def test_a_drawing_of_a_rule_read_changes_nothing(drawing: dict[str, Any]) -> None:
    assert parse_fpuzzles(with_keys(4, {**RENBAN, **drawing})) == parse_fpuzzles(
        with_keys(4, RENBAN)
    )


@pytest.mark.parametrize(
    "keys",
    [
        {"line": [{**line("R1C1 R2C2 R3C1"), "outlineC": "#C060C0", "fromConstraint": "Renban"}]},
        {**RENBAN, "line": [{**line("R1C1 R2C2"), "outlineC": "#60C060", "isNewConstraint": True}]},
        {"text": [{"cells": ["R0C2"], "value": "7", "fromConstraint": "X Sum"}]},
    ],
)
def test_a_drawing_of_a_rule_that_is_not_there_is_refused(keys: dict[str, Any]) -> None:
    with pytest.raises(ParseError, match=r"cosmetic (line|text) is not supported"):
        parse_fpuzzles(with_keys(4, keys))


# -- refused by name, and bad items


@pytest.mark.parametrize(
    ("keys", "named"),
    [
        ({"clone": [{"cells": ["R1C1"], "cloneCells": ["R4C4"]}]}, "clone is not supported"),
        ({"rowindexer": [{"cells": ["R1C1"]}], "nabner": [line("R1C1 R2C2")]}, "rowindexer, nabner are"),
        ({"entropicline": [line("R1C1 R1C2 R1C3")]}, "an entropic line on a 4x4 grid"),
        ({"arrow": [{"cells": ["R1C1", "R1C2", "R1C3", "R1C4"], "lines": [["R1C4", "R2C4"]]}]},
         "an arrow with a pill of 4 cells"),
        ({"littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "?"}]},
         "a little killer labelled '?'"),
        ({"sandwichsum": [{"cell": "R0C1", "value": "x"}]}, "a sandwich sum labelled 'x'"),
        ({"difference": [{"cells": ["R1C1", "R1C2"], "value": "2"}]}, "a difference dot of '2'"),
        ({"ratio": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}, "a ratio dot of '3'"),
        ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]}, "an xv letter 'Y'"),
        ({"negative": ["difference"]}, "negative 'difference'"),
        ({"line": [line("R1C1 R2C2")]}, "cosmetic line"),
    ],
)  # fmt: skip
def test_what_satdoku_has_no_rule_for_is_refused_by_name(keys: dict[str, Any], named: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_fpuzzles(with_keys(4, keys), lineno=3)
    message = str(caught.value)
    assert message.startswith("line 3: ") and named in message and "\n" not in message


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ({"thermometer": [line("R1C1")]}, "thermometer 1: a line of 1 cell (R1C1); it needs at least 2"),
        ({"thermometer": [line("R1C1 R1C2"), {"lines": [[]]}]}, "thermometer 2: a line of 0 cells"),
        ({"doublearrow": [line("R1C1 R1C2")]}, "doublearrow 1: a line of 2 cells (R1C1, R1C2); it needs at least 3"),
        ({"whispers": [line("R1C1 R5C1")]}, "whispers 1 cell r5c1 is outside the 4x4 grid"),
        ({"arrow": [{"cells": ["A1"], "lines": [["A1", "R1C2"]]}]}, "arrow 1 cell 'A1' is not a cell like 'R1C1'"),
        ({"renban": [{"cells": ["R1C1", "R1C2"]}]}, "renban 1 needs lines: lists of cells like 'R1C1'"),
        ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "8"}]},
         "cage 1 (first cell r1c1): its total 8 is out of range 3-7 for 2 cells"),
        ({"littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "13"}]},
         "littlekillersum 1: total 13 is out of range 3-12 for its 3 cells"),
        ({"littlekillersum": [{"cell": "R0C1", "direction": "down", "value": "5"}]},
         "littlekillersum 1: direction 'down' is not UR, UL, DR or DL"),
        ({"littlekillersum": [{"cell": "R0C4", "direction": "UR", "value": "5"}]},
         "littlekillersum 1: its diagonal misses the grid"),
        ({"sandwichsum": [{"cell": "R0C1", "value": "6"}]}, "sandwichsum 1: sandwich sum 6 is out of range 0-5"),
        ({"xsum": [{"cell": "R1C0", "value": "11"}]}, "xsum 1: x-sum 11 is out of range 1-10"),
        ({"skyscraper": [{"cell": "R5C2", "value": "5"}]}, "skyscraper 1: skyscraper 5 is out of range 1-4"),
        ({"skyscraper": [{"cell": "R2C2", "value": "2"}]},
         "skyscraper 1: clue R2C2 is not outside the grid at the end of a row or column"),
        ({"difference": [{"cells": ["R1C1", "R2C2"]}]},
         "difference 1 must sit between two neighbouring cells, not R1C1, R2C2"),
        ({"xv": [{"cells": ["R1C4", "R2C1"], "value": "V"}]},
         "xv 1 must sit between two neighbouring cells, not R1C4, R2C1"),
        ({"quadruple": [{"cells": ["R1C2", "R1C3", "R2C2", "R2C4"], "values": [1]}]},
         "quadruple 1: expected the 4 cells of a 2x2 square"),
        ({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [5]}]},
         "quadruple 1: value 5 is not 1-4"),
        ({"whispers": [{**line("R1C1 R1C2"), "value": "4"}]}, "whispers 1: difference '4' is not 1-3"),
        ({"antiknight": "yes"}, "antiknight must be true or false, not 'yes'"),
        ({"even": [{"cell": "R0C1"}]}, "even 1 cell r0c1 is outside the 4x4 grid"),
        ({"thermometer": {"lines": []}}, "thermometer must be a list of dicts"),
    ],
)  # fmt: skip
def test_a_bad_item_is_one_error_naming_it(keys: dict[str, Any], message: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_fpuzzles(with_keys(4, keys), lineno=3)
    text = str(caught.value)
    assert text.startswith("line 3: ") and message in text and "\n" not in text


def test_a_bad_given_pencil_mark_is_one_error() -> None:
    obj = with_keys(4, {})
    obj["grid"][0][0]["givenPencilMarks"] = [1, 7]
    with pytest.raises(ParseError, match=r"the given pencil marks of r1c1: value 7 is not 1-4"):
        parse_fpuzzles(obj)


def test_a_bad_item_in_a_link_is_one_error_line() -> None:
    link = "https://f-puzzles.com/?load=" + compress_base64(
        json.dumps(with_keys(4, {"thermometer": [line("R1C1")]}))
    )
    run = run_satdoku("solve", link)
    assert_one_error_line(run)
    assert "thermometer 1: a line of 1 cell" in run.err


# -- real puzzles: ISS strings written as f-puzzles JSON here, and the setters' own links

_LINE_KEYS = {
    **{"Thermo": "thermometer", "Renban": "renban", "Between": "betweenline"},
    **{"Palindrome": "palindrome", "Zipper": "zipperline", "DoubleArrow": "doublearrow"},
    **{"Entropic": "entropicline", "RegionSumLine": "regionsumline"},
}
_PAIR_KEYS = {"WhiteDot": ("difference", None), "BlackDot": ("ratio", None)}
_PAIR_KEYS |= {"X": ("xv", "X"), "V": ("xv", "V")}


class Unwritable(Exception):
    """An ISS item f-puzzles has no key for (or means otherwise)."""


def fpuzzles_of_iss(text: str) -> dict[str, Any] | None:
    """An ISS string as f-puzzles JSON, written from both formats' documentation; None when
    it holds an item f-puzzles cannot say the same way."""
    if not text.lstrip().startswith("."):
        return None
    items = [part.split("~") for part in re.sub(r"\s+", "", text).split(".")[1:] if part]
    try:
        return _write(items)
    except Unwritable:
        return None


def _write(items: list[list[str]]) -> dict[str, Any]:
    shapes = [args for kind, *args in items if kind == "Shape"]
    m = re.fullmatch(r"(\d)x(\d)", shapes[0][0]) if shapes else re.fullmatch(r"(9)x(9)", "9x9")
    if m is None or m[1] != m[2] or (shapes and shapes[0][1:] not in ([], [m[1]])):
        raise Unwritable
    n = int(m[1])
    kinds = {kind for kind, *_ in items}
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(n)] for _ in range(n)]
    obj: dict[str, Any] = {"size": n, "grid": grid}
    boxes = "NoBoxes" not in kinds
    for kind, *args in items:
        if kind == "Jigsaw":
            layout = args[-1]
            symbols = list(dict.fromkeys(layout))
            if len(layout) != n * n or any(layout.count(s) != n for s in symbols):
                raise Unwritable
            for i, symbol in enumerate(layout):
                grid[i // n][i % n]["region"] = symbols.index(symbol)
            if boxes and n != 9:
                raise Unwritable
            if boxes:  # ISS keeps the boxes beside the regions: f-puzzles' extra regions
                obj["extraregion"] = [{"cells": _box(n, k)} for k in range(n)]
    if not boxes and "Jigsaw" not in kinds:
        for row in grid:
            for entry in row:
                entry["region"] = None
    allowed: dict[str, set[int]] = {}
    for kind, *args in items:
        _item(obj, kind, args, allowed, kinds)
    for name, values in allowed.items():
        entry = grid[cell(name, n) // n][cell(name, n) % n]
        if len(values) == 1:
            entry.update(value=min(values), given=True)
        elif values in ({*range(2, n + 1, 2)}, {*range(1, n + 1, 2)}):
            obj.setdefault("even" if 2 in values else "odd", []).append({"cell": name})
        else:
            entry["givenPencilMarks"] = sorted(values)
    return obj


def _box(n: int, k: int) -> list[str]:
    """Box ``k`` of a 9x9."""
    top, left = k // 3 * 3, k % 3 * 3
    return [f"R{top + r + 1}C{left + c + 1}" for r in range(3) for c in range(3)]


def _refs(args: list[str]) -> list[str]:
    found = [f"R{a[1]}C{a[3]}" for a in args if re.fullmatch(r"[Rr][1-9][Cc][1-9]", a)]
    if len(found) != len(args):
        raise Unwritable
    return found


def _item(
    obj: dict[str, Any], kind: str, args: list[str], allowed: dict[str, set[int]], kinds: set[str]
) -> None:
    n = obj["size"]

    def add(key: str, item: dict[str, Any]) -> None:
        obj.setdefault(key, []).append(item)

    if kind in ("Shape", "NoBoxes", "Jigsaw"):
        return
    if kind == "":
        for arg in args:
            name, *vals = arg.split("_")
            got = {int(v) for v in vals}
            allowed[_refs([name])[0]] = allowed.get(_refs([name])[0], got) & got
    elif kind in _LINE_KEYS and not (kind == "Entropic" and n % 3):
        if kind == "RegionSumLine" and "Jigsaw" in kinds:
            raise Unwritable  # ISS cuts the line by its boxes, f-puzzles by its regions
        add(_LINE_KEYS[kind], {"lines": [_refs(args)]})
    elif kind == "Whisper":
        gap, cells = ("5", args) if args[0][:1] in "Rr" else (args[0], args[1:])
        add("whispers", {"lines": [_refs(cells)], "value": gap})
    elif kind == "Lockout" and int(args[0]) == n // 2:
        add("lockout", {"lines": [_refs(args[1:])]})
    elif kind == "Modular" and args[0] == "3":
        add("modularline", {"lines": [_refs(args[1:])]})
    elif kind == "Cage":
        add(
            "killercage",
            {"cells": _refs(args[1:]), **({"value": args[0]} if args[0] not in ("", "0") else {})},
        )
    elif kind in ("Arrow", "PillArrow"):
        k = int(args[0]) if kind == "PillArrow" else 1
        cells = _refs(args[1:] if kind == "PillArrow" else args)
        add("arrow", {"cells": cells[:k], "lines": [cells[k - 1 :]]})
    elif kind == "LittleKiller":
        (r, c), last = divmod(cell(_refs(args[1:2])[0], n), n), n - 1
        steps = [(c == 0 and r < last, 1, 1, "DR"), (c == last and 0 < r < last, -1, -1, "UL"),
                 (r == 0 and c > 0, 1, -1, "DL"), (r == last and 0 < c < last, -1, 1, "UR")]  # fmt: skip
        _, dr, dc, name = next(step for step in steps if step[0])
        add(
            "littlekillersum",
            {"cell": f"R{r - dr + 1}C{c - dc + 1}", "direction": name, "value": args[0]},
        )
    elif kind == "Sandwich":
        k = args[1][1:]
        add(
            "sandwichsum", {"cell": f"R{k}C0" if args[1][0] == "R" else f"R0C{k}", "value": args[0]}
        )
    elif kind in ("XSum", "Skyscraper"):
        k = args[0][1:]
        ends = (f"R{k}C0", f"R{k}C{n + 1}") if args[0][0] == "R" else (f"R0C{k}", f"R{n + 1}C{k}")
        for end, value in zip(ends, args[1:3], strict=False):
            if value:
                add(kind.lower(), {"cell": end, "value": value})
    elif kind == "Quad":
        top = cell(_refs(args[:1])[0], n)
        corner = [top, top + 1, top + n, top + n + 1]
        add(
            "quadruple",
            {"cells": [ref(k, n) for k in corner], "values": [int(v) for v in args[1:]]},
        )
    elif kind in _PAIR_KEYS:
        key, letter = _PAIR_KEYS[kind]
        cells = [cell(name, n) for name in _refs(args)]
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                if abs(a // n - b // n) + abs(a % n - b % n) == 1:
                    add(
                        key,
                        {"cells": [ref(a, n), ref(b, n)], **({"value": letter} if letter else {})},
                    )
    elif kind == "Diagonal":
        obj["diagonal+" if args[0] == "1" else "diagonal-"] = True
    elif kind == "Windoku" and n == 9:
        for top in (1, 5):
            for left in (1, 5):
                cells = [f"R{top + r + 1}C{left + c + 1}" for r in range(3) for c in range(3)]
                add("extraregion", {"cells": cells})
    elif kind in ("AntiKnight", "AntiKing"):
        obj[kind.lower()] = True
    elif kind == "DisjointSets" and not kinds & {"NoBoxes", "Jigsaw"}:
        obj["disjointgroups"] = True
    elif kind == "AntiConsecutive" and not kinds & {"WhiteDot", "BlackDot"}:
        obj["nonconsecutive"] = True  # f-puzzles frees the pairs with a dot, ISS does not
    elif kind == "StrictKropki":
        obj["nonconsecutive"] = True
        obj.setdefault("negative", []).append("ratio")
    elif kind == "StrictXV":
        obj.setdefault("negative", []).append("xv")
    elif kind == "AllDifferent":
        add("extraregion", {"cells": _refs(args)})
    else:
        raise Unwritable


@pytest.fixture(scope="module")
def entries() -> dict[str, dict[str, Any]]:
    path = shared_file("variants/iss_puzzles.jsonl")
    found: dict[str, dict[str, Any]] = {}
    for text in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(text)
        found.setdefault(entry["name"], entry)
    return found


SAMPLE = (
    "Odd & even", "Pencilmark sudoku", "Thermo", "German Whispers", "'Leven",
    "Sudoku Variants Series (173) - Between Lines Sudoku",
    "Lockout Lines (DSM 23 Quali Training)",
    "Sudoku Variants Series (013) - Palindrome Sudoku", "Modular Lines 1", "Killer", "Arrow",
    "Double arrow", "Pill Arrow Sudoku", "Quadruple X", "XV Kropki Sudoku", "Merry X/V-mas",
    "Little Killer Sudoku", "Between 1 and 9 Sudoku", "Skyscraper", "X-Sum", "X-Windoku",
    "Jigsaw", "Jigsaw boxes, disconnected", "6x6", "Anti-knight Anti-king",
    "I Bet Someone Did This Already", "CTC Tribute", "Strict kropki", "Strict XV",
    "Zipper lines - easy", "Lockout double arrows", "Killer sudoku [alldiff]",
    "Anti-knight Anti-consecutive", "Long sums 3", "Hard renban 3",
    "6x6: Between Odd and Even", "6x6: Little Killer",
)  # fmt: skip
"""Real ISS puzzles that f-puzzles can say too and that solve fast: each key at least once."""


def assert_solves_to(puzzle: Puzzle, solution: str) -> None:
    """Unique, its solution the stored one, which verifies while a changed grid does not."""
    result = uniqueness(puzzle, timeout=30, closest=False)
    assert result.status is Status.UNIQUE
    assert "".join(map(str, result.solutions[0].grid)) == solution
    grid = [int(ch) for ch in solution]
    assert violations(puzzle, grid) == []
    grid[0], grid[1] = grid[1], grid[0]
    assert violations(puzzle, grid) != []


@pytest.mark.parametrize("name", SAMPLE)
def test_a_real_iss_puzzle_written_for_fpuzzles_solves_to_its_solution(
    entries: dict[str, dict[str, Any]], name: str
) -> None:
    entry = entries[name]
    obj = fpuzzles_of_iss(entry["iss"])
    assert obj is not None, "the puzzle can be written as f-puzzles JSON"
    assert_solves_to(parse_link(json.dumps(obj)), entry["solution"])


def test_the_sample_covers_every_key_read(entries: dict[str, dict[str, Any]]) -> None:
    """Every rule key the converter writes is read in some sample puzzle."""
    written = {key for name in SAMPLE for key in fpuzzles_of_iss(entries[name]["iss"]) or {}}
    assert written >= {
        *("thermometer", "whispers", "renban", "betweenline", "lockout", "palindrome"),
        *("modularline", "zipperline", "doublearrow", "arrow", "killercage", "xv", "ratio"),
        *("difference", "littlekillersum", "sandwichsum", "skyscraper", "xsum", "quadruple"),
        *("antiknight", "antiking", "nonconsecutive", "negative", "extraregion", "even", "odd"),
        *("diagonal+", "diagonal-"),
    }


def test_every_iss_puzzle_written_for_fpuzzles_is_read(entries: dict[str, dict[str, Any]]) -> None:
    written = [obj for e in entries.values() if (obj := fpuzzles_of_iss(e["iss"])) is not None]
    assert len(written) >= 60
    for obj in written:
        parse_fpuzzles(obj)


def test_the_real_fpuzzles_links_of_iss_puzzles_solve(entries: dict[str, dict[str, Any]]) -> None:
    """The setters' own f-puzzles links that ISS quotes as sources (thermometers, sandwiches)."""
    found = 0
    for entry in entries.values():
        sources = entry.get("src") or []
        for source in [sources] if isinstance(sources, str) else sources:
            if "f-puzzles.com/?load=" in source and entry.get("solution"):
                puzzle = parse_link(source)
                if entry["name"] == "Sandwich snipe 18":  # the snipe: several grids fit
                    assert violations(puzzle, [int(ch) for ch in entry["solution"]]) == []
                else:
                    assert_solves_to(puzzle, entry["solution"])
                found += 1
    assert found == 4
