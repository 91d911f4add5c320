"""Killer notations the Interactive Sudoku Solver (ISS) reads: SudokuWiki killer codes
(``3x3::k:...``) and the short killer notation (81 characters of totals and arrows): what
each reads into, the errors with their places, and real puzzles solved to their solutions."""

from __future__ import annotations

import json
from typing import Any

import pytest

from satdoku import uniqueness
from satdoku.constraints.cage import Cage
from satdoku.errors import ParseError
from satdoku.formats.iss_start import is_iss
from satdoku.formats.killer_codes import parse_killer_codes
from satdoku.formats.links import is_link
from satdoku.formats.notation_start import is_killer_codes, is_pencilmarks, is_short_killer
from satdoku.formats.short_killer import parse_short_killer
from satdoku.model import Puzzle
from satdoku.status import Status
from tests.conftest import DATA, SHARED

ISS_STATUS = {"Wecoc #1 [mod B]": Status.MULTIPLE}
"""What ISS finds for an entry stored without a solution (ISS counts two solutions)."""


def entries(path: str, where: str) -> list[Any]:
    """The killer-notation entries of a JSON Lines file, or one skipped case when it is
    absent."""
    file = DATA / path if where == "local" else SHARED / path
    if not file.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{file} is absent"))]
    found = [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines()]
    return [
        pytest.param(entry, id=f"{i}:{entry['name']}")
        for i, entry in enumerate(found)
        if is_killer_codes(entry["iss"]) or is_short_killer(entry["iss"])
    ]


def read(text: str) -> Puzzle:
    return parse_killer_codes(text) if is_killer_codes(text) else parse_short_killer(text)


def cages(puzzle: Puzzle) -> list[Cage]:
    return [c for c in puzzle.constraints if isinstance(c, Cage)]


def codes(numbers: list[int], diagonal: str = "") -> str:
    return f"3x3:{diagonal}:k:" + "".join(f"{n}:" for n in numbers)


LOCAL = entries("iss_notations.jsonl", "local")
SHARED_ENTRIES = entries("variants/iss_puzzles.jsonl", "shared")
ROWS = [9 * 256 * 5 + r for r in range(9) for _ in range(9)]
"""Killer codes of nine cages, each a row with total 45."""
SHORT = "j<<<<<<<<" * 9
"""A short killer of nine cages, each a row with total 45 (``j``)."""


@pytest.mark.parametrize("entry", LOCAL + SHARED_ENTRIES)
def test_the_stored_solution_keeps_every_rule(entry: dict[str, Any]) -> None:
    puzzle = read(entry["iss"])
    if entry.get("solution") is None:
        pytest.skip("no solution stored")
    grid = [int(ch) for ch in entry["solution"]]
    assert [c.name for c in puzzle.constraints if c.problem([grid[i] for i in c.cells])] == []


@pytest.mark.parametrize("entry", LOCAL + SHARED_ENTRIES)
def test_real_puzzles_solve_as_iss_finds(entry: dict[str, Any]) -> None:
    result = uniqueness(read(entry["iss"]), timeout=120, closest=False)
    assert result.status is ISS_STATUS.get(entry["name"], Status.UNIQUE)
    if entry.get("solution") is not None:
        assert "".join(map(str, result.solutions[0].grid)) == entry["solution"]


def test_a_code_is_total_times_256_plus_cage_and_total_0_is_no_cage() -> None:
    numbers = [17 * 256 + 200] * 2 + [28 * 256] * 7 + [0] * 9 + ROWS[18:]
    puzzle = parse_killer_codes(codes(numbers))
    found = {c.cells: c.total for c in cages(puzzle)}
    assert found[(0, 1)] == 17
    assert found[tuple(range(2, 9))] == 28
    assert all(not set(cells) & set(range(9, 18)) for cells in found)
    assert len(found) == 9
    assert puzzle.kind == "variant"


def test_d_adds_both_diagonals() -> None:
    def diagonals(text: str) -> list[tuple[int, ...]]:
        puzzle = parse_killer_codes(text)
        return [c.cells for c in puzzle.constraints if c.family == "diagonal"]

    assert diagonals(codes(ROWS)) == []
    assert sorted(diagonals(codes(ROWS, "d"))) == [
        tuple(range(0, 81, 10)),
        tuple(range(8, 80, 8)),
    ]


def test_short_killer_arrows_join_the_cell_they_point_to() -> None:
    rows = SHORT[:9] + "Hv.<,9>>O" + "^C`N'>>F<" + SHORT[27:]
    found = {c.cells: c.total for c in cages(parse_short_killer(rows))}
    assert {cells: total for cells, total in found.items() if 9 <= cells[0] < 27} == {
        (9, 18): 17,
        (10, 19, 20): 12,
        (11, 12, 13, 21): 23,
        (14, 22): 9,
        (15, 16, 17): 24,
        (23, 24, 25, 26): 15,
    }
    assert len(found) == 13


def test_short_killer_totals() -> None:
    text = "0<7<<J<<<" + "a<<<<<<<9" + SHORT[18:]
    found = {c.cells[0]: c.total for c in cages(parse_short_killer(text))}
    assert found[0] is None  # 0: a cage without a total
    assert (found[2], found[5], found[9], found[17], found[18]) == (7, 19, 36, 9, 45)


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        (codes(ROWS[:80]), "expected 81 cage codes after k:, found 80", 8),
        (
            codes(ROWS).replace(":11520:", ":x:", 1),
            "cage code (total * 256 + cage number) for r1c1",
            8,
        ),
        (codes([10 * 256 + 100, *[37 * 256] * 8, *ROWS[9:]]), "cage 100 from r1c1: total 10", 8),
        (codes([*ROWS[:5], 44 * 256, *ROWS[6:]]), "cage 0 has total 44 at r1c6", 38),
        (codes([11520] * 81), "81 cells cannot differ in 1-9", 8),
    ],
)
def test_bad_killer_codes(text: str, message: str, column: int) -> None:
    with pytest.raises(ParseError) as caught:
        parse_killer_codes(text, lineno=3)
    assert message in caught.value.message
    assert caught.value.line == 3
    assert caught.value.column == column


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        (SHORT[:80], "expected 81 characters of cage totals and arrows, found 80", 1),
        ("^" + SHORT[1:], "the arrow '^' of r1c1 leaves the grid", 1),
        (SHORT[:9] + "<" + SHORT[10:], "the arrow '<' of r2c1 leaves the grid", 10),
        (SHORT[:80] + ".", "the arrow '.' of r9c9 leaves the grid", 81),
        (SHORT[:8] + "v" + SHORT[9:17] + "^" + SHORT[18:], "go round in a loop", 9),
        (
            SHORT[:4] + "~" + SHORT[5:],
            "arrow or a cage total (0-9, A-Z, a-j) for r1c5, found '~'",
            5,
        ),
        ("2<7<<<<<<" + SHORT[9:], "total 2 is out of range 3-17 for 2 cells", 1),
        (SHORT[:9] + "^" + SHORT[10:], "18 cells cannot differ in 1-9", 1),
    ],
)
def test_bad_short_killers(text: str, message: str, column: int) -> None:
    with pytest.raises(ParseError) as caught:
        parse_short_killer(text, lineno=2)
    assert message in caught.value.message
    assert (caught.value.line, caught.value.column) == (2, column)


@pytest.mark.parametrize(
    "text",
    [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
        ".~R1C1_5~R2C2_3",
        ".Cage~10~R1C1~R1C2",
        "https://sudokupad.app/abc",
        "123456789" * 81,
        "aaabbbcccaaabbbcccaaabbbcccdddeeefffdddeeefffdddeeefffggghhhiiiggghhhiiiggghhhiii",
    ],
)
def test_other_notations_are_not_killer_notations(text: str) -> None:
    assert not is_killer_codes(text)
    assert not is_short_killer(text)


def test_killer_notations_are_no_other_notation() -> None:
    for text in (codes(ROWS), codes(ROWS, "d"), SHORT):
        assert not is_iss(text)
        assert not is_link(text)
        assert not is_pencilmarks(text)
    assert is_killer_codes(codes(ROWS, "d")) and not is_short_killer(codes(ROWS))
    assert is_short_killer(SHORT) and not is_killer_codes(SHORT)
