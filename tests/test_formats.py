import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from satdoku import Geometry, ParseError, format_grid, format_line, parse_puzzle, read_records
from tests.conftest import DATA, data_lines, shared_file

P = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
GIVENS = tuple(0 if ch == "." else int(ch) for ch in P)


@pytest.mark.parametrize("blank", [".", "0", " ", "_", "*"])
def test_one_line_with_any_blank(blank):
    assert parse_puzzle(P.replace(".", blank)).givens == GIVENS


def test_multi_line_grid_with_spaces():
    text = "\n".join(" ".join(str(v) for v in GIVENS[r * 9 : r * 9 + 9]) for r in range(9))
    assert parse_puzzle(text).givens == GIVENS


def test_multi_line_grid_with_box_separators():
    rows = [P[r * 9 : r * 9 + 9] for r in range(9)]
    lines = []
    for r, row in enumerate(rows):
        if r in (3, 6):
            lines.append("------+-------+------")
        lines.append(" | ".join(" ".join(row[b : b + 3]) for b in (0, 3, 6)))
    assert parse_puzzle("\n".join(lines)).givens == GIVENS


def test_multi_line_grid_without_spaces():
    assert parse_puzzle("\n".join(P[r * 9 : r * 9 + 9] for r in range(9))).givens == GIVENS


def test_comma_tokens_for_16x16():
    line = (DATA / "rkkautsar_16x16.txt").read_text().strip()
    puzzle = parse_puzzle(line)
    assert puzzle.geometry == Geometry(4, 4)
    assert puzzle.givens == tuple(int(t) for t in line.split(","))


def test_space_tokens_and_dots():
    line = (DATA / "rkkautsar_4x4.txt").read_text().strip().replace(",", " ").replace("0", ".")
    assert parse_puzzle(line).givens == (0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 2, 0)


def test_16x16_alphabets_agree():
    values = parse_puzzle((DATA / "rkkautsar_16x16.txt").read_text()).givens
    base36 = "".join("." if v == 0 else "123456789ABCDEFG"[v - 1] for v in values)
    hexa = "".join("." if v == 0 else "0123456789ABCDEF"[v - 1] for v in values)
    assert parse_puzzle(base36).givens == values
    assert parse_puzzle(hexa, alphabet="0-F").givens == values
    assert parse_puzzle(base36.lower()).givens == values


def test_6x6_needs_the_box_shape():
    line = "1" + "." * 35
    with pytest.raises(ParseError, match="--box 2x3"):
        parse_puzzle(line)
    assert parse_puzzle(line, Geometry(2, 3)).geometry == Geometry(2, 3)
    with pytest.raises(ParseError, match="box 3x3"):
        parse_puzzle(line, Geometry(3, 3))


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        (P[:80], 1, 81, "expected 81 characters"),
        (P + ".", 1, 82, "found 82"),
        (P[:40] + "x" + P[41:], 1, 41, "found 'x'"),
        (P[:40] + "\uff15" + P[41:], 1, 41, "expected a value 1-9"),
        (P[:40] + "\u0663" + P[41:], 1, 41, "expected a value 1-9"),
        ("", 1, None, "empty input"),
        ("1,2,3", 1, None, "N*N values"),
        ("0,17" + ",0" * 254, 1, 3, "expected a number 0-16"),
        ("12..\n3.\n....\n....", 2, None, "expected 4 values"),
        ("12\n34", 1, 3, "expected 16 characters"),
    ],
)
def test_errors_name_line_and_column(text, line, column, words):
    with pytest.raises(ParseError) as caught:
        parse_puzzle(text)
    err = caught.value
    assert (err.line, err.column) == (line, column)
    assert words in str(err)
    assert "\n" not in str(err)


def test_contradictory_givens_are_not_a_parse_error():
    puzzle = parse_puzzle("55" + P[2:])
    assert puzzle.givens[:2] == (5, 5)


def test_file_of_lines_skips_comments_and_blanks_and_keeps_line_numbers():
    text = f"# header\n\n{P}\n{P[:80]}\n   \n{P}\n"
    records = list(read_records(io.StringIO(text)))
    assert [r.line for r in records] == [3, 4, 6]
    assert [r.puzzle is not None for r in records] == [True, False, True]
    assert records[1].error is not None and records[1].error.line == 4


def test_grid_block_file_matches_line_file():
    lines = data_lines("norvig_easy50.txt")
    blocks = list(read_records((DATA / "norvig_easy50_grid.txt").open()))
    assert len(blocks) == 50
    assert [format_line(b.puzzle, b.puzzle.givens) for b in blocks] == lines
    assert blocks[1].line == 11


def test_grid_blocks_back_to_back_without_headers():
    grids = "\n".join("\n".join(p[r * 9 : r * 9 + 9] for r in range(9)) for p in (P, P))
    records = list(read_records(io.StringIO(grids)))
    assert [r.puzzle.givens for r in records] == [GIVENS, GIVENS]
    assert [r.line for r in records] == [1, 10]


def test_kaggle_csv():
    path = shared_file("9x9/kaggle_1m_first9999.csv")
    with path.open() as handle:
        records = [r for _, r in zip(range(100), read_records(handle), strict=False)]
    assert len(records) == 100 and all(r.puzzle for r in records)
    assert records[0].line == 2


def test_csv_with_puzzle_column_not_first():
    text = f"id,puzzle\n7,{P}\n8,{P[:3]}\n"
    records = list(read_records(io.StringIO(text)))
    assert records[0].puzzle.givens == GIVENS and records[1].error is not None


def test_pretty_grid():
    puzzle = parse_puzzle(P)
    lines = format_grid(puzzle, puzzle.givens).splitlines()
    assert lines[0] == "8 5 . | . . 2 | 4 . ."
    assert lines[3] == "------+-------+------"
    assert len(lines) == 11


def test_pretty_grid_2x3():
    puzzle = parse_puzzle("1" + "." * 35, Geometry(2, 3))
    lines = format_grid(puzzle, puzzle.givens).splitlines()
    assert lines[0] == "1 . . | . . ." and lines[2] == "------+------"


def sudoku_grids(size_shapes=((2, 2), (2, 3), (3, 3), (4, 4), (3, 4))):
    def build(shape):
        n = shape[0] * shape[1]
        return st.tuples(
            st.just(Geometry(*shape)), st.lists(st.integers(0, n), min_size=n * n, max_size=n * n)
        )

    return st.sampled_from(size_shapes).flatmap(build)


@given(sudoku_grids())
def test_round_trip_line(case):
    geometry, values = case
    puzzle = parse_puzzle(
        format_line(parse_puzzle(",".join(map(str, values)), geometry), values), geometry
    )
    assert puzzle.givens == tuple(values)


@given(sudoku_grids())
def test_round_trip_grid(case):
    geometry, values = case
    puzzle = parse_puzzle(",".join(map(str, values)), geometry)
    assert parse_puzzle(format_grid(puzzle, values), geometry).givens == tuple(values)
