"""The writers of other programs' notations (``.ss``, SadMan ``.sdk``, ``.sdm``, the trace
line): their text for known grids, written by hand from each notation's layout; reading it
back gives the same grid; grids a notation cannot hold are refused."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from satdoku import Geometry, UsageError, parse_puzzle, read_records
from satdoku.formats.kinds import get_kind
from satdoku.formats.notations import (
    NOTATIONS,
    format_sdk,
    format_sdm,
    format_ss,
    trace_line,
)
from satdoku.kinds.classic import sudoku
from satdoku.logic import explain
from satdoku.logic.grid import CandidateGrid
from satdoku.model import Puzzle
from satdoku.solver import solve
from tests.cli import assert_one_error_line, satdoku
from tests.conftest import DATA

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
CLASH = "11" + "." * 79
"""Two 1s in row 1: no solution."""

"""Text that satdoku's reader does not read yet."""


def easy() -> Puzzle:
    return parse_puzzle(EASY)


def solution(puzzle: Puzzle) -> tuple[int, ...]:
    found = solve(puzzle)
    assert found is not None
    return tuple(found.grid)


def kind_puzzle(kind: str) -> Puzzle:
    path = DATA / "variants" / f"{kind}.txt"
    return get_kind(kind).parse(path.read_text(), None, "auto")


def kakuro() -> Puzzle:
    with (DATA / "hakank_kakuro.jsonl").open() as lines:
        record = next(get_kind("kakuro").read(lines, None, "auto"))
    assert record.puzzle is not None
    return record.puzzle


# The text of each notation for a known grid, written by hand.


def test_ss_of_a_puzzle():
    assert format_ss(easy(), easy().givens) == (
        "..3|.2.|6..\n"
        "9..|3.5|..1\n"
        "..1|8.6|4..\n"
        "-----------\n"
        "..8|1.2|9..\n"
        "7..|...|..8\n"
        "..6|7.8|2..\n"
        "-----------\n"
        "..2|6.9|5..\n"
        "8..|2.3|..9\n"
        "..5|.1.|3.."
    )


def test_ss_of_a_solution():
    assert format_ss(easy(), solution(easy())) == (
        "483|921|657\n"
        "967|345|821\n"
        "251|876|493\n"
        "-----------\n"
        "548|132|976\n"
        "729|564|138\n"
        "136|798|245\n"
        "-----------\n"
        "372|689|514\n"
        "814|253|769\n"
        "695|417|382"
    )


def test_ss_of_other_box_shapes():
    four = parse_puzzle("12..34..........")
    assert format_ss(four, four.givens) == "12|..\n34|..\n-----\n..|..\n..|.."
    six = parse_puzzle("1" + "." * 34 + "6", Geometry(2, 3))
    assert format_ss(six, six.givens).splitlines() == [
        "1..|...",
        "...|...",
        "-------",
        "...|...",
        "...|...",
        "-------",
        "...|...",
        "...|..6",
    ]
    sixteen = parse_puzzle("G" + "." * 254 + "A")
    lines = format_ss(sixteen, sixteen.givens).splitlines()
    assert len(lines) == 19 and lines[0] == "G...|....|....|...." and lines[4] == "-" * 19
    assert lines[-1] == "....|....|....|...A"


def test_sdk_of_a_puzzle():
    assert format_sdk(easy(), easy().givens) == (
        "[Puzzle]\n"
        "..3.2.6..\n"
        "9..3.5..1\n"
        "..18.64..\n"
        "..81.29..\n"
        "7.......8\n"
        "..67.82..\n"
        "..26.95..\n"
        "8..2.3..9\n"
        "..5.1.3.."
    )


def test_sdm_of_a_puzzle_and_of_its_solution():
    assert format_sdm(easy(), easy().givens) == (
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    )
    assert format_sdm(easy(), solution(easy())) == (
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    )


def test_trace_line_of_a_puzzle():
    assert trace_line(easy(), easy().givens) == (
        "..3.2.6.. 9..3.5..1 ..18.64.. ..81.29.. 7.......8 ..67.82.. ..26.95.. 8..2.3..9 ..5.1.3.."
    )
    four = parse_puzzle("12..34..........")
    assert trace_line(four, four.givens) == "12.. 34.. .... ...."


@pytest.mark.parametrize("name", sorted(NOTATIONS))
def test_a_puzzle_without_solution_is_written_with_its_blanks(name):
    """With no solution to write, the puzzle itself is: its givens, its blanks as blanks."""
    puzzle = parse_puzzle(CLASH)
    assert solve(puzzle) is None
    text = NOTATIONS[name](puzzle, puzzle.givens)
    blank = "0" if name == "sdm" else "."
    assert text.count("1") == 2 and text.count(blank) == 79
    assert text == NOTATIONS[name](puzzle, (1, 1) + (0,) * 79)


# The trace line is the logic engine's: the two agree on every kind explain takes.


@pytest.mark.parametrize("kind", ["sudoku", "x", "windoku", "jigsaw", "16x16", "6x6"])
def test_trace_line_is_the_line_of_the_logic_trace(kind):
    if kind == "16x16":
        puzzle = parse_puzzle((DATA / "gecode_16x16.txt").read_text().splitlines()[0])
    elif kind == "6x6":
        puzzle = parse_puzzle("1" + "." * 34 + "6", Geometry(2, 3))
    elif kind == "sudoku":
        puzzle = easy()
    else:
        puzzle = kind_puzzle(kind)
    assert trace_line(puzzle, puzzle.givens) == CandidateGrid.of(puzzle).line()
    lines = explain(puzzle, trace=True, timeout=60).lines
    assert lines[0] == trace_line(puzzle, puzzle.givens)
    if kind in ("sudoku", "x", "windoku"):
        assert lines[-1] == trace_line(puzzle, solution(puzzle))


# Refusals: one error naming the notation and why.


@pytest.mark.parametrize("writer", [format_sdk, format_sdm])
def test_sadman_notations_refuse_grids_other_than_9x9(writer):
    sixteen = parse_puzzle("1" + "." * 255)
    name = writer.__name__.removeprefix("format_")
    with pytest.raises(UsageError, match=f"the {name} format writes 9x9 grids only, not a 16x16"):
        writer(sixteen, sixteen.givens)
    with pytest.raises(UsageError, match="not a kakuro puzzle"):
        writer(kakuro(), kakuro().givens)


def test_sadman_notations_write_a_9x9_jigsaw_grid():
    jigsaw = kind_puzzle("jigsaw")
    assert format_sdm(jigsaw, jigsaw.givens).startswith("876000000")
    assert format_sdk(jigsaw, jigsaw.givens).splitlines()[1] == "876......"


@pytest.mark.parametrize("kind", ["jigsaw", "kakuro"])
def test_ss_refuses_puzzles_without_boxes(kind):
    puzzle = kakuro() if kind == "kakuro" else kind_puzzle(kind)
    with pytest.raises(UsageError, match=f"the ss format draws boxes; a {kind} puzzle has none"):
        format_ss(puzzle, puzzle.givens)


def test_ss_refuses_values_past_35():
    big = parse_puzzle(",".join(["36"] + ["0"] * (36 * 36 - 1)))
    with pytest.raises(UsageError, match="one character per cell: up to 35x35, not 36x36"):
        format_ss(big, big.givens)


# Round trips: the written text, read back by satdoku, is the same grid.


def square_grids(shapes=((2, 2), (2, 3), (3, 3), (3, 4), (4, 4))):
    """A box shape and any values 0..N for its N*N cells (0 for a blank)."""

    def build(shape: tuple[int, int]) -> st.SearchStrategy[tuple[Geometry, list[int]]]:
        n = shape[0] * shape[1]
        return st.tuples(
            st.just(Geometry(*shape)), st.lists(st.integers(0, n), min_size=n * n, max_size=n * n)
        )

    return st.sampled_from(shapes).flatmap(build)


@given(square_grids())
def test_ss_round_trip(case):
    geometry, values = case
    puzzle = sudoku(geometry, values)
    assert parse_puzzle(format_ss(puzzle, values), geometry).givens == tuple(values)


@given(square_grids(((3, 3),)))
def test_sdm_round_trip(case):
    geometry, values = case
    puzzle = sudoku(geometry, values)
    assert parse_puzzle(format_sdm(puzzle, values)).givens == tuple(values)


def test_sdm_collection_reads_back_line_by_line():
    grids = [easy().givens, solution(easy()), parse_puzzle(CLASH).givens]
    text = "".join(format_sdm(easy(), grid) + "\n" for grid in grids)
    assert [r.puzzle.givens for r in read_records(io.StringIO(text))] == grids


def test_ss_6x6_file_reads_back():
    six = parse_puzzle("1" + "." * 34 + "6", Geometry(2, 3))
    text = format_ss(six, six.givens) + "\n"
    (record,) = read_records(io.StringIO(text), Geometry(2, 3))
    assert record.puzzle is not None and record.puzzle.givens == six.givens


def file_grids(text: str) -> list[tuple[int, ...] | None]:
    """The grids of every record read from ``text`` as a file (None for a record in error)."""
    return [
        r.puzzle.givens if r.puzzle is not None else None
        for r in read_records(io.StringIO(text + "\n"))
    ]


@pytest.mark.parametrize("which", ["puzzle", "solution"])
def test_ss_9x9_file_reads_back(which):
    grid = easy().givens if which == "puzzle" else solution(easy())
    assert file_grids(format_ss(easy(), grid)) == [grid]


def big_puzzle() -> Puzzle:
    return parse_puzzle((DATA / "rkkautsar_25x25.txt").read_text().splitlines()[0])


def test_ss_25x25_reads_back_as_an_argument():
    text = format_ss(big_puzzle(), big_puzzle().givens)
    assert text.splitlines()[0] == "..C6.|.7.I.|5O.A1|..4..|....."
    assert parse_puzzle(text).givens == big_puzzle().givens


def test_ss_25x25_file_reads_back():
    assert file_grids(format_ss(big_puzzle(), big_puzzle().givens)) == [big_puzzle().givens]


def test_sdk_reads_back_as_an_argument():
    assert parse_puzzle(format_sdk(easy(), easy().givens)).givens == easy().givens


@pytest.mark.parametrize("which", ["puzzle", "solution"])
def test_sdk_file_reads_back(which):
    grid = easy().givens if which == "puzzle" else solution(easy())
    assert file_grids(format_sdk(easy(), grid)) == [grid]


def test_trace_line_reads_back_as_an_argument():
    assert parse_puzzle(trace_line(easy(), easy().givens)).givens == easy().givens


def test_a_trace_reads_back_line_by_line():
    """Every line of a plain trace is a grid: read from a file, one puzzle each."""
    lines = explain(easy(), trace=True).lines
    grids = file_grids("\n".join(lines))
    assert len(grids) == len(lines) and grids[-1] == solution(easy())


@pytest.mark.parametrize("fmt", ["ss", "sdk", "sdm", "trace"])
def test_solve_writes_each_notation_and_reads_it_back(fmt, tmp_path):
    puzzle = easy()
    text = format_sdm(puzzle, puzzle.givens)
    written = satdoku("solve", text, "--format", fmt)
    assert written.status == 0, written.err
    again = satdoku("solve", "-", "--format", "line", "-q", stdin=written.out)
    assert again.out.strip() == "".join(map(str, solution(puzzle)))


def test_a_notation_that_cannot_hold_the_grid_is_one_error_line():
    assert_one_error_line(satdoku("solve", "." * 256, "--format", "sdk"))
