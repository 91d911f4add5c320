"""Every form people paste, read from a file, from stdin and as an argument; and the reader's
limits: a bad line is one record, long lines and binary data are refused early."""

from __future__ import annotations

import io
import json
import tracemalloc

import pytest

from satdoku import Geometry, parse_puzzle, read_records, solve
from satdoku.formats.source import MAX_LINE, text_lines
from tests.cli import satdoku
from tests.conftest import DATA

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
VALUES = [int(ch) for ch in EASY]
ROWS = [VALUES[r * 9 : r * 9 + 9] for r in range(9)]


def chars(row: list[int]) -> str:
    return "".join(str(v) if v else "." for v in row)


def ss_rows(row: list[int]) -> str:
    text = chars(row)
    return f"{text[:3]}|{text[3:6]}|{text[6:]}"


def band_rule(rule: str, rows: list[str]) -> list[str]:
    """``rows`` with ``rule`` after every third."""
    out: list[str] = []
    for i, row in enumerate(rows):
        if i and i % 3 == 0:
            out.append(rule)
        out.append(row)
    return out


def spaced(row: list[int]) -> str:
    text = [str(v) if v else "." for v in row]
    return " | ".join(" ".join(text[i : i + 3]) for i in (0, 3, 6))


def pencil(row: list[int]) -> str:
    cells = [str(v) if v else "123456789" for v in row]
    return (
        "| " + " | ".join(" ".join(c.ljust(9) for c in cells[i : i + 3]) for i in (0, 3, 6)) + " |"
    )


FORMS = {
    "typed tuple": f"type P = [{', '.join(map(str, VALUES))}];",
    "list with a trailing comma": f"[{', '.join(map(str, VALUES))},]",
    "nested list": "[" + ",\n ".join(f"[{','.join(map(str, r))}]" for r in ROWS) + "]",
    "list of row strings": "[" + ", ".join(f'"{" ".join(map(str, r))}"' for r in ROWS) + "]",
    "trace line": " ".join(chars(r) for r in ROWS),
    "simple sudoku .ss": "\n".join(band_rule("-----------", [ss_rows(r) for r in ROWS])),
    "sadman section": "[Puzzle]\n" + "\n".join(chars(r) for r in ROWS),
    "hodoku frame": "\n".join(
        [
            "*-----------*",
            *band_rule("|---+---+---|", [f"|{ss_rows(r)}|" for r in ROWS]),
            "*-----------*",
        ]
    ),
    "sudoku explainer frame": "\n".join(
        [
            ".-------.-------.-------.",
            *band_rule(":-------+-------+-------:", [f"| {spaced(r)} |" for r in ROWS]),
            "'-------'-------'-------'",
        ]
    ),
    "pencil marks": "\n".join(
        [
            ".-" + "-" * 31 + ".-" + "-" * 31 + ".-" + "-" * 31 + ".",
            *band_rule(":" + "-" * 99 + ":", [pencil(r) for r in ROWS]),
        ]
    ),
    "byte order mark": "\ufeff" + chars(VALUES),
}


@pytest.fixture(scope="module")
def answer() -> str:
    return solve(parse_puzzle(EASY)).line


@pytest.mark.parametrize("form", FORMS)
def test_each_form_reads_as_the_puzzle(form):
    assert parse_puzzle(FORMS[form]).givens == tuple(VALUES)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("via", ["file", "stdin", "argument"])
def test_each_form_solves_from_a_file_stdin_and_an_argument(form, via, tmp_path, answer):
    text = FORMS[form]
    if via == "file":
        path = tmp_path / "puzzle.txt"
        path.write_text(text + "\n", encoding="utf-8")
        run = satdoku("solve", "-f", str(path), "--format", "line", "-q")
    elif via == "stdin":
        run = satdoku("solve", "-", "--format", "line", "-q", stdin=text + "\n")
    else:
        run = satdoku("solve", text, "--format", "line")
    assert (run.status, run.out, run.err) == (0, answer + "\n", "")


def pattern(box: int, holes: int) -> tuple[list[int], list[int]]:
    """A solved grid of boxes ``box`` x ``box`` (a shifted pattern) and the same grid with every
    ``holes``-th cell of a scattered walk blanked."""
    n = box * box
    grid = [(r * box + r // box + c) % n + 1 for r in range(n) for c in range(n)]
    puzzle = [0 if (i * 7919) % holes == 0 else v for i, v in enumerate(grid)]
    return grid, puzzle


@pytest.mark.parametrize("box", [4, 5])
@pytest.mark.parametrize("via", ["file", "stdin"])
def test_big_grids_one_row_per_line_solve(box, via, tmp_path):
    """A 16x16 with box separators and a 25x25 of numbers 0-25, one row per line."""
    _, puzzle = pattern(box, 2)
    n = box * box
    rows = [puzzle[r * n : r * n + n] for r in range(n)]
    if box == 4:
        lines = band_rule(
            "-" * 20,
            [
                " | ".join(" ".join(map(str, row[i : i + 4])) for i in range(0, 16, 4))
                for row in rows
            ],
        )
    else:
        lines = [" ".join(map(str, row)) for row in rows]
    text = "\n".join(lines) + "\n"
    if via == "file":
        path = tmp_path / "big.txt"
        path.write_text(text)
        run = satdoku("solve", "-f", str(path), "--format", "json")
    else:
        run = satdoku("solve", "-", "--format", "json", stdin=text)
    assert run.status == 0, run.err
    record = json.loads(run.out)
    solution = [int(v) for v in record["solution"].split(",")]
    assert record["status"] == "solved"
    assert all(p in (0, s) for p, s in zip(puzzle, solution, strict=True))
    rows = [solution[r * n : r * n + n] for r in range(n)]
    assert all(sorted(row) == list(range(1, n + 1)) for row in rows)
    assert all(sorted(col) == list(range(1, n + 1)) for col in zip(*rows, strict=True))


def test_a_csv_table_with_space_blanks_keeps_its_keys(tmp_path, answer):
    blanks = chars(VALUES).replace(".", " ")
    path = tmp_path / "table.csv"
    path.write_text(f"id,puzzle\n17,{blanks}\n18,{blanks}\n")
    run = satdoku("batch", "-f", str(path), "--format", "jsonl", "-q")
    records = [json.loads(line) for line in run.out.splitlines()]
    assert run.status == 0, run.err
    assert [(r["id"], r["status"], r["solution"]) for r in records] == [
        ("17", "solved", answer),
        ("18", "solved", answer),
    ]


SQL_TABLE = """\
 id |                                      puzzle
----+-----------------------------------------------------------------------------------
  1 | {0}
  2 | {0}
(2 rows)
"""


@pytest.mark.parametrize(
    "table",
    [
        SQL_TABLE.format(chars(VALUES).replace(".", " ")),
        "| id | puzzle |\n|----|--------|\n| 1 | {0} |\n| 2 | {0} |\n".format(chars(VALUES)),
    ],
    ids=["psql", "markdown"],
)
def test_a_pasted_sql_or_markdown_table_reads_every_row(table):
    records = list(read_records(io.StringIO(table)))
    assert [(r.key, r.puzzle.givens if r.puzzle else r.error) for r in records] == [
        ("1", tuple(VALUES)),
        ("2", tuple(VALUES)),
    ]


def test_key_names_a_column(tmp_path):
    records = list(read_records(["name,grid,level", f"first,{EASY},easy"], key="level"))
    assert [(r.key, r.puzzle is not None) for r in records] == [("easy", True)]


@pytest.mark.parametrize("garbage", ["Puzzles", ",", "Sudoku collection 2024", "#!/bin/sh"])
def test_a_garbage_first_line_before_grids_is_one_record(garbage):
    grids = ["\n".join(chars(r) for r in ROWS)] * 3
    records = list(read_records(io.StringIO(garbage + "\n" + "\n\n".join(grids) + "\n")))
    givens = [r.puzzle.givens if r.puzzle else None for r in records]
    expected = [tuple(VALUES)] * 3
    assert givens in (expected, [None, *expected])


def test_a_garbage_first_line_before_many_puzzles_reads_in_flat_memory():
    lines = ("Puzzles" if i == 0 else EASY for i in range(10_001))
    tracemalloc.start()
    statuses = [r.puzzle is not None for r in read_records(lines)]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert statuses == [False] + [True] * 10_000
    assert peak < 5_000_000


def test_a_bad_line_among_one_line_puzzles_is_one_record():
    lines = [EASY, EASY[:80] + "x", EASY, "0," * 80 + "99", EASY]
    assert [r.puzzle is not None for r in read_records(lines)] == [True, False, True, False, True]


def test_a_typo_in_a_grid_spoils_that_grid_only():
    bad = [chars(r) for r in ROWS]
    bad[4] = bad[4][:3] + "x" + bad[4][4:]
    text = "\n".join(bad) + "\n\n" + "\n".join(chars(r) for r in ROWS) + "\n"
    records = list(read_records(io.StringIO(text)))
    assert [(r.line, r.puzzle is not None) for r in records] == [(1, False), (11, True)]
    assert "line 5" in str(records[0].error)


def test_a_4x4_file_one_per_line_is_not_read_as_a_16x16_grid():
    lines = ["1234341221434321".replace("1", ".", 2)] * 16
    records = list(read_records(lines))
    assert len(records) == 16 and all(
        r.puzzle is not None and r.puzzle.values == 4 for r in records
    )


def test_box_shape_decides_16_values_per_line_are_rows():
    _, puzzle = pattern(4, 3)
    lines = [" ".join(map(str, puzzle[r * 16 : r * 16 + 16])) for r in range(16)]
    records = list(read_records(lines, Geometry(4, 4)))
    assert len(records) == 1 and records[0].puzzle is not None
    assert records[0].puzzle.givens == tuple(puzzle)


def test_an_over_long_line_is_one_record_and_reading_goes_on(tmp_path):
    path = tmp_path / "long.txt"
    path.write_bytes(b"1," * (MAX_LINE // 2 + 10) + b"\n" + EASY.encode() + b"\n")
    with path.open("rb") as raw:
        records = list(read_records(text_lines(raw, str(path))))
    assert [r.puzzle is not None for r in records] == [False, True]
    assert "longer than any puzzle" in str(records[0].error)
    assert len(records[0].text) < 100


@pytest.mark.parametrize(
    "data", [bytes(range(256)) * 64, b"\0" * 100_000, b"\x89PNG\r\n\x1a\n" + bytes(5000)]
)
def test_binary_input_is_refused_with_one_line(tmp_path, data):
    path = tmp_path / "data.bin"
    path.write_bytes(data)
    run = satdoku("batch", "-f", str(path), "-q")
    assert (run.status, run.out) == (2, "")
    assert run.err == f"error: {path}: binary data, not text; expected puzzles as text\n"


def test_an_argument_holds_one_puzzle():
    with pytest.raises(Exception, match="expected one puzzle, found more"):
        parse_puzzle(EASY + "\n" + EASY)


def test_huge_numbers_are_a_parse_error_not_a_traceback():
    line = ",".join(["9" * 5000] + ["0"] * 80)
    records = list(read_records([line]))
    assert records[0].error is not None and "expected a number 0-9" in str(records[0].error)


def test_batch_after_a_garbage_first_line_answers_every_puzzle(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text("Puzzles\n" + f"{EASY}\n" * 10_000)
    run = satdoku("batch", "-f", str(path), "--format", "line", "-q")
    assert run.status == 2, run.err
    lines = run.out.splitlines()
    assert lines[0] == "invalid" and len(lines) == 10_001
    assert set(lines[1:]) == {solve(parse_puzzle(EASY)).line}


@pytest.mark.parametrize("command", ["solve", "count", "unique", "explain", "rate", "batch"])
def test_every_command_carries_the_key_of_a_table_row(command, tmp_path):
    path = tmp_path / "table.csv"
    path.write_text(f"name,puzzle,level\nfirst,{EASY},easy\nsecond,{EASY[:80]}x,hard\n")
    run = satdoku(command, "-f", str(path), "--format", "json", "--key", "level", "-q")
    records = [json.loads(line) for line in run.out.splitlines()]
    assert [(r["id"], r["status"]) for r in records][1] == ("hard", "invalid")
    assert records[0]["id"] == "easy" and records[0]["status"] != "invalid"


def test_key_is_refused_where_there_is_no_table():
    run = satdoku("count", "-", "--key", "id", stdin=EASY + "\n")
    assert (run.status, run.err) == (
        2,
        "error: --key id: the input is not a table with a header (CSV or SQL)\n",
    )
    run = satdoku("count", EASY, "--key", "id")
    assert run.status == 2 and run.err.startswith("error: --key names a column")


def test_a_one_line_9x9_record_makes_its_puzzle_when_asked_and_equals_the_general_reading():
    text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    fast, general = next(read_records([text])), next(read_records([text], alphabet="1-9A-Z"))
    assert fast.plain == ((3, 3), bytes(parse_puzzle(text).givens))
    assert fast.puzzle == parse_puzzle(text) and fast.puzzle is fast.puzzle
    assert fast == general and general.plain is None
    assert fast != next(read_records(["." + text[1:]]))
    assert "line=1" in repr(fast)


def test_a_batch_takes_plain_grids_of_more_values_than_a_byte_holds():
    from satdoku.batch import as_job

    record = next(read_records([",".join(["0"] * 400 * 400)]))
    assert record.puzzle is not None and record.puzzle.values == 400
    assert as_job(record) == (1, record.puzzle)


LINE_ENDS = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}


@pytest.mark.parametrize("end", LINE_ENDS)
@pytest.mark.parametrize("command", ["solve", "count", "unique", "batch"])
@pytest.mark.parametrize("via", ["file", "stdin"])
def test_lines_end_at_lf_crlf_or_a_lone_cr(end, command, via, tmp_path):
    text = LINE_ENDS[end].join([EASY, chars(VALUES), EASY]) + LINE_ENDS[end]
    args = [command, "--format", "json", "-q"]
    if via == "file":
        path = tmp_path / "puzzles.txt"
        path.write_bytes(text.encode())
        run = satdoku(*args, "-f", str(path))
    else:
        run = satdoku(*args, "-", stdin=text)
    records = [json.loads(line) for line in run.out.splitlines()]
    assert (run.status, [r["line"] for r in records]) == (0, [1, 2, 3]), run.err
    assert {r["status"] for r in records} <= {"solved", "unique"}


@pytest.mark.parametrize("end", LINE_ENDS.values(), ids=LINE_ENDS)
def test_a_grid_of_rows_reads_with_any_line_end(end):
    rows = end.join(chars(row) for row in ROWS)
    assert parse_puzzle(rows).givens == tuple(VALUES)
    lines = list(text_lines(io.BufferedReader(io.BytesIO((rows + end).encode())), "rows"))
    assert lines == [chars(row) for row in ROWS]


def test_a_file_of_cr_ended_lines_longer_than_a_line_reads_every_line():
    count = MAX_LINE // (len(EASY) + 1) + 100
    raw = io.BufferedReader(io.BytesIO(f"{EASY}\r".encode() * count))
    records = list(read_records(text_lines(raw, "old.txt")))
    assert len(records) == count and all(r.puzzle is not None for r in records)
    assert records[-1].line == count


def test_a_cr_between_cr_and_lf_ends_one_line_each():
    raw = io.BufferedReader(io.BytesIO(f"{EASY}\r\r\n{EASY}\n\r{EASY}".encode()))
    assert list(text_lines(raw, "mixed")) == [EASY, "", EASY, "", EASY]


@pytest.mark.parametrize(
    "rows",
    [
        [chars(row) for row in ROWS],
        [" ".join(map(str, row)) for row in ROWS],
        ROWS,
        tuple(tuple(row) for row in ROWS),
    ],
    ids=["strings", "spaced strings", "lists", "tuples"],
)
def test_the_api_takes_the_rows_of_a_grid(rows, answer):
    from satdoku import uniqueness

    assert solve(rows).line == answer
    assert uniqueness(rows).status == "unique"


def test_rows_of_16_values_are_one_grid_not_sixteen_4x4_puzzles():
    rows = [[0] * 16 for _ in range(16)]
    rows[0][0] = 1
    solution = solve(rows)
    assert solution is not None and solution.puzzle.values == 16 and solution.grid[0] == 1


def test_rows_of_a_numpy_array_and_a_box_shape():
    numpy = pytest.importorskip("numpy")
    six = numpy.zeros((6, 6), dtype=numpy.int64)
    six[0, 0] = 6
    solution = solve(six, box="2x3")
    assert solution is not None and solution.puzzle.geometry == Geometry(2, 3)
    assert solution.grid[0] == 6


@pytest.mark.parametrize(
    "rows, message",
    [
        ([*ROWS[:8], ROWS[8][:8]], "line 9: expected 9 values in each of 9 rows, found 8"),
        ([*ROWS[:8], [*ROWS[8][:8], 10]], "line 9, column 9: expected a value 0-9"),
        ([*ROWS[:8], [*ROWS[8][:8], True]], "line 9, column 9: expected a value 0-9"),
        ([*ROWS[:8], [*ROWS[8][:8], 1.0]], "line 9, column 9: expected a value 0-9"),
        ([], "line 1: empty input"),
        ([[0] * 6] * 6, "line 1: a 6x6 grid has more than one box shape"),
    ],
    ids=["short row", "too big", "a bool", "a float", "no rows", "no box shape"],
)
def test_bad_rows_are_a_parse_error_naming_row_and_column(rows, message):
    from satdoku import ParseError

    with pytest.raises(ParseError) as raised:
        solve(rows)
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize("rows", [[chars(ROWS[0]), ROWS[1]], [1, 2, 3], 81])
def test_what_is_no_rows_is_a_type_error(rows):
    with pytest.raises(TypeError):
        solve(rows)


def test_parse_puzzle_reads_a_kind_as_the_command_line_names_it():
    from satdoku import UsageError, count
    from satdoku.formats.puzzle import parse_puzzle

    x_text = (DATA / "variants" / "x.txt").read_text()
    x = parse_puzzle(x_text, kind="diagonal")
    assert x.kind == "x" and any(c.family == "diagonal" for c in x.constraints)
    assert count(x_text, kind="x").count == 1 != count(x_text, limit=2).count
    killer = parse_puzzle((DATA / "variants" / "killer.txt").read_text(), kind="killer")
    assert killer.kind == "killer" and not any(killer.givens)
    with pytest.raises(UsageError, match="unknown puzzle kind 'nonsense'"):
        parse_puzzle(EASY, kind="nonsense")
