"""Reasons (``satdoku.why``): every core forces the digit and is minimal, both checked apart
from the core search by CP-SAT on the puzzle cut down to the core, less one group at a time;
on classic, killer, thermometer and Kakuro puzzles; ruling a digit out; a smallest core; the
questions refused; the command's outputs and exit statuses."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from xml.etree import ElementTree

import pytest

import satdoku
from satdoku.constraints.values import Values
from satdoku.errors import UsageError
from satdoku.formats.kinds import get_kind
from satdoku.formats.reasons import reason_svg
from satdoku.model import Puzzle
from satdoku.reasons import Reason
from satdoku.reasons.groups import rules_of
from satdoku.status import Exit, Status
from tests.cli import satdoku as run_satdoku
from tests.conftest import DATA, ROOT, shared_file

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""A 17-clue Sudoku (every given is needed somewhere)."""
SVG = "{http://www.w3.org/2000/svg}"
MULTI = "......6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
"""A 9x9 with 6 solutions."""


def read_one(kind: str, path: str) -> Puzzle:
    with open(path) as handle:
        record = next(iter(get_kind(kind).read(handle, None, "auto")))
    assert record.puzzle is not None
    return record.puzzle


PUZZLES = {
    "classic": lambda: satdoku.parse_puzzle(CLASSIC),
    "killer": lambda: read_one("killer", str(DATA / "variants" / "killer.txt")),
    "thermo": lambda: read_one("variant", str(ROOT / "examples" / "variants.iss")),
    "kakuro": lambda: read_one("kakuro", str(DATA / "hakank_kakuro.jsonl")),
}


def holds_reason(puzzle: Puzzle, reason: Reason, givens: set[str], rules: set[str]) -> bool:
    """Whether ``givens`` and ``rules`` (names) force the reason's claim, by CP-SAT on the
    puzzle cut down to them: no solution with the cell kept from its digit (or held to the
    digit ruled out)."""
    by_name = {rule.name: rule for rule in rules_of(puzzle)}
    index = puzzle.positions.index(_place(reason.cell))
    if reason.ruled_out is None:
        allowed = tuple(d for d in puzzle.digits if d != reason.digit)
    else:
        allowed = (reason.ruled_out,)
    cut = replace(
        puzzle,
        geometry=None,  # the rules kept, not every row, column and box of the shape
        constraints=(
            *(puzzle.constraints[i] for name in rules for i in by_name[name].constraints),
            Values(index, allowed),
        ),
        givens=tuple(
            v if puzzle.cell_name(c) in givens else 0 for c, v in enumerate(puzzle.givens)
        ),
    )
    return satdoku.solve(cut, backend="cpsat") is None


def assert_minimal(puzzle: Puzzle, reason: Reason) -> None:
    """The reason forces its claim, and no longer does without any one of its groups."""
    assert reason.status == Status.SOLVED, reason
    givens, rules = set(reason.givens), set(reason.rules)
    assert holds_reason(puzzle, reason, givens, rules)
    for given in givens:
        assert not holds_reason(puzzle, reason, givens - {given}, rules), f"given {given}"
    for rule in rules:
        assert not holds_reason(puzzle, reason, givens, rules - {rule}), rule


def drawn_cells(puzzle: Puzzle, count: int, seed: int = 5) -> list[str]:
    return [puzzle.cell_name(c) for c in random.Random(seed).sample(puzzle.blanks, count)]


def _place(name: str) -> tuple[int, int]:
    row, col = name[1:].split("c")
    return int(row) - 1, int(col) - 1


@pytest.mark.parametrize("kind", PUZZLES)
def test_a_reason_is_a_minimal_core(kind: str) -> None:
    puzzle = PUZZLES[kind]()
    solution = satdoku.solve(puzzle)
    assert solution is not None
    for cell in drawn_cells(puzzle, 2):
        reason = satdoku.why(puzzle, cell)
        assert reason.digit == puzzle.digit(solution.grid[puzzle.positions.index(_place(cell))])
        assert_minimal(puzzle, reason)


@pytest.mark.parametrize("kind", ["classic", "thermo", "kakuro"])
def test_a_digit_ruled_out_has_a_minimal_reason(kind: str) -> None:
    puzzle = PUZZLES[kind]()
    solution = satdoku.solve(puzzle)
    assert solution is not None
    (cell,) = drawn_cells(puzzle, 1, seed=9)
    digit = puzzle.digit(solution.grid[puzzle.positions.index(_place(cell))])
    other = next(d for d in puzzle.digits if d != digit)
    reason = satdoku.why(puzzle, cell, not_digit=other)
    assert reason.ruled_out == other and reason.digit is None
    assert_minimal(puzzle, reason)
    assert str(reason).startswith(f"{cell} cannot be {other} because of ")


def test_the_text_and_the_record() -> None:
    reason = satdoku.why(CLASSIC, "r1c2", not_digit=7)
    assert str(reason) == (
        "r1c2 cannot be 7 because of the givens r2c2, r7c6, r7c8, r8c1, r9c1, r9c3"
        " and row 7, column 2, box 7"
    )
    record = reason.to_dict()
    assert {k: record[k] for k in ("status", "cell", "not", "rules")} == {
        "status": "solved",
        "cell": "r1c2",
        "not": 7,
        "rules": ["row 7", "column 2", "box 7"],
    }
    assert record["givens"] == list(reason.givens) and record["time"] >= 0


def test_a_kakuro_reason_is_runs() -> None:
    puzzle = PUZZLES["kakuro"]()
    reason = satdoku.why(puzzle, drawn_cells(puzzle, 1)[0])
    assert reason.givens == () and reason.rules
    assert all(" run at r" in name for name in reason.rules)


def test_rules_sharing_a_name_are_told_apart_by_their_first_cell() -> None:
    names = [rule.name for rule in rules_of(PUZZLES["thermo"]())]
    thermometers = [n for n in names if n.startswith("thermometer")]
    assert len(thermometers) == 4 == len(set(thermometers))
    assert "thermometer at r9c4" in thermometers  # its bulb


def test_a_killer_cage_is_one_rule() -> None:
    puzzle = PUZZLES["killer"]()
    rules = rules_of(puzzle)
    cages = [rule for rule in rules if rule.name.startswith("cage ")]
    assert all(len(rule.constraints) == 2 for rule in cages)
    assert len(rules) == 27 + len(cages)


def test_a_given_cell_has_the_reason_of_its_given() -> None:
    reason = satdoku.why(CLASSIC, "r1c1", not_digit=7)
    assert (reason.givens, reason.rules) == (("r1c1",), ())


@pytest.mark.parametrize("kind", ["classic", "thermo", "kakuro"])
def test_a_smallest_reason_is_minimal_and_no_larger(kind: str) -> None:
    puzzle = PUZZLES[kind]()
    (cell,) = drawn_cells(puzzle, 1, seed=3)
    minimal = satdoku.why(puzzle, cell)
    smallest = satdoku.why(puzzle, cell, smallest=True, timeout=60)
    assert smallest.smallest is True
    assert len(smallest.givens) + len(smallest.rules) <= len(minimal.givens) + len(minimal.rules)
    assert_minimal(puzzle, smallest)


def test_out_of_time() -> None:
    reason = satdoku.why(CLASSIC, "r5c3", timeout=0)
    assert reason.status == Status.UNKNOWN and not reason.found
    smallest = satdoku.why(PUZZLES["killer"](), "r1c1", smallest=True, timeout=0.5)
    assert smallest.status in (Status.SOLVED, Status.UNKNOWN)
    if smallest.found:
        assert smallest.smallest is False


def test_a_cell_not_forced() -> None:
    reason = satdoku.why(MULTI, "r1c1")
    assert reason.status == Status.MULTIPLE and len(reason.digits) > 1
    assert (
        reason.problem
        == f"r1c1 is not forced: it may be {', '.join(map(str, reason.digits[:-1]))} or {reason.digits[-1]}"
    )
    counted = satdoku.candidates(MULTI).candidates[0]
    assert reason.digits == counted
    ruled = satdoku.why(CLASSIC, "r1c2", not_digit=1)
    assert ruled.status == Status.MULTIPLE
    assert ruled.problem == "r1c2 can be 1: it is 1 in every solution"


def test_a_puzzle_without_solution() -> None:
    reason = satdoku.why("44" + "." * 79, "r1c3")
    assert reason.status == Status.NO_SOLUTION
    assert reason.problem == "the puzzle has no solution"


@pytest.mark.parametrize(
    ("cell", "not_digit", "message"),
    [
        ("r10c1", None, "r10c1 is outside the 9x9 grid"),
        ("r0c1", None, "r0c1 is outside the 9x9 grid"),
        ("5,3", None, "'5,3' is not a cell name"),
        ("r1c1", None, "r1c1 is a given (4)"),
        ("r1c1", 4, "r1c1 is a given 4"),
        ("r1c2", 0, "0 is not a digit of this puzzle (1 to 9)"),
    ],
)
def test_questions_refused(cell: str, not_digit: int | None, message: str) -> None:
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)")):
        satdoku.why(CLASSIC, cell, not_digit=not_digit)


def test_a_kakuro_clue_is_not_a_cell() -> None:
    with pytest.raises(UsageError, match="r1c1 is not a cell of the puzzle"):
        satdoku.why(PUZZLES["kakuro"](), "r1c1")


def test_forum_hardest() -> None:
    path = shared_file("9x9/tdoku_forum_hardest_1905_11plus.txt")
    lines = path.read_text().splitlines()[:3]
    for line in lines:
        puzzle = satdoku.parse_puzzle(line)
        (cell,) = drawn_cells(puzzle, 1)
        assert_minimal(puzzle, satdoku.why(puzzle, cell))


def test_the_command() -> None:
    run = run_satdoku("why", CLASSIC, "r1c2", "--not", "7")
    assert run.status == Exit.OK, run.err
    assert run.out == str(satdoku.why(CLASSIC, "r1c2", not_digit=7)) + "\n"
    run = run_satdoku("why", CLASSIC, "r5c3", "--format", "json")
    record = json.loads(run.out)
    assert run.status == Exit.OK and record["status"] == "solved" and record["digit"] == 1
    run = run_satdoku("why", CLASSIC, "r5c3", "--format", "svg")
    assert run.status == Exit.OK
    assert 'class="target"' in run.out and 'class="picked-groups"' in run.out


def test_the_command_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text(CLASSIC + "\n")
    run = run_satdoku("why", "-f", str(path), "r1c2", "--not", "7", "-o", str(path))
    assert run.status == Exit.BAD_INPUT and "is the input file" in run.err
    path.write_text(CLASSIC + "\n" + CLASSIC + "\n")
    run = run_satdoku("why", "-f", str(path), "r1c2")
    assert run.status == Exit.BAD_INPUT and "holds more than one puzzle" in run.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((CLASSIC, "r10c1"), "error: r10c1 is outside the 9x9 grid\n"),
        ((CLASSIC, "x5"), "error: 'x5' is not a cell name: write r{row}c{column}, e.g. r5c3\n"),
        ((CLASSIC, "r1c1"), "error: r1c1 is a given (4): ask about a blank cell,"),
        ((CLASSIC,), "error: give the CELL to explain after the puzzle, e.g. r5c3\n"),
        ((MULTI, "r1c1"), "error: r1c1 is not forced: it may be "),
        (("44" + "." * 79, "r1c3"), "error: the puzzle has no solution\n"),
    ],
)
def test_the_command_refuses(args: tuple[str, ...], message: str) -> None:
    run = run_satdoku("why", *args)
    assert run.status == Exit.BAD_INPUT
    assert run.err.startswith(message) and run.err.count("\n") == 1
    assert "Traceback" not in run.err and run.out == ""


def test_the_command_writes_the_record_of_a_cell_not_forced() -> None:
    run = run_satdoku("why", MULTI, "r1c1", "--format", "json")
    assert run.status == Exit.BAD_INPUT
    record = json.loads(run.out)
    assert record["status"] == "multiple" and record["error"] in run.err


def test_the_command_out_of_time() -> None:
    run = run_satdoku("why", CLASSIC, "r5c3", "--timeout", "0", "--format", "json")
    assert run.status == Exit.UNKNOWN and json.loads(run.out)["status"] == "unknown"


def test_the_picture_shades_the_givens_and_outlines_the_rules() -> None:
    puzzle = satdoku.parse_puzzle(CLASSIC)
    reason = satdoku.why(puzzle, "r1c2", not_digit=7)
    root = ElementTree.fromstring(reason_svg(puzzle, reason))
    group = {g.get("class"): g for g in root.iter(f"{SVG}g")}
    assert len(group["picked"]) == len(reason.givens)
    assert len(group["target"]) == 1
    assert len(group["picked-groups"]) == len(reason.rules)
    assert "founds" not in group  # a digit ruled out is not written in
    forced = satdoku.why(puzzle, "r1c2")
    root = ElementTree.fromstring(reason_svg(puzzle, forced))
    found = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "found"]
    assert found == [str(forced.digit)]
