"""ISS constraint strings: each item type read into its rules, the errors with their places, a
sample of real puzzles from ../shared/data solved to their stored solutions, and the commands
taking them (argument, stdin, file, batch)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from satdoku.errors import ParseError
from satdoku.formats.iss import READ, parse_iss
from satdoku.formats.iss_start import is_iss
from satdoku.formats.kinds import get_kind
from satdoku.formats.output import format_grid, format_line
from satdoku.formats.puzzle import parse_puzzle
from satdoku.model import Constraint, Puzzle
from satdoku.solver import uniqueness
from satdoku.status import Status
from tests.cli import satdoku
from tests.conftest import shared_file


def rules(puzzle: Puzzle, name: str) -> list[Constraint]:
    """The puzzle's constraints of class ``name``, past the grid's units."""
    return [c for c in puzzle.constraints if type(c).__name__ == name]


def read(text: str) -> Puzzle:
    """The puzzle of ``text``; the test skips when a rule module it needs is absent."""
    try:
        return parse_iss(text)
    except ParseError as err:
        if "this installation lacks" in err.message:
            pytest.skip(err.message)
        raise


@pytest.mark.parametrize(
    ("text", "name", "fields"),
    [
        (".Thermo~R1C1~R1C2~R1C3", "Thermometer", {"cells": (0, 1, 2)}),
        (".Whisper~4~R1C1~R1C2", "Whisper", {"cells": (0, 1), "difference": 4}),
        (".Whisper~R1C1~R1C2", "Whisper", {"cells": (0, 1), "difference": 5}),
        (".Renban~R1C1~R2C1", "Renban", {"cells": (0, 9)}),
        (".Between~R1C1~R1C2~R1C3", "Between", {"cells": (0, 1, 2)}),
        (".Lockout~3~R1C1~R1C2~R1C3", "Lockout", {"cells": (0, 1, 2), "difference": 3}),
        (".Palindrome~R1C1~R1C2~R1C3", "Palindrome", {"cells": (0, 1, 2)}),
        (".Zipper~R1C1~R1C2~R1C3", "Zipper", {"cells": (0, 1, 2)}),
        (".Entropic~R1C1~R1C2~R1C3", "Entropic", {"cells": (0, 1, 2), "size": 9}),
        (".Modular~3~R1C1~R1C2~R1C3", "Modular", {"cells": (0, 1, 2), "modulus": 3}),
        (".SumLine~10~R1C1~R1C2~R1C3", "SumLine", {"cells": (0, 1, 2), "loop": False}),
        (".SumLine~5~R1C1~R1C2~R2C2~R2C1~LOOP", "SumLine", {"total": 5, "loop": True}),
        (".EqualSum~R1C1~R1C2~-~R2C1", "EqualSum", {"groups": ((0, 1), (9,))}),
        (".Cage~10~R1C1~R1C2", "Cage", {"cells": (0, 1), "total": 10}),
        (".Cage~~R1C1~R1C2", "Cage", {"total": None}),
        (".Arrow~R1C1~R1C2~R1C3", "Arrow", {"circle": (0,), "line": (1, 2)}),
        (".PillArrow~2~R1C2~R1C1~R2C1", "Arrow", {"circle": (0, 1), "line": (9,)}),
        (".DoubleArrow~R1C1~R1C2~R1C3", "DoubleArrow", {"cells": (0, 1, 2)}),
        (".LittleKiller~12~R1C2", "LittleKiller", {"cells": (1, 9), "total": 12}),
        (".LittleKiller~20~R2C1", "LittleKiller", {"cells": tuple(range(9, 81, 10))}),
        (".LittleKiller~20~R8C9", "LittleKiller", {"cells": tuple(range(71, 0, -10))}),
        (".Sandwich~12~C2", "Sandwich", {"cells": tuple(range(1, 81, 9)), "total": 12}),
        (".XSum~R1~~15", "XSum", {"cells": tuple(range(8, -1, -1)), "total": 15}),
        (".Skyscraper~C1~3~", "Skyscraper", {"cells": tuple(range(0, 81, 9)), "visible": 3}),
        (".Quad~R1C1~1~2", "Quadruple", {"cells": (0, 1, 9, 10), "values": (1, 2)}),
        (".WhiteDot~R1C1~R1C2", "Kropki", {"a": 0, "b": 1, "colour": "white"}),
        (".BlackDot~R1C2~R1C1", "Kropki", {"a": 1, "b": 0, "colour": "black"}),
        (".X~R1C1~R2C1", "XV", {"a": 0, "b": 9, "total": 10}),
        (".V~R1C1~R1C2", "XV", {"total": 5}),
        (".GreaterThan~R1C2~R1C1", "GreaterThan", {"a": 1, "b": 0}),
        (".AllDifferent~R1C1~R5C5", "AllDifferent", {"cells": (0, 40), "name": "all different"}),
        (".~R1C1_2_4_6", "Values", {"cell": 0, "values": (2, 4, 6)}),
    ],
)
def test_item_types(text: str, name: str, fields: dict[str, Any]) -> None:
    found = rules(read(text), name)
    assert found, f"no {name} in {text}"
    for field, value in fields.items():
        assert getattr(found[-1], field) == value


def test_region_sum_line_is_cut_at_box_borders() -> None:
    (line,) = rules(read(".RegionSumLine~R1C2~R1C3~R1C4~R1C5~R2C5"), "RegionSumLine")
    assert line.segments == ((1, 2), (3, 4, 13))  # type: ignore[attr-defined]


def test_givens_and_grid() -> None:
    puzzle = read(".~R1C1_5~R9C9_1.~R2C2_3_4.~R2C2_4_6")
    assert (puzzle.kind, puzzle.nrows, puzzle.ncols, puzzle.values) == ("variant", 9, 9, 9)
    assert puzzle.givens[0] == 5 and puzzle.givens[80] == 1
    assert puzzle.givens[10] == 4  # two items for a cell keep the values both allow
    assert str(puzzle.geometry) == "3x3" and puzzle.plain
    assert puzzle.positions[10] == (1, 1)


@pytest.mark.parametrize(
    ("text", "shape", "geometry", "families"),
    [
        (".Shape~6x6", (6, 6, 6), "2x3", {"row": 6, "column": 6, "box": 6}),
        (".Shape~6x8", (6, 8, 8), None, {"row": 6, "column": 8, "box": 6}),
        (".Shape~9x8", (9, 8, 9), None, {"row": 9, "column": 8}),
        (".Shape~7x7", (7, 7, 7), None, {"row": 7, "column": 7}),
        (".Shape~6x6~9", (6, 6, 9), None, {"row": 6, "column": 6, "box": 6}),
        (".Shape~4x4.NoBoxes", (4, 4, 4), None, {"row": 4, "column": 4}),
        (".Shape~4x4.NoBoxes.Jigsaw~1122112233443344", (4, 4, 4), None, {"region": 4}),
        (".Shape~16x16.~RgCg_16", (16, 16, 16), "4x4", {"box": 16}),
    ],
)
def test_shapes(
    text: str, shape: tuple[int, int, int], geometry: str | None, families: dict[str, int]
) -> None:
    puzzle = read(text)
    assert (puzzle.nrows, puzzle.ncols, puzzle.values) == shape
    assert (str(puzzle.geometry) if puzzle.geometry else None) == geometry
    for family, n in families.items():
        assert sum(1 for c in puzzle.constraints if c.family == family) == n
    if "box" not in families and "region" not in families:
        assert not [c for c in puzzle.constraints if c.family in ("box", "region")]


@pytest.mark.parametrize(
    ("text", "family", "count"),
    [
        (".Diagonal~1.Diagonal~-1", "diagonal", 2),
        (".Windoku", "window", 4),
        (".AntiKnight", "anti-knight", None),
        (".AntiKing", "anti-king", None),
        (".DisjointSets", "disjoint-set", 9),
        (".Shape~6x8.DisjointSets", "disjoint-set", 8),
        (".AntiConsecutive", "anti-consecutive", 144),
        (".StrictKropki.WhiteDot~R1C1~R1C2", "no-kropki", 143),
        (".StrictXV.X~R1C1~R1C2~R2C2", "no-xv", 142),
    ],
)
def test_whole_grid_rules(text: str, family: str, count: int | None) -> None:
    found = [c for c in read(text).constraints if c.family == family]
    assert found and (count is None or len(found) == count)


def test_diagonal_directions() -> None:
    up, down = read(".Diagonal~1.Diagonal~-1").constraints[-2:]
    assert up.cells[0] == 8 and down.cells[0] == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (".Thermo~R1C1~R1C2.Foo~R1C1", "unknown rule Foo at character 19; satdoku reads: "),
        (".Thermo~R1C1~R1CA", "cell R1CA at character 14 is outside the 9x9 grid"),
        (".Shape~6x6.~R7C1_1", "cell R7C1 at character 13 is outside the 6x6 grid"),
        (".Thermo~R1C1~banana", "Thermo: expected a cell like R1C1 at character 14"),
        (".Thermo~R1C1", "Thermo at character 2: a line needs at least 2 cells, found 1"),
        (".Cage~50~R1C1~R1C2~R1C3", "Cage total 50 at character 7 is not 6-24 for 3 cells"),
        (".Cage~5~" + "~".join(f"R1C{c}" for c in range(1, 10)) + "~R2C1", "10 cells"),
        (".~R1C1_0", "given value 0 at character 8 is not 1-9"),
        (".~R1C1", "expected values after R1C1_ at character 3"),
        (".Shape~6x6~2-7", "values '2-7' at character 12 not read"),
        (".Shape~20x20", "sides are 2-16"),
        (".Shape~6x8.Diagonal~1", "Diagonal at character 12 needs a square grid"),
        (".Whisper~five~R1C1", "Whisper: expected a difference at character 10"),
        (".LittleKiller~10~R5C5", "no diagonal starts at R5C5 at character 18"),
        (".Sandwich~10~R10", "expected a row or column like R1 or C1 at character 14"),
        (".X~R1C1~R3C3", "X at character 2: no two of its cells are neighbours"),
        (".Jigsaw~1122", "Jigsaw: expected a layout of 81 symbols at character 9, found 4"),
        ("Thermo~R1C1", "expected an ISS string starting with '.' at character 1"),
        (".Or.Thermo~R1C1~R1C2.End", "unknown rule Or at character 2"),
        ("." + "x" * (200 * 1024), "over the 200 KB limit"),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_iss(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_white_space_is_ignored_and_places_count_it() -> None:
    puzzle = read("  .Shape~6x6\n  .Thermo~R1C1~R1C2 .~R2C2_3")
    assert puzzle.nrows == 6 and puzzle.givens[7] == 3
    with pytest.raises(ParseError, match="unknown rule Foo at character 17"):
        parse_iss(".Shape~6x6\n    .Foo")


@pytest.mark.parametrize(
    ("text", "iss"),
    [
        (".Thermo~R1C1~R1C2", True),
        (".~R1C1_5", True),
        (".NoBoxes.Shape~6x6", True),
        (" .AntiKnight", True),
        (".X~R1C1~R1C2", True),
        ("..Cage~3~R1C1~R1C2", True),
        ("." * 81, False),
        (".A..B..C.." + "." * 246, False),
        ("1.2.3", False),
        ("https://sudokupad.app/abc", False),
    ],
)
def test_is_iss(text: str, iss: bool) -> None:
    assert is_iss(text) is iss


def test_doors_read_it() -> None:
    text = ".Shape~4x4.~R1C1_1.Thermo~R1C2~R1C3~R1C4"
    assert parse_puzzle(text) == parse_iss(text)
    assert parse_puzzle(".Shape~4x4\n.~R1C1_1\n").givens[0] == 1
    (record,) = get_kind("variant").read([text], None, "auto")
    assert record.puzzle == parse_iss(text)


def test_boxless_and_rectangular_grids_draw() -> None:
    boxless = read(".Shape~7x7")
    assert format_grid(boxless, boxless.givens).count("\n") == 6
    rectangle = read(".Shape~6x8.~R1C1_1")
    drawn = format_grid(rectangle, rectangle.givens)
    assert drawn.splitlines()[1].startswith("| 1") and drawn.count("+") > 8


SAMPLE = (
    "Thermo",
    "German Whispers",
    "Elementary",
    "'Leven",
    "Sudoku Variants Series (173) - Between Lines Sudoku",
    "Lockout Lines (DSM 23 Quali Training)",
    "Sudoku Variants Series (013) - Palindrome Sudoku",
    "Zipper lines - tutorial",
    "Sum lines - long loop",
    "Modular Lines 1",
    "Killer",
    "Killer sudoku [alldiff]",
    "Arrow",
    "Double arrow",
    "Force non-unit coeff",
    "Magic square",
    "Quadruple X",
    "XV Kropki Sudoku",
    "Strict XV",
    "Strict kropki",
    "Fortress",
    "Little killer 2",
    "Doggo Experiment #8",
    "Between 1 and 9 Sudoku",
    "X-Sum little killer",
    "Anti-knight Anti-consecutive",
    "Anti-knight Anti-king",
    "Sudoku X",
    "X-Windoku",
    "Jigsaw",
    "Embedded Squishdoku",
    "Pencilmark sudoku",
    "6x6",
    "6x8: Plain",
    "4x7: Jigsaw",
    "9x8: Plain boxless",
    "6x6: Little Killer",
    "4x6: Skyscraper",
    "5x10: Killer Sudoku",
    "Septa",
    "The Whirlpool",
    "16x16",
)
"""Real puzzles that solve fast, together of every rule type read and of many grid shapes."""
BACKENDS = (None, "cpsat")
"""The default engine (CNF) and CP-SAT: each proves every sample puzzle unique."""


@pytest.fixture(scope="module")
def entries() -> dict[str, dict[str, Any]]:
    path = shared_file("variants/iss_puzzles.jsonl")
    found: dict[str, dict[str, Any]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        found.setdefault(entry["name"], entry)
    return found


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", SAMPLE)
def test_real_puzzles(entries: dict[str, dict[str, Any]], name: str, backend: str | None) -> None:
    entry = entries[name]
    puzzle = read(entry["iss"])
    result = uniqueness(puzzle, backend=backend, timeout=30, closest=False)
    assert result.status is Status.UNIQUE
    line = format_line(puzzle, result.solutions[0].grid)
    if puzzle.values > 9:  # ISS writes values above 9 as letters from A = 1
        line = "".join(chr(ord("A") + int(v) - 1) for v in line.split(","))
    assert line == entry["solution"]


def test_the_sample_holds_every_rule_type_read(entries: dict[str, dict[str, Any]]) -> None:
    """Each item type of a real puzzle satdoku reads is in some puzzle of the sample."""
    read_types: set[str] = set()
    for entry in entries.values():
        try:
            parse_iss(entry["iss"])
        except ParseError:
            continue
        read_types.update(entry["constraint_types"])
    sampled = {t for name in SAMPLE for t in entries[name]["constraint_types"]}
    assert read_types <= set(READ)
    assert read_types - sampled == set()


FOUR = ".Shape~4x4.~R1C1_1~R2C1_3~R3C1_2~R3C2_1~R4C4_1.Thermo~R1C2~R1C3~R1C4"
FOUR_SOLVED = "1234341221434321"


def test_cli_argument_and_stdin() -> None:
    run = satdoku("solve", FOUR, "--format", "line")
    assert run.status == 0 and run.out.split() == [FOUR_SOLVED]
    run = satdoku("unique", "-", "--format", "json", stdin=FOUR + "\n")
    assert run.status == 0, run.err
    record = json.loads(run.out)
    assert record["status"] == "unique" and record["solutions"] == [FOUR_SOLVED]


def test_cli_file_and_kind(tmp_path: Path) -> None:
    path = tmp_path / "iss.txt"
    path.write_text(f"{FOUR}\n.Thermo~R1C1\n.Shape~4x4.~R1C1_1.Thermo~R1C2~R1C3~R1C4\n")
    run = satdoku("solve", "-f", str(path), "--format", "json")
    records = [json.loads(line) for line in run.out.splitlines()]
    assert [r["status"] for r in records] == ["solved", "invalid", "solved"]
    run = satdoku("count", "--kind", "variant", "-f", str(path), "--format", "json")
    assert [json.loads(line)["status"] for line in run.out.splitlines()] == [
        "unique",
        "invalid",
        "multiple",
    ]
    run = satdoku("solve", ".Thermo~R1C1.Foo")
    assert run.status == 2 and run.err.startswith("error: ") and "Traceback" not in run.err


def test_cli_batch(tmp_path: Path) -> None:
    path = tmp_path / "iss.txt"
    path.write_text(f"{FOUR}\n{FOUR}\n")
    run = satdoku("batch", str(path), "-o", "-", "--format", "json")
    assert run.status == 0, run.err
    records = [json.loads(line) for line in run.out.splitlines()]
    assert [r["solution"] for r in records] == [FOUR_SOLVED, FOUR_SOLVED]
