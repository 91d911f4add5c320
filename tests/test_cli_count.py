"""``satdoku count``, ``satdoku unique`` and ``satdoku solve --all``, run as a user would."""

import json

import pytest

from satdoku import check, parse_puzzle
from tests.cli import assert_one_error_line, satdoku
from tests.conftest import data_lines

MANY = "8.........95.......76.........692748...714235...538196...451......973.8....826.1."
UNIQUE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CLASH = "55...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."


@pytest.fixture
def mixed(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(f"{MANY}\nxx\n{UNIQUE}\n{CLASH}\n")
    return str(path)


@pytest.mark.parametrize("backend", ["minisat22", "cpsat", "dpll", "brute"])
def test_count_json_with_every_kind_of_backend(backend):
    run = satdoku("count", MANY, "--format", "json", "--backend", backend)
    assert run.status == 1, run  # several solutions
    result = json.loads(run.out)
    assert (result["count"], result["complete"], result["backend"]) == (973, True, backend)
    assert result["status"] == "multiple"


def test_count_text_and_limit():
    assert satdoku("count", MANY).out.strip() == "973"
    run = satdoku("count", MANY, "--limit", "10")
    assert run.out.strip() == "10+ (stopped by the limit)"
    limited = json.loads(satdoku("count", MANY, "--limit", "10", "--format", "json").out)
    assert (limited["count"], limited["complete"], limited["stopped"]) == (10, False, "limit")
    one = satdoku("count", MANY, "--limit", "1", "--format", "json")
    assert one.status == 0 and json.loads(one.out)["status"] == "solved"


def test_count_unique_is_exit_0_and_csv():
    run = satdoku("count", UNIQUE, "--format", "csv")
    assert run.status == 0, run
    header, row = run.out.splitlines()
    assert header == "line,status,count,complete,backend,time,stopped,error"
    assert row.split(",")[1:4] == ["unique", "1", "true"]


def test_count_method_is_a_hidden_alias_of_backend():
    default = json.loads(satdoku("count", UNIQUE, "--format", "json").out)
    sat = json.loads(satdoku("count", UNIQUE, "--format", "json", "--method", "sat").out)
    assert sat["backend"] == default["backend"]
    cpsat = json.loads(satdoku("count", UNIQUE, "--format", "json", "--method", "cpsat").out)
    assert cpsat["backend"] == "cpsat"
    assert_one_error_line(satdoku("count", UNIQUE, "--method", "cpsat", "--backend", "cpsat"))
    assert "--method" not in satdoku("count", "--help").out


def test_count_refuses_what_a_backend_cannot_take():
    """The library says which combination cannot run: one error line, never a substitute."""
    assert_one_error_line(satdoku("count", UNIQUE, "--backend", "dpll", "--encoding", "minimal"))


def test_count_file_goes_on_past_a_bad_line(mixed):
    run = satdoku("count", "-f", mixed, "--format", "json")
    assert run.status == 2
    results = [json.loads(line) for line in run.out.splitlines()]
    assert [r["line"] for r in results] == [1, 2, 3, 4]
    assert [r.get("count") for r in results] == [973, None, 1, 0]
    assert [r["status"] for r in results] == ["multiple", "invalid", "unique", "no_solution"]
    assert run.err.count("error:") == 1 and "line 2" in run.err
    assert "4 puzzles: 1 unique, 1 multiple, 1 no_solution, 1 invalid" in run.err


def test_count_tdoku_file_on_stdin():
    lines = data_lines("tdoku_test_puzzles.txt")[:10]
    run = satdoku("count", "-", stdin="\n".join(line.split(":")[0] for line in lines))
    counts = [line.split(":")[1] for line in lines]
    assert [line.split(": ")[1] for line in run.out.splitlines()] == counts
    assert run.status == (0 if set(counts) == {"1"} else 1)


def test_count_bad_puzzle_is_one_error_line():
    assert_one_error_line(satdoku("count", MANY[:80]))
    assert_one_error_line(satdoku("count", MANY, "--limit", "-1"))


def test_unique_summary_and_differences(mixed):
    run = satdoku("unique", "-f", mixed)
    assert run.status == 2
    out = run.out.splitlines()
    assert out[0].startswith("line 1: multiple: differ at r")
    first, second = out[1].strip(), out[2].strip()
    differ = [f"r{i // 9 + 1}c{i % 9 + 1}" for i in range(81) if first[i] != second[i]]
    assert out[0].split("differ at ")[1].split() == differ
    assert len(differ) == 4  # the closest second solution
    assert out[3:] == ["line 2: invalid", "line 3: unique", "line 4: no_solution"]
    assert "4 puzzles: 1 unique, 1 multiple, 1 no_solution, 1 invalid" in run.err


def test_unique_json_and_exit_status():
    run = satdoku("unique", UNIQUE, "--format", "json")
    assert run.status == 0 and json.loads(run.out.splitlines()[0])["status"] == "unique"
    assert satdoku("unique", MANY).status == 1


def test_solve_all_prints_each_solution_once_all_valid():
    run = satdoku("solve", MANY, "--all", "--format", "line")
    assert run.status == 0
    lines = run.out.splitlines()
    assert len(lines) == len(set(lines)) == 973
    puzzle = parse_puzzle(MANY)
    for line in lines:
        check(puzzle, [int(c) for c in line])
    assert "973 solutions" in run.err


def test_solve_all_json_lines_with_limit(mixed):
    run = satdoku("solve", "-f", mixed, "--all", "--limit", "3", "--format", "json")
    items = [json.loads(line) for line in run.out.splitlines()]
    assert [(i["line"], i.get("index")) for i in items] == [
        (1, 1),
        (1, 2),
        (1, 3),
        (2, None),
        (3, 1),
        (4, None),
    ]
    assert [i["status"] for i in items[3:]] == ["invalid", "solved", "no_solution"]
    assert run.status == 2
    assert "line 4: no_solution" in run.err


def test_unique_no_closest_shows_the_second_solution_found():
    out = satdoku("unique", MANY, "--no-closest").out.splitlines()
    first, second = out[1].strip(), out[2].strip()
    assert sum(a != b for a, b in zip(first, second, strict=True)) > 4
