"""Kakuro: the hakank puzzles solve to their stored solutions with every backend and sum
encoding; both formats; pretty output; errors."""

from __future__ import annotations

import json

import pytest

from satdoku.formats.kakuro import solution_grid
from satdoku.formats.kinds import get_kind
from satdoku.solver import solutions
from tests.cli import assert_one_error_line, satdoku
from tests.conftest import DATA

HAKANK = [json.loads(line) for line in (DATA / "hakank_kakuro.jsonl").read_text().splitlines()]
KAKURO = get_kind("kakuro")


@pytest.mark.parametrize("entry", HAKANK, ids=[e["id"] for e in HAKANK])
@pytest.mark.parametrize(
    ("backend", "encoding"),
    [("minisat22", None), ("minisat22", "extended+optimized+pb"), ("cpsat", None)],
)
def test_hakank_solves_to_stored_solution(entry: dict, backend: str, encoding: str | None) -> None:
    puzzle = KAKURO.parse(json.dumps(entry), None, "auto")
    found = list(solutions(puzzle, backend=backend, encoding=encoding, limit=2))
    assert len(found) == 1
    assert found[0].grid == solution_grid(entry["solution"])


def test_text_form_equals_json() -> None:
    entry = HAKANK[0]
    from_text = KAKURO.parse("\n".join(entry["grid"]), None, "auto")
    from_json = KAKURO.parse(json.dumps(entry), None, "auto")
    assert from_text.constraints == from_json.constraints
    assert from_text.positions == from_json.positions


def test_run_without_clue_is_only_all_different() -> None:
    # kakuro_hard: rows 4-6 (0-based) of column 10 form a run with no down clue
    puzzle = KAKURO.parse(json.dumps(HAKANK[1]), None, "auto")
    runs = {c.name for c in puzzle.constraints}
    sums = {c.name for c in puzzle.constraints if hasattr(c, "total")}
    assert "down run at r5c11" in runs and "down run at r5c11" not in sums


def test_pretty_shows_clues_and_digits() -> None:
    puzzle = KAKURO.parse("\n".join(HAKANK[0]["grid"]), None, "auto")
    drawing = str(next(solutions(puzzle))).splitlines()
    assert drawing[0].split() == ["-", "23\\", "30\\", "-", "-", "27\\", "12\\", "16\\"]
    assert drawing[1].split() == ["\\16", "9", "7", "-", "17\\24", "8", "7", "9"]


def test_read_text_blocks_and_jsonl() -> None:
    two = "\n".join(HAKANK[0]["grid"]) + "\n\n# second\n" + "\n".join(HAKANK[1]["grid"])
    records = list(KAKURO.read(two.splitlines(True), None, "auto"))
    assert [r.line for r in records] == [1, 11]
    lines = (DATA / "hakank_kakuro.jsonl").read_text().splitlines(True)
    lines.insert(1, "{not json\n")
    records = list(KAKURO.read(lines, None, "auto"))
    assert [r.puzzle is not None for r in records] == [True, False, True, True]
    assert records[1].error is not None and "line 2" in str(records[1].error)


def test_cli_solves_kakuro_file() -> None:
    run = satdoku("solve", "--kind", "kakuro", "-f", str(DATA / "hakank_kakuro.jsonl"))
    assert run.status == 0, run
    assert run.out.count("# line") == 3 and "17\\24" in run.out


def test_cli_bad_kakuro_is_one_error_line() -> None:
    assert_one_error_line(satdoku("solve", "--kind", "kakuro", "- 4,\n,7 x"))


DASHES = """\
- 23, 30, - - 27, 12, 16,
,16 0 0 - 17,24 0 0 0
,17 0 0 15,29 0 0 0 0
,35 0 0 0 0 0 12, -
- ,7 0 0 7,8 0 0 7,
- 11, 10,16 0 0 0 0 0
,21 0 0 0 0 ,5 0 0
,6 0 0 0 - ,3 0 0"""
ZERO_HALVES = """\
0\\0 23\\0 30\\0 0\\0 0\\0 27\\0 12\\0 16\\0
0\\16 0 0 0\\0 17\\24 0 0 0
0\\17 0 0 15\\29 0 0 0 0
0\\35 0 0 0 0 0 12\\0 0\\0
0\\0 0\\7 0 0 7\\8 0 0 7\\0
0\\0 11\\0 10\\16 0 0 0 0 0
0\\21 0 0 0 0 0\\5 0 0
0\\6 0 0 0 0\\0 0\\3 0 0"""


def test_zero_halves_are_no_clue():
    """``0\\0`` is a block, ``17\\0`` a down clue alone: the same puzzle as the dash form."""
    zeros = KAKURO.parse(ZERO_HALVES, None, "auto")
    dashes = KAKURO.parse(DASHES, None, "auto")
    assert zeros.positions == dashes.positions
    assert set(zeros.constraints) == set(dashes.constraints)
    assert [s.grid for s in solutions(zeros, limit=2)] == [s.grid for s in solutions(dashes)]


@pytest.mark.parametrize("text", [ZERO_HALVES, ZERO_HALVES.replace(" ", "\t")])
def test_a_solution_prints_in_the_notation_it_was_read_in(text):
    puzzle = KAKURO.parse(text, None, "auto")
    (solution,) = solutions(puzzle, limit=2)
    printed = str(solution)
    tokens = printed.split()
    assert "0\\0" in tokens and "23\\0" in tokens and "-" not in tokens
    assert "0\\0" not in str(next(iter(solutions(KAKURO.parse(DASHES, None, "auto"))))).split()
    again = KAKURO.parse(printed, None, "auto")
    assert again.givens == solution.grid
    assert str(next(iter(solutions(again)))) == printed


@pytest.mark.parametrize("via", ["file", "stdin", "argument"])
def test_the_zero_half_form_solves_from_a_file_stdin_and_an_argument(via, tmp_path):
    expected = str(next(iter(solutions(KAKURO.parse(ZERO_HALVES, None, "auto"))))) + "\n"
    if via == "file":
        path = tmp_path / "kakuro.txt"
        path.write_text(ZERO_HALVES + "\n")
        run = satdoku("solve", "--kind", "kakuro", "-f", str(path), "-q")
        assert run.out.splitlines()[0] == "# line 1"
        out = "\n".join(run.out.splitlines()[1:]).strip("\n") + "\n"
    elif via == "stdin":
        run = satdoku("solve", "--kind", "kakuro", "-", "-q", stdin=ZERO_HALVES + "\n")
        out = "\n".join(run.out.splitlines()[1:]).strip("\n") + "\n"
    else:
        run = satdoku("solve", "--kind", "kakuro", ZERO_HALVES)
        out = run.out
    assert run.status == 0, run.err
    assert out == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("- 46,\n,3 0", "a clue is at most 45"),
        ("- " + "9" * 5000 + ",\n,3 0", "a clue is at most 45"),
        ('{"grid": ' * 5000, "invalid JSON"),
        ('{"grid": [1, 2]}', 'expected a JSON object with "grid"'),
        ('{"grid": ["- 3,", ",3 0"], "rows": 99}', '"rows" should be'),
    ],
)
def test_hostile_kakuro_text_is_one_parse_error(text, words):
    with pytest.raises(Exception, match=words) as caught:
        KAKURO.parse(text, None, "auto")
    assert type(caught.value).__name__ == "ParseError"
