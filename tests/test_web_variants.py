"""Variant puzzles through ``satdoku serve``'s API: ISS constraint strings, f-puzzles links and
SudokuPad links are drawn with their rules (the picture of ``--format svg``, the rules named
and counted as the text writes them), checked for uniqueness and given their true candidates
(``POST /api/candidates``), each answer checked against satdoku's own API, the command line's
record and the source's stored solution.

The puzzles are those of tests/data/iss_pictures.jsonl (tests/data/iss_pictures.md).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from satdoku import candidates, count, parse_puzzle, solutions, uniqueness
from satdoku.formats import puzzle_svg
from satdoku.formats.lzstring import decompress_base64
from satdoku.web.endpoints import ENDPOINTS
from tests import test_web_api as api
from tests.conftest import DATA, data_lines

client, post, cli_record, without_times = api.client, api.post, api.cli_record, api.without_times

PUZZLES = [json.loads(line) for line in data_lines("iss_pictures.jsonl")]
BY_NAME = {p["name"]: p for p in PUZZLES}
QUICK = ["Thermo", "XV Kropki Sudoku", "Killer", "Skyscraper", "X-Windoku", "Septa"]
QUICK += ["Quadruple X", "Fortress", "5x10: Killer Sudoku"]
"""Those satdoku solves well within a second (X-Sum and a few others take longer)."""
FPUZZLES = (DATA / "links" / "fpuzzles-killer.txt").read_text().splitlines()[0]
SUDOKUPAD = FPUZZLES.replace("https://f-puzzles.com/?load=", "https://sudokupad.app/fpuzzles")
"""The same killer as a SudokuPad link carrying the f-puzzles payload."""
LINKS = {"f-puzzles": FPUZZLES, "SudokuPad": SUDOKUPAD}

FAMILIES = {
    "Thermo": "thermometer",
    "Cage": "cage",
    "LittleKiller": "little-killer",
    "Sandwich": "sandwich",
    "Skyscraper": "skyscraper",
    "XSum": "x-sum",
    "Quad": "quadruple",
    "RegionSumLine": "region-sum",
}
"""ISS item types that are one rule per item, and the family satdoku gives each."""


def stored_grid(puzzle: dict[str, Any]) -> tuple[int, ...]:
    """The source's solution: digits, and letters above 9 values (A is 1)."""
    return tuple(int(ch) if ch.isdigit() else ord(ch) - ord("A") + 1 for ch in puzzle["solution"])


def items(iss: str, kind: str) -> int:
    """How many ``.Kind~`` items the ISS string holds."""
    return len(re.findall(rf"\.{kind}~", iss))


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p["name"] for p in PUZZLES])
def test_an_iss_string_is_drawn_with_its_rules(client: Any, puzzle: dict[str, Any]) -> None:
    response = post(client, "draw", puzzle=puzzle["iss"])
    assert response.status_code == 200, response.text
    record = response.json()
    parsed = parse_puzzle(puzzle["iss"])
    assert record["svg"] == puzzle_svg(parsed)
    assert record["kind"] == "variant"
    rows, cols = map(int, puzzle["shape"].split("x"))
    assert (record["rows"], record["cols"]) == (rows, cols)
    counted = {r["family"]: r["count"] for r in record["rules"]}
    for kind, family in FAMILIES.items():
        if kind in puzzle["constraint_types"]:
            assert counted[family] == items(puzzle["iss"], kind), family
    assert not {"row", "column", "box"} & set(counted)
    # the logic engine's candidates only when every rule is an all-different unit
    units_only = all(r["unit"] for r in record["rules"])
    assert (record["candidates"] is not None) == units_only


@pytest.mark.parametrize("name", QUICK)
def test_an_iss_string_is_unique_with_the_sources_solution(client: Any, name: str) -> None:
    puzzle = BY_NAME[name]
    record = post(client, "unique", puzzle=puzzle["iss"]).json()
    checked = uniqueness(puzzle["iss"])
    assert record["status"] == str(checked.status) == "unique"
    assert without_times(record) == without_times(cli_record("unique", puzzle["iss"]))
    assert checked.solutions[0].grid == stored_grid(puzzle)
    solved = post(client, "solve", puzzle=puzzle["iss"]).json()
    assert solved["solution"] == record["solutions"][0]


@pytest.mark.parametrize("name", QUICK[:4])
def test_true_candidates_of_an_iss_string(client: Any, name: str) -> None:
    iss = BY_NAME[name]["iss"]
    record = post(client, "candidates", puzzle=iss).json()
    found = candidates(iss)
    assert record["status"] == str(found.status) == "unique"
    assert record["candidates"] == [list(v) for v in found.candidates]
    assert record["candidates"] == [[v] for v in stored_grid(BY_NAME[name])]
    assert without_times(record) == without_times(cli_record("candidates", iss))


def fewer_givens(iss: str) -> str:
    """The ISS string less the first given whose loss leaves from 3 to 60 solutions."""
    for given in re.findall(r"~R\d+C\d+_\d+", iss.split(".")[1]):
        fewer = iss.replace(given, "", 1)
        if 3 <= count(fewer, 61).count <= 60:
            return fewer
    raise AssertionError("no such given")


def test_true_candidates_are_the_values_of_all_solutions(client: Any) -> None:
    iss = fewer_givens(BY_NAME["Thermo"]["iss"])
    every = [s.grid for s in solutions(iss)]
    record = post(client, "candidates", puzzle=iss, limit=2).json()
    assert record["status"] == "multiple"
    puzzle = parse_puzzle(iss)
    for cell in range(puzzle.ncells):
        values = sorted({grid[cell] for grid in every})
        assert record["candidates"][cell] == values
        held = [sum(grid[cell] == v for grid in every) for v in values]
        assert record["counts"][cell] == [min(n, 2) for n in held]
    assert record["limit"] == 2
    assert without_times(record) == without_times(cli_record("candidates", iss, "--limit=2"))


def test_candidates_keep_the_time_limit_and_check_their_limit(client: Any) -> None:
    slow = BY_NAME["X-Sum"]["iss"]
    started = time.monotonic()
    record = post(client, "candidates", puzzle=slow, timeout=0.02).json()
    assert time.monotonic() - started < 10  # the whole search takes several solver calls
    assert record["status"] == "unknown" and "0.02 s" in record["reason"]
    bad = post(client, "candidates", puzzle=BY_NAME["Thermo"]["iss"], limit=0)
    assert bad.status_code == 400 and "limit" in bad.json()["error"]
    assert "candidates" in ENDPOINTS


@pytest.mark.parametrize("source", LINKS)
def test_a_link_is_drawn_checked_and_given_its_candidates(client: Any, source: str) -> None:
    link = LINKS[source]
    record = post(client, "draw", puzzle=link).json()
    parsed = parse_puzzle(link)
    assert record["svg"] == puzzle_svg(parsed)
    assert record["kind"] == parsed.kind == "killer"
    cages = {r["family"]: r for r in record["rules"]}["cage"]
    assert cages["count"] == len(json.loads(_payload(link))["killercage"])
    assert record["candidates"] is None and cages["unit"] is False
    checked = post(client, "unique", puzzle=link).json()
    assert checked["status"] == str(uniqueness(link).status) == "unique"
    found = post(client, "candidates", puzzle=link).json()
    assert found["candidates"] == [list(v) for v in candidates(link).candidates]
    assert [v for (v,) in found["candidates"]] == list(uniqueness(link).solutions[0].grid)


def _payload(link: str) -> str:
    """The f-puzzles JSON a link carries."""
    return decompress_base64(re.split(r"load=|fpuzzles", link)[-1])
