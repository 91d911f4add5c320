"""``satdoku generate``: every puzzle unique (counted independently), minimal when asked,
reproducible from its seed, in the band asked; impossible requests are one error line."""

from __future__ import annotations

import json

import pytest

from satdoku import Geometry, parse_puzzle, rate
from satdoku.generate import generate
from satdoku.generate.digging import orbits
from satdoku.generate.grids import random_grid
from satdoku.kinds.classic import sudoku
from satdoku.solver import count
from satdoku.verify import violations
from tests.cli import assert_one_error_line, satdoku


def solutions(givens: list[int] | tuple[int, ...], geometry: Geometry, limit: int = 2) -> int:
    """Solutions of a grid up to ``limit``, by CP-SAT (not the generator's engines)."""
    from satdoku.kinds.classic import sudoku

    puzzle = sudoku(geometry, givens)
    return count(puzzle, limit=limit, backend="cpsat").count


@pytest.mark.parametrize("box", ["2x2", "2x3", "3x3", "3x4", "4x4"])
def test_random_grids_are_solved_grids_and_differ(box):
    import random

    from satdoku.deadline import NEVER
    from satdoku.generate.counter import Counter

    geometry = Geometry.parse(box)
    rules = sudoku(geometry, [0] * geometry.ncells)
    counter = Counter(rules, NEVER)
    rng = random.Random(box)
    grids = [random_grid(rules, rng, counter.first) for _ in range(5)]
    for grid in grids:
        assert grid is not None and violations(rules, grid) == []
    assert len({tuple(g) for g in grids if g}) == 5


def test_twenty_minimal_puzzles_are_distinct_unique_minimal_and_reproducible():
    made = list(generate("3x3", count=20, seed=1, minimal=True))
    geometry = Geometry(3, 3)
    lines = [m.puzzle_line for m in made]
    assert len(set(lines)) == 20
    for m in made:
        givens = list(m.puzzle.givens)
        assert solutions(givens, geometry) == 1
        assert violations(m.puzzle, m.solution) == []
        for cell, value in enumerate(givens):
            if value:
                givens[cell] = 0
                assert solutions(givens, geometry) == 2, (m.seed, cell)
                givens[cell] = value
    again = [m.puzzle_line for m in generate("3x3", count=20, seed=1, minimal=True)]
    assert again == lines
    other = [m.puzzle_line for m in generate("3x3", count=5, seed=2, minimal=True)]
    assert not set(other) & set(lines)


def test_the_cli_writes_the_same_puzzles_as_the_library():
    run = satdoku("generate", "--count", "5", "--seed", "7", "--minimal", "--format", "json", "-q")
    assert run.status == 0, run.err
    records = [json.loads(line) for line in run.out.splitlines()]
    library = list(generate("3x3", count=5, seed="7", minimal=True))
    assert [r["puzzle"] for r in records] == [m.puzzle_line for m in library]
    for r in records:
        puzzle = parse_puzzle(r["puzzle"])
        assert sum(1 for v in puzzle.givens if v) == r["givens"]
        assert rate(puzzle).score == r["rating"]


def test_easy_puzzles_solve_with_singles_and_a_band_is_kept():
    for m in generate("3x3", count=5, seed=3, label="easy"):
        assert rate(m.puzzle, "singles").score is not None
    for m in generate("3x3", count=3, seed=3, rating=(4.0, 6.0)):
        assert m.rating.score is not None and 4.0 <= m.rating.score <= 6.0


def test_fiendish_puzzles_are_unique_reproducible_and_rated_fiendish_again():
    made = list(generate("3x3", count=4, seed=5, minimal=True, label="fiendish"))
    again = list(generate("3x3", count=4, seed=5, minimal=True, label="fiendish"))
    assert [m.puzzle_line for m in again] == [m.puzzle_line for m in made]
    for m in made:
        assert solutions(list(m.puzzle.givens), Geometry(3, 3)) == 1
        assert m.rating is not None
        independent = rate(m.puzzle_line)
        assert independent.label == "fiendish"
        assert independent.to_dict() == m.rating.to_dict()


@pytest.mark.parametrize("box", ["2x3", "3x4", "4x4"])
@pytest.mark.parametrize("symmetry", ["rotational", "mirror"])
def test_other_sizes_and_symmetries_are_unique_and_symmetric(box, symmetry):
    geometry = Geometry.parse(box)
    n = geometry.size
    (m,) = generate(geometry, count=1, seed=5, symmetry=symmetry)
    assert count(m.puzzle, limit=2, backend="cpsat").count == 1
    for group in orbits(n, symmetry):
        assert len({bool(m.puzzle.givens[c]) for c in group}) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["--givens", "10-12"],
        ["--rating", "11-12"],
        ["--rating", "x"],
        ["--box", "3x3", "--size", "9"],
        ["--label", "impossible"],
        ["--kind", "windoku", "--box", "2x3"],
        ["--kind", "killer", "--symmetry", "rotational"],
        ["--kind", "killer", "--label", "easy"],
        ["--kind", "killer", "--givens", "3-9"],
        ["--kind", "jigsaw", "--size", "36"],
        ["--kind", "kakuro"],
        ["--jobs", "0"],
    ],
)
def test_impossible_requests_are_one_error_line(args):
    assert_one_error_line(satdoku("generate", *args))


def test_a_hard_request_ends_at_the_timeout_with_what_it_made():
    run = satdoku("generate", "--count", "1000", "--givens", "17-18", "--timeout", "2", "-q")
    assert run.status == 3
    assert "stopped by --timeout" in run.err


def _connected(n: int, cells: set[int]) -> bool:
    """Whether cells of an n x n grid form one piece (checked apart from the generator)."""
    todo, seen = [min(cells)], {min(cells)}
    while todo:
        r, c = divmod(todo.pop(), n)
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            cell = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and cell in cells and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return seen == cells


@pytest.mark.parametrize("kind", ["x", "windoku", "jigsaw", "killer"])
def test_every_kind_generates_unique_puzzles_read_back_by_its_parser(kind):
    from satdoku.constraints import AllDifferent, Sum
    from satdoku.formats.kinds import get_kind

    made = list(generate("3x3", count=3, seed=4, kind=kind))
    assert len({m.text for m in made}) == 3
    for m in made:
        puzzle = get_kind(kind).parse(m.text, None, "auto")
        assert puzzle == m.puzzle and puzzle.kind == kind
        assert count(puzzle, limit=2, backend="cpsat").count == 1
        assert violations(puzzle, m.solution) == []
        units = [c for c in puzzle.constraints if isinstance(c, AllDifferent)]
        if kind == "jigsaw":
            regions = [set(u.cells) for u in units[18:]]
            assert len(regions) == 9 and all(len(r) == 9 and _connected(9, r) for r in regions)
        if kind == "killer":
            assert puzzle.nclues == 0 and m.rating is None
            for cage in (c for c in puzzle.constraints if isinstance(c, Sum)):
                assert _connected(9, set(cage.cells))
                assert sum(m.solution[c] for c in cage.cells) == cage.total
                assert len({m.solution[c] for c in cage.cells}) == len(cage.cells)


def test_kinds_of_other_sizes_are_unique():
    for kind, box in [("x", "2x2"), ("jigsaw", "2x3"), ("killer", "2x3"), ("windoku", "2x2")]:
        (m,) = generate(box, count=1, seed=6, kind=kind)
        assert count(m.puzzle, limit=2, backend="cpsat").count == 1, (kind, box)


def test_the_same_puzzles_come_with_any_number_of_jobs():
    one = [m.text for m in generate("3x3", count=6, seed=9, kind="jigsaw")]
    two = [m.text for m in generate("3x3", count=6, seed=9, kind="jigsaw", jobs=2)]
    assert one == two


def test_the_cli_writes_kinds_in_a_form_it_reads_back(tmp_path):
    out = tmp_path / "killers.txt"
    run = satdoku("generate", "--kind", "killer", "--count", "2", "--seed", "3", "-o", str(out))
    assert run.status == 0, run.err
    counted = satdoku("count", "--kind", "killer", "-f", str(out), "--format", "json")
    assert [json.loads(line)["status"] for line in counted.out.splitlines()] == ["unique"] * 2
    run = satdoku("generate", "--kind", "jigsaw", "--count", "2", "--seed", "3", "--format", "json")
    records = [json.loads(line) for line in run.out.splitlines()]
    assert all(len(r["regions"]) == 9 and r["kind"] == "jigsaw" for r in records)


def test_big_grids_come_in_seconds_when_not_minimal():
    for box, kind in [("5x5", "sudoku"), ("4x4", "jigsaw"), ("4x4", "windoku"), ("4x4", "killer")]:
        (m,) = generate(box, count=1, seed=1, kind=kind, rated=False, timeout=120)
        assert m.rating is None
        assert count(m.puzzle, limit=2, backend="cpsat").count == 1, (box, kind)
