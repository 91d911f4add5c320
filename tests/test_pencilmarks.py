"""Pencil-mark grids as the Interactive Sudoku Solver (ISS) reads them (729 characters, 9 per
cell): what they read into, the errors with their places, and real puzzles solved to their
solutions."""

from __future__ import annotations

import json
from typing import Any

import pytest

from satdoku import uniqueness
from satdoku.constraints.values import Values
from satdoku.errors import ParseError
from satdoku.formats.iss import parse_iss
from satdoku.formats.iss_start import is_iss
from satdoku.formats.links import is_link
from satdoku.formats.notation_start import is_killer_codes, is_pencilmarks, is_short_killer
from satdoku.formats.pencilmarks import parse_pencilmarks
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle
from satdoku.status import Status
from tests.conftest import DATA, SHARED

SLOW = {
    "Pencilmark sudoku 3": "proving it unique takes 16 s of CPU (scripts/check_iss.py checks it)"
}
FULL = "123456789"
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def entries(file: Any) -> list[Any]:
    """The pencil-mark entries of a JSON Lines file, or one skipped case when it is absent."""
    if not file.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{file} is absent"))]
    found = [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines()]
    return [
        pytest.param(entry, id=f"{i}:{entry['name']}")
        for i, entry in enumerate(found)
        if is_pencilmarks(entry["iss"])
    ]


ENTRIES = entries(DATA / "iss_notations.jsonl") + entries(SHARED / "variants/iss_puzzles.jsonl")


def marks(grid: str) -> str:
    """The pencil marks of a one-line grid: a given's digit alone, every digit for a blank."""
    return "".join(
        FULL if ch == "." else "".join(d if d == ch else "." for d in FULL) for ch in grid
    )


def limits(puzzle: Puzzle) -> dict[int, tuple[int, ...]]:
    return {c.cell: c.values for c in puzzle.constraints if isinstance(c, Values)}


def as_iss(text: str) -> str:
    """The same candidates as an ISS constraint string."""
    cells = [text[i * 9 : i * 9 + 9].replace(".", "") for i in range(81)]
    return ".~" + "~".join(f"R{i // 9 + 1}C{i % 9 + 1}_{'_'.join(c)}" for i, c in enumerate(cells))


@pytest.mark.parametrize("entry", ENTRIES)
def test_the_iss_reader_reads_the_same_candidates(entry: dict[str, Any]) -> None:
    puzzle = parse_pencilmarks(entry["iss"])
    iss = parse_iss(as_iss(entry["iss"]))
    assert puzzle.givens == iss.givens
    assert limits(puzzle) == {c: v for c, v in limits(iss).items() if len(v) < 9}
    grid = [int(ch) for ch in entry["solution"]]
    assert [c.name for c in puzzle.constraints if c.problem([grid[i] for i in c.cells])] == []


@pytest.mark.parametrize("entry", ENTRIES)
def test_real_puzzles_are_unique_with_their_solution(entry: dict[str, Any]) -> None:
    if entry["name"] in SLOW:
        pytest.skip(SLOW[entry["name"]])
    result = uniqueness(parse_pencilmarks(entry["iss"]), timeout=120, closest=False)
    assert result.status is Status.UNIQUE
    assert "".join(map(str, result.solutions[0].grid)) == entry["solution"]


def test_one_or_nine_candidates_make_a_plain_sudoku() -> None:
    puzzle = parse_pencilmarks(marks(CLASSIC))
    assert puzzle == sudoku(Geometry(3, 3), [int(ch) if ch != "." else 0 for ch in CLASSIC])
    assert puzzle.kind == "sudoku"


def test_two_to_eight_candidates_limit_the_cell() -> None:
    text = "1.3......" + ".2345678." + marks(CLASSIC)[18:]
    puzzle = parse_pencilmarks(" " + text + "\n")
    assert puzzle.kind == "variant"
    assert limits(puzzle) == {0: (1, 3), 1: (2, 3, 4, 5, 6, 7, 8)}
    assert puzzle.givens[:3] == (0, 0, 0)


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        (FULL * 80 + FULL[:8], "expected 729 pencil marks (9 per cell), found 728", 1),
        (FULL * 3 + "21" + FULL[2:] + FULL * 77, "expected 1 or '.' for r1c4 at character 28", 28),
        (FULL * 80 + "12345678" + "0", "expected 9 or '.' for r9c9 at character 729", 729),
        (FULL * 10 + "." * 9 + FULL * 70, "r2c2 has no candidates", 91),
    ],
)
def test_bad_pencil_marks(text: str, message: str, column: int) -> None:
    with pytest.raises(ParseError) as caught:
        parse_pencilmarks(text, lineno=4)
    assert message in caught.value.message
    assert (caught.value.line, caught.value.column) == (4, column)


@pytest.mark.parametrize(
    "text",
    [
        CLASSIC,
        CLASSIC * 9,
        ".~R1C1_5~R2C2_3",
        "https://sudokupad.app/abc",
        "3x3::k:" + "11520:" * 81,
        "j<<<<<<<<" * 9,
        "a" * 729,
    ],
)
def test_other_notations_are_not_pencil_marks(text: str) -> None:
    assert not is_pencilmarks(text)


def test_pencil_marks_are_no_other_notation() -> None:
    text = marks(CLASSIC)
    assert is_pencilmarks(text)
    assert not (is_iss(text) or is_link(text) or is_killer_codes(text) or is_short_killer(text))
