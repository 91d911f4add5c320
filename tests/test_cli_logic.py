"""``satdoku explain`` and ``satdoku rate`` as a user runs them."""

from __future__ import annotations

import json
import re
from itertools import pairwise

from satdoku import solve
from satdoku.formats import parse_line
from satdoku.logic import SINGLES, explain
from tests.cli import assert_one_error_line, satdoku
from tests.conftest import DATA, data_lines

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
STUCK = "6.2.5.........4.3..........43...8....1....2........7..5..27...........81...6....."


def compact(line: str) -> str:
    """A solution line as the trace writes it: rows of 9 separated by spaces."""
    return " ".join(line[r * 9 : r * 9 + 9] for r in range(9))


def test_explain_text_steps_and_summary():
    run = satdoku("explain", EASY)
    assert run.status == 0, run
    lines = run.out.splitlines()
    assert lines[0] == f"puzzle: {EASY}"
    assert lines[1].startswith("solved by logic in ") and "1.2 easy" in lines[1]
    assert lines[2] == "  1. r2c2 = 6 (hidden single in box 1)"


def test_trace_on_easy50_ends_with_the_solved_grid_using_only_singles():
    """Every norvig_easy50 puzzle that singles solve is solved with singles only, and the
    trace's last line is the SAT solution."""
    run = satdoku("explain", "--trace", "--format", "json", "-f", str(DATA / "norvig_easy50.txt"))
    assert run.status == 0, run.err
    results = [json.loads(line) for line in run.out.splitlines()]
    lines = data_lines("norvig_easy50.txt")
    assert len(results) == len(lines) == 50
    singles = {s.name for s in SINGLES}
    checked = 0
    for line, result in zip(lines, results, strict=True):
        puzzle = parse_line(line)
        if not explain(puzzle, SINGLES).solved:
            continue
        checked += 1
        answer = solve(puzzle)
        assert answer is not None
        assert result["status"] == "solved"
        assert {s["technique"] for s in result["steps"]} <= singles
        assert result["trace"][0] == compact(line)
        assert result["trace"][-1] == compact(answer.line)
        placements = sum(len(s["placements"]) for s in result["steps"])
        assert len(result["trace"]) == placements + 1 == puzzle.givens.count(0) + 1
    assert checked == 40


def test_trace_text_last_line_is_the_solution():
    run = satdoku("explain", "--trace", EASY)
    answer = solve(EASY)
    assert answer is not None
    assert run.out.splitlines()[-1] == compact(answer.line)


def test_stuck_grid_shows_candidates_and_the_sat_count():
    run = satdoku("explain", STUCK)
    assert run.status == 0, run
    assert "no technique applies; the grid with its candidates:" in run.out
    assert run.out.splitlines()[-1] == "search is needed: the SAT solver finds 1 solution"
    data = json.loads(satdoku("explain", "--format", "json", STUCK).out)
    assert data["status"] == "needs_search" and data["rating"]["score"] is None
    assert data["rating"]["status"] == "needs_search" and data["rating"]["label"] is None
    assert data["solutions"]["count"] == 1 and data["solutions"]["complete"] is True
    assert data["candidates"]["r1c2"] == [4, 7, 8, 9]


def test_empty_grid_counts_up_to_the_limit():
    run = satdoku("explain", "--limit", "3", "." * 81)
    assert "at least 3 solutions (counting stopped there)" in run.out


def test_hint_is_the_next_easiest_step():
    assert satdoku("explain", "--hint", EASY).out.strip() == "r2c2 = 6 (hidden single in box 1)"
    data = json.loads(satdoku("explain", "--hint", "--format", "json", EASY).out)
    assert data["hint"]["placements"] == [{"cell": "r2c2", "value": 6}]


def test_no_solution_exits_1():
    run = satdoku("explain", "11" + "." * 79)
    assert run.status == 1 and "no solution: 1 appears twice in row 1" in run.out


def test_bad_puzzle_is_one_error_line():
    assert_one_error_line(satdoku("explain", EASY[:80]))
    assert_one_error_line(satdoku("rate", EASY + "1"))


def test_rate_a_file_with_a_bad_line(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(f"{EASY}\n{EASY[:80]}x\n{STUCK}\n")
    run = satdoku("rate", "-f", str(path))
    assert run.status == 2
    assert "line 2" in run.err and run.err.count("error:") == 1
    rows = run.out.splitlines()
    assert len(rows) == 3
    assert rows[1].split()[:3] == ["1", "1.2", "easy"]
    assert rows[2].split()[:3] == ["3", "-", "needs_search"]
    assert "summary: 2 puzzles rated" in run.err and "(1 invalid, 0 out of time)" in run.err


def test_rate_top95_json_is_one_object_per_puzzle_and_marks_the_stuck_ones():
    run = satdoku("rate", "--format", "json", "-f", str(DATA / "norvig_top95.txt"))
    assert run.status == 0, run.err
    rows = [json.loads(line) for line in run.out.splitlines()]
    assert len(rows) == 95 and [r["line"] for r in rows] == list(range(1, 96))
    for row in rows:
        if row["score"] is None:
            assert row["status"] == "needs_search" and row["label"] is None
        else:
            assert row["status"] == "solved"
            assert row["label"] in ("easy", "medium", "hard", "fiendish")
            assert row["score"] == row["hardest_score"] and row["hardest"]
    assert any(row["status"] == "needs_search" for row in rows)
    assert "summary: 95 puzzles rated" in run.err and "needs_search" in run.err


def test_explain_and_rate_take_the_all_different_kinds():
    """X-sudoku and windoku solve by logic to the SAT solution, with the diagonal as a unit;
    a jigsaw that gets stuck is counted by the SAT side."""
    from satdoku.formats.kinds import get_kind

    for kind in ("x", "windoku"):
        path = DATA / "variants" / f"{kind}.txt"
        run = satdoku("explain", "--kind", kind, "--trace", "--format", "json", "-f", str(path))
        assert run.status == 0, run
        result = json.loads(run.out)
        puzzle = get_kind(kind).parse(path.read_text(), None, "auto")
        answer = solve(puzzle)
        assert answer is not None and result["status"] == "solved"
        assert result["trace"][-1].replace(" ", "") == answer.line.replace(" ", "")
        rated = json.loads(
            satdoku("rate", "--kind", kind, "--format", "json", "-f", str(path)).out.splitlines()[0]
        )
        assert rated["score"] == result["rating"]["score"]
    x = satdoku("explain", "--kind", "x", "-f", str(DATA / "variants" / "x.txt")).out
    assert "diagonal" in x
    jigsaw = satdoku("explain", "--kind", "jigsaw", "-f", str(DATA / "variants" / "jigsaw.txt"))
    assert jigsaw.status == 0 and "region" in jigsaw.out
    assert jigsaw.out.rstrip().endswith("the SAT solver finds 1 solution")


def test_explain_refuses_sums_in_one_line():
    run = satdoku("explain", "--kind", "killer", "-f", str(DATA / "variants" / "killer.txt"))
    assert_one_error_line(run)
    assert "killer" in run.err


def test_rate_on_an_empty_file_prints_only_the_error(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    run = satdoku("rate", "-f", str(empty))
    assert_one_error_line(run)
    assert run.out == ""


def test_format_trace_is_the_json_trace_and_nothing_else():
    """One grid line per placement after the puzzle, the lines of ``--trace``'s JSON; the
    last is the SAT solution."""
    run = satdoku("explain", "--format", "trace", EASY)
    assert run.status == 0 and run.err == "", run
    lines = run.out.splitlines()
    assert lines == json.loads(satdoku("explain", "--trace", "--format", "json", EASY).out)["trace"]
    assert all(re.fullmatch(r"[1-9.]{9}( [1-9.]{9}){8}", line) for line in lines)
    answer = solve(EASY)
    assert answer is not None
    assert lines[0] == compact(EASY) and lines[-1] == compact(answer.line)
    assert len(lines) == EASY.count(".") + 1
    changed = [sum(a != b for a, b in zip(x, y, strict=True)) for x, y in pairwise(lines)]
    assert changed == [1] * (len(lines) - 1)


def test_format_trace_of_a_file_separates_puzzles_and_notes_the_unsolved(tmp_path):
    path = tmp_path / "three.txt"
    path.write_text(f"{EASY}\n{STUCK}\n{'11' + '.' * 79}\n{EASY[:80]}x\n")
    run = satdoku("explain", "--format", "trace", "-f", str(path))
    assert run.status == 2, run
    traces = run.out.split("\n\n")
    assert traces[-1] == "" and len(traces) == 4
    answer = solve(EASY)
    assert answer is not None and traces[0].splitlines()[-1] == compact(answer.line)
    assert traces[1].splitlines()[0] == compact(STUCK)
    assert traces[2] == compact("11" + "." * 79)
    err = run.err.splitlines()
    assert f"{path}: line 2: needs_search; hardest before: " in err[0]
    assert err[0].endswith("(the SAT solver finds 1 solution)")
    assert err[1] == f"{path}: line 3: no_solution: 1 appears twice in row 1"
    assert err[2].startswith(f"error: {path}: line 4, column ")
    assert "4 puzzles: 1 solved, 1 no_solution, 1 invalid, 1 needs_search" in err[3]


def test_format_trace_of_a_puzzle_without_solution_exits_1():
    run = satdoku("explain", "--format", "trace", "11" + "." * 79)
    assert run.status == 1 and run.out == compact("11" + "." * 79) + "\n"
    assert run.err == "no_solution: 1 appears twice in row 1\n"


def test_format_trace_does_not_go_with_hint():
    run = satdoku("explain", "--format", "trace", "--hint", EASY)
    assert_one_error_line(run)
    assert "--hint" in run.err
