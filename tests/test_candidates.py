"""True candidates: on puzzles with a few solutions they are the union of all the solutions
enumerated; on unique puzzles, the solution; counts under a limit agree with counting the
puzzle with that cell fixed; the command's outputs, time limit and bad input."""

from __future__ import annotations

import dataclasses
import json
import random
from functools import cache
from pathlib import Path

import pytest

import satdoku
from satdoku.constraints import Sum
from satdoku.formats.kinds import get_kind
from satdoku.model import Puzzle
from satdoku.status import Status
from tests.cli import satdoku as run_satdoku
from tests.conftest import DATA, data_lines

MOST = 60
"""Solutions at most of a loosened puzzle (all of them are enumerated)."""
MULTI = "......6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
"""A 9x9 with 6 solutions."""
HAKANK = [json.loads(line) for line in (DATA / "hakank_kakuro.jsonl").read_text().splitlines()]


def read_one(kind: str, path: str) -> Puzzle:
    with open(DATA / path) as handle:
        (record,) = get_kind(kind).read(handle, None, "auto")
    assert record.puzzle is not None
    return record.puzzle


def full_grid(box: str) -> Puzzle:
    """A solved grid as a puzzle of all givens."""
    size = satdoku.Geometry.parse(box).size
    solution = satdoku.solve("." * size * size, box=box)
    assert solution is not None
    return solution.puzzle.with_givens(solution.grid)


SOURCES = {
    "4x4-0": lambda: satdoku.parse_puzzle(data_lines("rkkautsar_4x4.txt")[0]),
    "4x4-full": lambda: full_grid("2x2"),
    "6x6": lambda: full_grid("2x3"),
    "9x9-easy0": lambda: satdoku.parse_puzzle(data_lines("norvig_easy50.txt")[0]),
    "9x9-easy1": lambda: satdoku.parse_puzzle(data_lines("norvig_easy50.txt")[1]),
    "9x9-easy2": lambda: satdoku.parse_puzzle(data_lines("norvig_easy50.txt")[2]),
    "9x9-easy3": lambda: satdoku.parse_puzzle(data_lines("norvig_easy50.txt")[3]),
    "killer": lambda: read_one("killer", "variants/killer.txt"),
    "jigsaw": lambda: read_one("jigsaw", "variants/jigsaw.txt"),
    "x": lambda: read_one("x", "variants/x.txt"),
    "kakuro": lambda: get_kind("kakuro").parse(json.dumps(HAKANK[0]), None, "auto"),
}
MULTIPLE = [
    ("4x4-0", 1),
    ("4x4-full", 1),
    ("4x4-full", 2),
    ("6x6", 1),
    ("6x6", 2),
    ("6x6", 3),
    ("6x6", 4),
    ("9x9-easy0", 1),
    ("9x9-easy0", 2),
    ("9x9-easy1", 1),
    ("9x9-easy2", 1),
    ("9x9-easy3", 1),
    ("9x9-easy3", 2),
    ("killer", 1),
    ("killer", 2),
    ("jigsaw", 1),
    ("jigsaw", 2),
    ("x", 1),
    ("kakuro", 1),
    ("kakuro", 2),
]
"""Twenty puzzles with several solutions: a source loosened with a seed."""


@cache
def loosened(source: str, seed: int) -> Puzzle:
    """The source with givens blanked and sums dropped, in an order the seed shuffles, until
    it has from 2 to :data:`MOST` solutions (a step past that is skipped)."""
    puzzle = SOURCES[source]()
    steps: list[int | Sum] = [c for c, v in enumerate(puzzle.givens) if v]
    steps += [c for c in puzzle.constraints if isinstance(c, Sum)]
    random.Random(seed).shuffle(steps)
    for step in steps:
        trial = loosen(puzzle, step)
        found = satdoku.count(trial, MOST + 1).count
        if found <= MOST:
            puzzle = trial
            if found >= 2:
                return puzzle
    raise AssertionError(f"{source} never had from 2 to {MOST} solutions")


def loosen(puzzle: Puzzle, step: int | Sum) -> Puzzle:
    """``puzzle`` without the given of cell ``step``, or without the sum ``step``."""
    if isinstance(step, int):
        givens = list(puzzle.givens)
        givens[step] = 0
        return puzzle.with_givens(givens)
    kept = tuple(c for c in puzzle.constraints if c is not step)
    return dataclasses.replace(puzzle, constraints=kept)


def union(puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
    """Per cell, the values of every solution enumerated."""
    grids = [s.grid for s in satdoku.solutions(puzzle, limit=None)]
    return tuple(tuple(sorted({g[c] for g in grids})) for c in range(puzzle.ncells))


@pytest.mark.parametrize(("source", "seed"), MULTIPLE, ids=[f"{s}-{n}" for s, n in MULTIPLE])
def test_candidates_are_the_union_of_all_solutions(source: str, seed: int) -> None:
    puzzle = loosened(source, seed)
    found = satdoku.candidates(puzzle)
    assert found.status == Status.MULTIPLE
    assert found.candidates == union(puzzle)
    assert found.counts is None and found.reason is None


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_unique_puzzle_candidates_are_its_solution(source: str) -> None:
    puzzle = SOURCES[source]()
    solution = satdoku.solve(puzzle)
    assert solution is not None
    found = satdoku.candidates(puzzle, limit=3)
    assert found.status == Status.UNIQUE
    assert found.candidates == tuple((v,) for v in solution.grid)
    assert found.counts == tuple((1,) for _ in solution.grid)
    assert found.solutions == 1


@pytest.mark.parametrize(
    ("source", "seed", "limit"),
    [("6x6", 2, 3), ("9x9-easy0", 1, 2), ("killer", 1, 4), ("jigsaw", 2, 100)],
)
def test_counts_agree_with_counting_with_the_cell_fixed(source: str, seed: int, limit: int) -> None:
    puzzle = loosened(source, seed)
    found = satdoku.candidates(puzzle, limit=limit)
    assert found.counts is not None and found.limit == limit
    total = satdoku.count(puzzle, limit).count
    for cell, (values, counts) in enumerate(zip(found.candidates, found.counts, strict=True)):
        if len(values) == 1:
            assert counts == (total,)
            continue
        for value, counted in zip(values, counts, strict=True):
            givens = list(puzzle.givens)
            givens[cell] = value
            assert counted == satdoku.count(puzzle.with_givens(givens), limit).count, (cell, value)


def test_counts_of_a_cell_add_up_to_the_solutions_below_the_limit() -> None:
    found = satdoku.candidates(MULTI, limit=10)
    assert found.solutions == 6 == satdoku.count(MULTI).count
    assert all(sum(counts) == 6 for counts in found.counts or ())


def test_no_solution_has_no_candidates() -> None:
    found = satdoku.candidates("11" + "." * 14, limit=2)
    assert found.status == Status.NO_SOLUTION
    assert found.candidates == ((),) * 16 and found.solutions == 0


def test_every_encoding_gives_the_same_candidates() -> None:
    expected = satdoku.candidates(MULTI).candidates
    for encoding in ("minimal", "efficient", "extended", "extended+singles", "augmented"):
        assert satdoku.candidates(MULTI, encoding=encoding).candidates == expected, encoding
    assert satdoku.candidates(MULTI, backend="glucose4").candidates == expected


def test_timeout_gives_unknown_and_what_was_found() -> None:
    # long enough for some solutions on a busy machine, far too short for a million
    found = satdoku.candidates("." * 81, limit=10**6, timeout=2)
    assert found.status == Status.UNKNOWN and found.reason is not None
    assert found.time < 10
    assert all(set(values) <= set(range(1, 10)) for values in found.candidates)
    assert found.solutions > 0


def test_limit_below_one_is_refused() -> None:
    with pytest.raises(satdoku.UsageError, match="1 or more"):
        satdoku.candidates(MULTI, limit=0)


def test_cli_json_is_the_api_record() -> None:
    run = run_satdoku("candidates", "--format", "json", "--limit", "4", MULTI)
    assert run.status == 1, run
    record = json.loads(run.out)
    found = satdoku.candidates(MULTI, limit=4)
    assert record["status"] == "multiple" and record["limit"] == 4
    assert record["candidates"] == [list(v) for v in found.candidates]
    assert record["counts"] == [list(c) for c in found.counts or ()]
    assert record["solutions"] == found.solutions


def test_cli_grid_shows_the_cells_and_the_counts() -> None:
    run = run_satdoku("candidates", "--limit", "3", MULTI)
    lines = run.out.splitlines()
    assert lines[0].split() == ["245", "8", "3", "|", "9", "24", "1", "|", "6", "25", "7"]
    assert set(lines[3]) == {"-"}
    assert "r1c1: 2 x2, 4 x3+, 5 x1" in lines


def test_cli_line_and_csv_over_a_file(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{MULTI}\nnot a puzzle\n{data_lines('norvig_easy50.txt')[0]}\n")
    run = run_satdoku("candidates", "--format", "line", "-q", "-f", str(path))
    assert run.status == 2, run
    first, bad, unique = run.out.splitlines()
    assert first.split()[:3] == ["245", "8", "3"] and bad == "invalid"
    assert all(len(word) == 1 for word in unique.split()) and len(unique.split()) == 81
    assert run.err.startswith("error: ")
    rows = run_satdoku("candidates", "--format", "csv", "-q", "-f", str(path)).out.splitlines()
    assert rows[0] == "line,id,status,candidates,counts,solutions,time,reason,error"
    assert rows[1].startswith("1,,multiple,245 8 3 ") and rows[2].startswith("2,,invalid,")


def test_cli_timeout_is_unknown_with_exit_3() -> None:
    run = run_satdoku("candidates", "--format", "json", "--limit", "1000000", "--timeout", "0.3")
    assert run.status == 2  # no puzzle given
    run = run_satdoku(
        "candidates", "--format", "json", "--limit", "1000000", "--timeout", "0.3", "." * 81
    )
    assert run.status == 3, run
    record = json.loads(run.out)
    assert record["status"] == "unknown" and "reason" in record
    assert "unknown: no answer within 0.3 s" in run.err


@pytest.mark.parametrize(
    "args",
    [
        ("12",),
        ("--limit", "0", MULTI),
        ("--backend", "cpsat", MULTI),
        ("--encoding", "nosuch", MULTI),
        ("--format", "svg", MULTI),
    ],
)
def test_cli_bad_input_is_one_error_line(args: tuple[str, ...]) -> None:
    run = run_satdoku("candidates", *args)
    assert run.status == 2, run
    assert run.err.startswith("error: ") and len(run.err.splitlines()) == 1
    assert "Traceback" not in run.err
