"""True candidates of variant puzzles, against every solution enumerated by CP-SAT: on
puzzles with several solutions each cell's candidates are the values its solutions hold
(through the API and the ``candidates`` command), counted with ``--limit K`` as the
enumeration counts them up to K; on unique ISS puzzles they are the one solution."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import satdoku
from satdoku.formats.iss import parse_iss
from satdoku.model import Grid, Puzzle
from satdoku.status import Status
from tests.cli import satdoku as run
from tests.conftest import DATA, shared_file

MULTIPLE = [json.loads(line) for line in (DATA / "iss_multiple.jsonl").read_text().splitlines()]
"""Real ISS puzzles with givens or rules taken away, leaving a few hundred solutions at most
(tests/data/iss_multiple.md)."""
LIMITED = ("Thermo", "Fortress", "6x6: Little Killer")
"""Puzzles whose candidates are counted with a limit."""
UNIQUE = (
    "Thermo",
    "German Whispers",
    "'Leven",
    "Sudoku Variants Series (173) - Between Lines Sudoku",
    "Lockout Lines (DSM 23 Quali Training)",
    "Zipper lines - tutorial",
    "Sum lines - long loop",
    "Modular Lines 1",
    "Killer sudoku [alldiff]",
    "Force non-unit coeff",
    "Magic square",
    "XV Kropki Sudoku",
    "Strict kropki",
    "Fortress",
    "Doggo Experiment #8",
    "X-Sum little killer",
    "Anti-knight Anti-consecutive",
    "X-Windoku",
    "4x7: Jigsaw",
    "Septa",
)
"""Unique ISS puzzles of other rules that solve fast."""


@cache
def enumerated(iss: str) -> tuple[Puzzle, tuple[Grid, ...]]:
    """The puzzle of ``iss`` and every solution CP-SAT finds (each verified)."""
    puzzle = parse_iss(iss)
    return puzzle, tuple(s.grid for s in satdoku.solutions(puzzle, backend="cpsat", timeout=60))


def union(grids: tuple[Grid, ...]) -> tuple[tuple[int, ...], ...]:
    """Per cell, the sorted values the grids hold there."""
    return tuple(tuple(sorted({grid[cell] for grid in grids})) for cell in range(len(grids[0])))


def capped_counts(
    grids: tuple[Grid, ...], values: tuple[tuple[int, ...], ...], limit: int
) -> tuple[tuple[int, ...], ...]:
    """Per cell and candidate, how many of the grids hold it, up to ``limit``."""
    held = Counter((cell, grid[cell]) for grid in grids for cell in range(len(grid)))
    return tuple(
        tuple(min(limit, held[cell, v]) for v in cell_values)
        for cell, cell_values in enumerate(values)
    )


def by_name(name: str) -> dict[str, Any]:
    return next(entry for entry in MULTIPLE if entry["name"] == name)


def test_the_puzzles_are_of_many_rules_and_grids() -> None:
    types = {t for entry in MULTIPLE for t in entry["constraint_types"]}
    assert len(MULTIPLE) >= 20 and len(types) >= 15
    assert {parse_iss(entry["iss"]).ncells for entry in MULTIPLE} >= {36, 81}


@pytest.mark.parametrize("entry", MULTIPLE, ids=lambda entry: entry["name"])
def test_candidates_are_the_values_of_all_solutions(entry: dict[str, Any]) -> None:
    puzzle, grids = enumerated(entry["iss"])
    assert 2 <= len(grids) <= 300
    found = satdoku.candidates(puzzle, timeout=60)
    assert found.status is Status.MULTIPLE
    assert found.candidates == union(grids)
    assert 2 <= found.solutions <= len(grids)


@pytest.mark.parametrize("limit", [1, 3, 12])
@pytest.mark.parametrize("name", LIMITED)
def test_a_limit_counts_each_candidate_as_the_enumeration_does(name: str, limit: int) -> None:
    puzzle, grids = enumerated(by_name(name)["iss"])
    found = satdoku.candidates(puzzle, limit=limit, timeout=60)
    assert found.candidates == union(grids)
    assert found.counts == capped_counts(grids, found.candidates, limit)
    assert max(max(c) for c in found.counts) == limit  # the cap is reached somewhere


def test_the_command_prints_them(tmp_path: Path) -> None:
    """``candidates --format json`` on a file of every puzzle, then with ``--limit``."""
    path = tmp_path / "multiple.txt"
    path.write_text("".join(entry["iss"] + "\n" for entry in MULTIPLE))
    done = run("candidates", "-f", str(path), "--format", "json", "-q", timeout=600)
    assert done.status == 1, done.err  # several solutions each
    records = [json.loads(line) for line in done.out.splitlines()]
    assert [r["line"] for r in records] == list(range(1, len(MULTIPLE) + 1))
    for record, entry in zip(records, MULTIPLE, strict=True):
        grids = enumerated(entry["iss"])[1]
        assert record["status"] == "multiple"
        assert record["candidates"] == [list(values) for values in union(grids)]
    limited = tmp_path / "limited.txt"
    limited.write_text("".join(by_name(name)["iss"] + "\n" for name in LIMITED))
    done = run("candidates", "-f", str(limited), "--format", "json", "--limit", "5", "-q")
    for line, name in zip(done.out.splitlines(), LIMITED, strict=True):
        grids = enumerated(by_name(name)["iss"])[1]
        record = json.loads(line)
        values = union(grids)
        assert (record["limit"], record["candidates"]) == (5, [list(v) for v in values])
        assert record["counts"] == [list(c) for c in capped_counts(grids, values, 5)]


def test_the_command_enumerates_as_the_api_does(tmp_path: Path) -> None:
    """``solve --all`` on a file prints, puzzle by puzzle, the solutions of the API."""
    path = tmp_path / "multiple.txt"
    path.write_text("".join(entry["iss"] + "\n" for entry in MULTIPLE))
    options = ("--backend", "cpsat", "--timeout", "60", "--format", "json", "-q")
    done = run("solve", "--all", "-f", str(path), *options, timeout=600)
    assert done.status == 0, done.err
    found: dict[int, set[str]] = {}
    for line in done.out.splitlines():
        record = json.loads(line)
        found.setdefault(record["line"], set()).add(record["solution"])
    for k, entry in enumerate(MULTIPLE, 1):
        puzzle, grids = enumerated(entry["iss"])
        assert found[k] == {satdoku.format_line(puzzle, grid) for grid in grids}


@pytest.fixture(scope="module")
def entries() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for line in shared_file("variants/iss_puzzles.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        found.setdefault(entry["name"], entry)
    return found


@pytest.mark.parametrize("name", UNIQUE)
def test_a_unique_puzzle_has_its_solution_as_candidates(
    entries: dict[str, dict[str, Any]], name: str
) -> None:
    entry = entries[name]
    found = satdoku.candidates(parse_iss(entry["iss"]), timeout=60)
    assert found.status is Status.UNIQUE
    assert "".join(str(values[0]) for values in found.candidates) == entry["solution"]
    assert all(len(values) == 1 for values in found.candidates)
