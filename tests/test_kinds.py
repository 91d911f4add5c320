"""Puzzle kinds: each variant's example is read from its documented format, solved, and its
solutions counted by both backends; small grids are also counted by brute force."""

from __future__ import annotations

import pytest

from satdoku.constraints import AllDifferent, Sum
from satdoku.errors import ParseError, UsageError
from satdoku.formats.kinds import KINDS, get_kind
from satdoku.model import Puzzle
from satdoku.solver import solutions
from satdoku.verify import violations
from tests.conftest import DATA

VARIANTS = ("x", "windoku", "jigsaw", "killer")
BACKENDS = (("minisat22", None), ("minisat22", "extended+optimized+pb"), ("cpsat", None))


def read_one(kind: str, path: str) -> Puzzle:
    with open(DATA / path) as handle:
        records = list(get_kind(kind).read(handle, None, "auto"))
    assert len(records) == 1 and records[0].puzzle is not None, records
    return records[0].puzzle


def count(puzzle: Puzzle, backend: str, encoding: str | None, limit: int = 1000) -> int:
    return sum(1 for _ in solutions(puzzle, backend=backend, encoding=encoding, limit=limit))


def brute_force_count(puzzle: Puzzle) -> int:
    """Every assignment of values to blanks, cell by cell, pruned by the constraints whose
    cells are all filled: slow, obviously right, for tiny grids only."""
    grid = list(puzzle.givens)
    by_last: dict[int, list[AllDifferent | Sum]] = {}
    order = [c for c in range(puzzle.ncells) if not grid[c]]
    position = {c: i for i, c in enumerate(order)}
    for constraint in puzzle.constraints:
        last = max((position.get(c, -1) for c in constraint.cells), default=-1)
        by_last.setdefault(last, []).append(constraint)

    def holds(constraint: AllDifferent | Sum) -> bool:
        values = [grid[c] for c in constraint.cells]
        if isinstance(constraint, Sum):
            return sum(values) == constraint.total
        return len(set(values)) == len(values)

    if not all(holds(c) for c in by_last.get(-1, [])):
        return 0

    def search(i: int) -> int:
        if i == len(order):
            return 1
        total = 0
        for value in range(1, puzzle.values + 1):
            grid[order[i]] = value
            if all(holds(c) for c in by_last.get(i, [])):
                total += search(i + 1)
        grid[order[i]] = 0
        return total

    return search(0)


def test_registry_names_every_kind() -> None:
    for name in KINDS:
        assert get_kind(name).name == name
    assert get_kind("hyper").name == "windoku"
    with pytest.raises(UsageError, match="unknown puzzle kind"):
        get_kind("nonogram")


@pytest.mark.parametrize("kind", VARIANTS)
def test_variant_example_is_unique_for_both_backends(kind: str) -> None:
    puzzle = read_one(kind, f"variants/{kind}.txt")
    assert puzzle.kind == kind
    counts = {f"{b}:{e}": count(puzzle, b, e, limit=2) for b, e in BACKENDS}
    assert set(counts.values()) == {1}, counts
    solution = next(solutions(puzzle))
    assert violations(puzzle, solution.grid) == []
    drawing = str(solution)
    assert "|" in drawing and "+" in drawing


@pytest.mark.parametrize("kind", VARIANTS)
def test_variant_with_fewer_clues_counts_agree(kind: str) -> None:
    """Blank some givens (killer: drop some cage sums) so there are several solutions; the
    three ways to count agree."""
    puzzle = read_one(kind, f"variants/{kind}.txt")
    if kind == "killer":
        sums = [c for c in puzzle.constraints if isinstance(c, Sum)]
        dropped = set(sums[:8])
        puzzle = Puzzle(
            **{
                **{f: getattr(puzzle, f) for f in ("values", "positions", "givens", "nrows")},
                "ncols": puzzle.ncols,
                "kind": puzzle.kind,
                "geometry": puzzle.geometry,
                "layout": puzzle.layout,
                "constraints": tuple(c for c in puzzle.constraints if c not in dropped),
            }
        )
    else:
        givens = list(puzzle.givens)
        for cell in [c for c, v in enumerate(givens) if v][:5]:
            givens[cell] = 0
        puzzle = puzzle.with_givens(givens)
    counts = {f"{b}:{e}": count(puzzle, b, e) for b, e in BACKENDS}
    assert len(set(counts.values())) == 1, counts
    assert next(iter(counts.values())) > 1, counts


SMALL = {
    "x": "....\n....\n....\n....",
    "windoku": "1...\n....\n....\n....",
    "jigsaw": "1...\n....\n....\n....\nAABB\nACBB\nACCD\nCDDD",
    "killer": "aabb\ncdb.\ncd..\n....\na=3 b=8 c=5 d=5",
}


@pytest.mark.parametrize("kind", sorted(SMALL))
def test_small_counts_match_brute_force(kind: str) -> None:
    puzzle = get_kind(kind).parse(SMALL[kind], None, "auto")
    expected = brute_force_count(puzzle)
    assert expected > 0
    for backend, encoding in BACKENDS:
        assert count(puzzle, backend, encoding) == expected, (backend, encoding)


def test_x_sudoku_units_are_the_diagonals() -> None:
    puzzle = get_kind("x").parse("." * 81, None, "auto")
    extra = puzzle.constraints[27:]
    assert [u.cells for u in extra] == [tuple(range(0, 81, 10)), tuple(range(8, 73, 8))]


def test_windoku_windows_of_9x9() -> None:
    puzzle = get_kind("windoku").parse("." * 81, None, "auto")
    tops = [min(u.cells) for u in puzzle.constraints[27:]]
    assert tops == [10, 14, 46, 50]


def test_windoku_needs_square_boxes() -> None:
    from satdoku.geometry import Geometry

    with pytest.raises(UsageError, match="square boxes"):
        get_kind("windoku").parse("." * 36, Geometry(2, 3), "auto")


def test_jigsaw_one_line_equals_block() -> None:
    block = (DATA / "variants/jigsaw.txt").read_text()
    rows = [ln for ln in block.splitlines() if ln and not ln.startswith("#")]
    one = "".join(rows[:9]) + " " + "".join(rows[9:])
    a = get_kind("jigsaw").parse(block, None, "auto")
    b = get_kind("jigsaw").parse(one, None, "auto")
    assert a.givens == b.givens and a.constraints == b.constraints


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        ("jigsaw", "1...\n....\n....\n....\nAABB\nAABB\nCCDD\nCCDE", "4 regions of 4 cells"),
        ("jigsaw", "1...\n....\n....", "N rows of givens then N rows"),
        ("killer", "aabb\ncdbe\ncdfe\nggfh\na=3 b=10", "has no sum"),
        ("killer", "aabb\ncdbe\ncdfe\nggfh\na=3 b=x", "label=sum"),
        ("kakuro", "- 4, 10,\n,7 0 x", "found 'x'"),
    ],
)
def test_bad_input_names_the_problem(kind: str, text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message) as err:
        get_kind(kind).parse(text, None, "auto")
    assert err.value.line is not None


def test_killer_cage_may_not_repeat_a_value() -> None:
    # a 2-cell cage summing to 2 would need 1 + 1: no solution
    text = "aabc\ndeff\nghij\nklmn\na=2 b=1 c=1 d=1 e=1 f=3 g=1 h=1 i=1 j=1 k=1 l=1 m=1 n=1"
    puzzle = get_kind("killer").parse(text, None, "auto")
    for backend, encoding in BACKENDS:
        assert count(puzzle, backend, encoding) == 0


def test_digit_sets() -> None:
    from satdoku.encodings.sums import _digit_sets

    nine = [tuple(range(1, 10))] * 3
    assert _digit_sets([0, 1, 2], nine, 7, set()) == [(1, 2, 4)]
    assert _digit_sets([0, 1, 2], nine, 24, set()) == [(7, 8, 9)]
    assert _digit_sets([0, 1], nine, 10, {1}) == [(2, 8), (3, 7), (4, 6)]


def test_centredot_walkthrough_of_the_docs() -> None:
    """The kind docs/adding-a-puzzle.md adds: its unit, and both backends agree."""
    kind = get_kind("centredot")
    puzzle = kind.parse((DATA / "variants/x.txt").read_text(), None, "auto")
    assert puzzle.constraints[-1].cells == (10, 13, 16, 37, 40, 43, 64, 67, 70)
    sat = count(puzzle, "minisat22", None, limit=50)
    assert sat == count(puzzle, "cpsat", None, limit=50) > 0
