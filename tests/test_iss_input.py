"""Bad ISS strings at every door: as an argument, on stdin, and as one line of a file among
good lines (``-f FILE``, ``batch FILE``). Each is one ``error:`` line naming the item's place
and what was expected, exit 2, no traceback; in a file the bad line is one invalid record and
every other line is still solved."""

from __future__ import annotations

import json
import time
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satdoku
from satdoku.errors import ParseError
from satdoku.formats.files import read_records
from satdoku.formats.iss import MAX_ISS, READ, parse_iss
from tests.cli import assert_one_error_line
from tests.cli import satdoku as run

GOOD = (
    ".Shape~4x4.~R1C1_1~R2C1_3~R3C1_2~R3C2_1~R4C4_1.Thermo~R1C2~R1C3~R1C4",
    ".Shape~6x6.Thermo~R1C1~R2C2~R3C3.Cage~7~R6C5~R6C6.WhiteDot~R4C1~R4C2"
    ".~R1C5_3~R2C5_2~R3C1_2~R4C4_6~R5C4_5~R6C2_4~R6C3_3",
)
"""Puzzles with one solution each, put between the bad lines of a file."""

BAD = {
    "unknown rule": (".Thermo~R1C1~R1C2.Foo~R1C1", "unknown rule Foo at character 19; "),
    "row 10": (".Thermo~R10C1~R1C2", "cell R10C1 at character 9 is outside the 9x9 grid"),
    "row 0": (".~R0C1_5", "cell R0C1 at character 3 is outside the 9x9 grid"),
    "6x6 row 7": (".Shape~6x6.Cage~~R7C1", "cell R7C1 at character 18 is outside the 6x6 grid"),
    "thermo of one": (".Thermo~R1C1", "Thermo at character 2: a line needs at least 2 cells"),
    "whisper of one": (".Whisper~5~R1C1", "Whisper at character 2: a line needs at least 2"),
    "arrow of one": (".Arrow~R5C5", "Arrow at character 2: a line needs at least 2 cells"),
    "renban of one": (".~R1C1_1.Renban~R2C2", "Renban at character 10: a line needs at least"),
    "cage over": (".Cage~100~R1C1~R1C2~R1C3", "Cage total 100 at character 7 is not 6-24"),
    "cage negative": (".Cage~-5~R1C1~R1C2~R1C3", "Cage total -5 at character 7 is not 6-24"),
    "cage huge": (".Cage~" + "9" * 40 + "~R1C1", "Cage total 999999999999... at character 7"),
    "value x": (".~R1C1_x", "given: expected a value at character 8, found 'x'"),
    "value 10": (".~R1C1_10", "given value 10 at character 8 is not 1-9"),
    "no cell": (".~_1", "given: expected a cell like R1C1 at character 3, found nothing"),
    "shape": (
        ".Shape~blob",
        "Shape: expected rows x columns like 6x6 at character 8, found 'blob'",
    ),
    "no argument": (
        ".Quad.Shape~4x4",
        "Quad: expected a cell like R1C1 at character 6, found nothing",
    ),
    "sandwich": (".Sandwich~99~R1", "Sandwich total 99 at character 11 is not 0-35"),
}
"""Bad strings and what their message says: the item, its place, what was expected."""

HUGE = ".Thermo~R1C1~R1C2" * (MAX_ISS // 17 + 1)
HUGE_MESSAGE = f"an ISS string of {len(HUGE):,} characters is over the 200 KB limit"


@cache
def answer(text: str) -> tuple[str, str]:
    """The status and solution of a good line, solved alone through the API."""
    puzzle = parse_iss(text)
    found = satdoku.uniqueness(puzzle, backend="cpsat")
    assert found.solutions, text
    satdoku.check(puzzle, found.solutions[0].grid)
    return found.status.value, found.solutions[0].line


@pytest.mark.parametrize(("text", "message"), BAD.values(), ids=BAD.keys())
def test_the_api_names_the_place(text: str, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_iss(text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("text", "message"), BAD.values(), ids=BAD.keys())
def test_an_argument(text: str, message: str) -> None:
    done = run("unique", text)
    assert_one_error_line(done)
    assert f"error: line 1: {message}" in done.err and done.out == ""


@pytest.mark.parametrize(("text", "message"), BAD.values(), ids=BAD.keys())
def test_stdin(text: str, message: str) -> None:
    done = run("unique", "-", "-q", stdin=text + "\n")
    assert_one_error_line(done)
    assert f"error: stdin: line 1: {message}" in done.err
    assert done.out == "line 1: invalid\n"


def test_a_long_argument_is_refused_at_once() -> None:
    """As long as one argument can be (128 KB), with its fault at the end."""
    text = ".~R1C1_5" * (120 * 1024 // 8) + ".Foo~R1C1"
    started = time.monotonic()
    done = run("unique", text)
    assert_one_error_line(done)
    assert f"unknown rule Foo at character {len(text) - 7}" in done.err
    assert time.monotonic() - started < 20


def test_a_string_over_200_kb_on_stdin_is_refused_at_once() -> None:
    started = time.monotonic()
    done = run("unique", "-", "-q", stdin=HUGE + "\n")
    assert_one_error_line(done)
    assert f"error: stdin: line 1: {HUGE_MESSAGE}" in done.err
    assert time.monotonic() - started < 20


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str | None]]:
    """A file of good lines with each bad string (and one over 200 KB) between two of them,
    and what each line holds: a good line, or the message of a bad one."""
    lines: list[str] = []
    expected: list[str | None] = []
    for k, (text, message) in enumerate([*BAD.values(), (HUGE, HUGE_MESSAGE)]):
        lines += [GOOD[k % len(GOOD)], text]
        expected += [GOOD[k % len(GOOD)], message]
    lines.append(GOOD[0])
    expected.append(GOOD[0])
    path = tmp_path_factory.mktemp("iss") / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return path, expected


def test_a_file_keeps_every_good_line(mixed: tuple[Path, list[str]]) -> None:
    path, expected = mixed
    started = time.monotonic()
    done = run("unique", "-f", str(path), "--format", "json", "-q")
    assert time.monotonic() - started < 60
    assert done.status == 2 and "Traceback" not in done.err
    records = [json.loads(line) for line in done.out.splitlines()]
    assert [r["line"] for r in records] == list(range(1, len(expected) + 1))
    errors = done.err.splitlines()
    assert len(errors) == len(BAD) + 1
    for record, want in zip(records, expected, strict=True):
        if want in GOOD:
            status, line = answer(want)
            assert (record["status"], record["solutions"]) == (status, [line])
        else:
            where = f"{path}: line {record['line']}: {want}"
            assert record["status"] == "invalid" and where in record["error"]
            assert f"error: {where}" in errors.pop(0)


def test_a_batch_keeps_every_good_line(mixed: tuple[Path, list[str]]) -> None:
    path, expected = mixed
    done = run("batch", str(path), "-o", "-", "--format", "json", "-q")
    assert done.status == 2 and "Traceback" not in done.err
    records = [json.loads(line) for line in done.out.splitlines()]
    assert [r["line"] for r in records] == list(range(1, len(expected) + 1))
    for record, want in zip(records, expected, strict=True):
        if want in GOOD:
            assert (record["status"], record["solution"]) == ("solved", answer(want)[1])
        else:
            assert record["status"] == "invalid"
            assert (
                record["error"].startswith(f"line {record['line']}: ") and want in record["error"]
            )


PIECES = st.sampled_from(
    [
        "R1C1", "R1C2", "R2C1", "R9C9", "RgCg", "R10C1", "R0C1", "R1C", "",
        "0", "1", "5", "-3", "45", "100", "9" * 20, "-", "LOOP", "x",
        "R1", "C9", "R10", "4x4", "6x6", "9x9", "blob", "1-9", "0-5", "Sudoku",
        "R1C1_5", "R1C1_x", "R1C1_", "_1", "R1C1_1_2", "1122112233443344",
    ]
)  # fmt: skip
TYPES = st.sampled_from([*READ, "", "Foo", "Or"])


@st.composite
def iss_strings(draw: st.DrawFn) -> str:
    """A string of ISS items of every type read (and some not), with arguments good and bad;
    the first item has arguments, so that it reads as ISS."""
    items = [
        draw(TYPES) + "".join("~" + a for a in draw(st.lists(PIECES, min_size=k, max_size=5)))
        for k in (1, *draw(st.lists(st.just(0), max_size=4)))
    ]
    return "".join("." + item for item in items)


@settings(max_examples=150, deadline=None)
@given(iss_strings())
def test_any_string_reads_or_is_one_parse_error(text: str) -> None:
    try:
        parse_iss(text)
    except ParseError as err:
        assert err.line == 1 and "\n" not in str(err) and err.message


@settings(max_examples=50, deadline=None)
@given(st.lists(iss_strings(), min_size=1, max_size=6))
def test_a_file_of_any_strings_is_one_record_per_line(texts: list[str]) -> None:
    lines = [GOOD[0], *texts, GOOD[1]]
    records = list(read_records(lines))
    assert [r.line for r in records] == list(range(1, len(lines) + 1))
    assert records[0].puzzle is not None and records[-1].puzzle is not None
