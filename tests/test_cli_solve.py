import json

import pytest

from tests.cli import assert_one_error_line, satdoku
from tests.conftest import DATA, ROOT

P = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
ANSWER = "859612437723854169164379528986147352375268914241593786432981675617425893598736241"


def test_solve_json():
    run = satdoku("solve", P, "--format", "json")
    assert run.status == 0
    assert json.loads(run.out) == {"status": "solved", "solution": ANSWER}


def test_solve_grid_is_the_default():
    run = satdoku("solve", P)
    assert run.status == 0 and run.out.splitlines()[0] == "8 5 9 | 6 1 2 | 4 3 7"


def test_spaces_for_blanks():
    assert satdoku("solve", P.replace(".", " "), "--format", "line").out.strip() == ANSWER


def test_nine_line_grid_on_stdin_and_as_argument():
    grid = "\n".join(" ".join(P[r * 9 : r * 9 + 9].replace(".", "0")) for r in range(9))
    assert satdoku("solve", "-", "--format", "line", stdin=grid).out.strip() == ANSWER
    assert satdoku("solve", grid, "--format", "line").out.strip() == ANSWER


@pytest.mark.parametrize(
    "bad",
    [P[:80], P + ".", P[:40] + "x" + P[41:], P[:40] + "\uff15" + P[41:], ""],
    ids=["80-chars", "82-chars", "letter", "non-ascii-digit", "empty"],
)
def test_bad_input_is_one_error_line(bad):
    assert_one_error_line(satdoku("solve", bad))


def test_bad_input_names_line_and_column():
    run = satdoku("solve", P[:40] + "x" + P[41:])
    assert run.err.startswith("error: line 1, column 41: expected a value 1-9")


def test_empty_stdin_and_empty_file(tmp_path):
    assert_one_error_line(satdoku("solve", "-", stdin=""))
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert_one_error_line(satdoku("solve", "-f", str(empty)))


@pytest.mark.parametrize(
    "args",
    [
        ["solve"],
        ["solve", "--nope", P],
        ["solve", P, "--box", "7"],
        ["solve", P, "-f", "x"],
        ["solve", P, "--encoding", "fancy"],
        ["solve", "-f", "/no/such/file"],
    ],
)
def test_usage_errors(args):
    assert_one_error_line(satdoku(*args))


def test_equal_givens_in_a_row_is_no_solution():
    run = satdoku("solve", "55" + P[2:], "--format", "json")
    assert run.status == 1
    record = json.loads(run.out)
    assert record["status"] == "no_solution" and record["solution"] is None
    assert "r1c1 and r1c2 are both 5" in record["reason"]


def test_file_with_bad_lines_goes_on(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(f"{P}\n{P[:80]}\n\n55{P[2:]}\n{P}\n")
    run = satdoku("solve", "-f", str(path), "--format", "json")
    records = [json.loads(line) for line in run.out.splitlines()]
    assert [(r["line"], r["status"]) for r in records] == [
        (1, "solved"),
        (2, "invalid"),
        (4, "no_solution"),
        (5, "solved"),
    ]
    assert run.status == 2
    assert "line 2, column 81" in records[1]["error"]


def test_examples_and_sizes():
    run = satdoku("solve", "-f", str(ROOT / "examples" / "puzzles.txt"), "--format", "line")
    lines = run.out.splitlines()
    assert run.status == 0 and len(lines) == 12
    assert len(lines[-1].split(",")) == 256
    run = satdoku("solve", "-f", str(DATA / "rkkautsar_25x25.txt"), "--format", "json", "--stats")
    record = json.loads(run.out)
    assert record["status"] == "solved" and record["stats"]["variables"] > 0


def test_6x6_with_box():
    line = "1" + "." * 35
    assert_one_error_line(satdoku("solve", line))
    run = satdoku("solve", line, "--box", "2x3", "--format", "line")
    assert run.status == 0 and run.out.startswith("1")


def test_help_shows_an_example():
    run = satdoku("solve", "--help")
    assert run.status == 0 and "Example" in run.out


def test_all_writes_a_record_for_a_puzzle_without_solutions(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text("11..............\n1...............\n")
    done = satdoku("solve", "-f", str(path), "--all", "--limit", "2", "--format", "json")
    records = [json.loads(line) for line in done.out.splitlines()]
    assert records[0] == {"line": 1, "status": "no_solution", "solution": None}
    assert [(r["line"], r["status"], r["index"]) for r in records[1:]] == [
        (2, "solved", 1),
        (2, "solved", 2),
    ]
    assert done.status == 1
    lines = satdoku("solve", "-f", str(path), "--all", "--limit", "1", "--format", "line").out
    assert lines.splitlines()[0] == "no_solution" and len(lines.splitlines()) == 2
