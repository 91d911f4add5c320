import json
import signal
import subprocess
import sys
import time

import pytest

from satdoku.batch import BatchOptions, resume_point, run_batch
from satdoku.formats import read_records
from satdoku.formats.records import batch_record
from satdoku.solver.dpll import available
from tests.cli import assert_one_error_line, satdoku
from tests.conftest import DATA, data_lines, shared_file

MIXED = [
    data_lines("norvig_top95.txt")[0],
    "not a puzzle",
    "",
    "# a comment",
    "55" + data_lines("norvig_top95.txt")[1][2:],  # clashing givens: no solution
    data_lines("norvig_top95.txt")[2][:-1],  # one character short
    "8.........95.......76.........672498...514732...938165......546....2.987....5.213",
    data_lines("norvig_top95.txt")[3],
]


@pytest.fixture
def mixed(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(MIXED) + "\n")
    return path


def records(text):
    return [json.loads(line) for line in text.splitlines()]


def test_one_record_per_puzzle_in_order_invalid_ones_marked(mixed):
    run = satdoku("batch", "-f", str(mixed), "--format", "jsonl")
    assert run.status == 2, run.err  # some input was bad
    got = records(run.out)
    assert [r["line"] for r in got] == [1, 2, 5, 6, 7, 8]
    assert [r["status"] for r in got] == [
        "solved",
        "invalid",
        "no_solution",
        "invalid",
        "solved",
        "solved",
    ]
    assert [r["count"] for r in got] == [1, 0, 0, 0, 2, 1]
    assert [r["complete"] for r in got] == [True, False, True, False, False, True]
    assert "line 2" in got[1]["error"] and "column" in got[3]["error"]
    assert all(("error" in r) == (r["status"] == "invalid") for r in got)
    assert got[0]["solution"] is not None and got[2]["solution"] is None
    # not a terminal: no progress bar, only the summary line
    assert run.err.splitlines()[-1].startswith("6 puzzles in ")
    assert "3 solved (2 unique, 1 multiple), 1 no_solution, 2 invalid" in run.err


def test_library_and_cli_agree(mixed):
    with mixed.open() as handle:
        lib = [batch_record(r) for r in run_batch(read_records(handle), BatchOptions())]
    assert lib == records(satdoku("batch", str(mixed)).out)


@pytest.mark.parametrize("fmt", ["csv", "line"])
def test_other_formats_have_one_line_per_record(mixed, fmt):
    out = satdoku("batch", str(mixed), "--format", fmt).out.splitlines()
    if fmt == "csv":
        assert out[0] == "line,status,count,complete,solution,error"
        out = out[1:]
        assert [row.split(",")[1] for row in out][:3] == ["solved", "invalid", "no_solution"]
    else:
        assert out[1:4] == ["invalid", "no_solution", "invalid"]
    assert len(out) == 6


def test_jobs_2_gives_the_same_output_as_jobs_1(tmp_path):
    lines = data_lines("norvig_top95.txt") * 6 + ["bad"] + data_lines("norvig_easy50.txt")
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n")
    one = satdoku("batch", str(path), "--jobs", "1", "--chunk", "50")
    two = satdoku("batch", str(path), "--jobs", "2", "--chunk", "50")
    assert one.status == two.status == 2  # the bad line
    assert len(one.out.splitlines()) == len(lines)
    assert one.out == two.out


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "line"])
@pytest.mark.parametrize("cut", [0, 1, 0.5, 0.999])
def test_resume_after_a_truncated_output(tmp_path, mixed, fmt, cut):
    full = tmp_path / "full.out"
    assert (
        satdoku("batch", str(mixed), "--format", fmt, "-o", str(full), "--chunk", "2").status == 2
    )
    data = full.read_bytes()
    part = tmp_path / "part.out"
    part.write_bytes(data[: int(len(data) * cut)])  # may end in the middle of a record
    run = satdoku("batch", str(mixed), "--format", fmt, "-o", str(part), "--resume", "--chunk", "2")
    assert run.status in (0, 2), run.err  # 2 when the part solved again holds a bad line
    assert part.read_bytes() == data


def test_resume_without_an_output_file_starts_afresh(tmp_path, mixed):
    out = tmp_path / "new.jsonl"
    assert satdoku("batch", str(mixed), "-o", str(out), "--resume").status == 2
    assert len(out.read_text().splitlines()) == 6


def test_resume_point_keeps_whole_chunks_of_whole_records(tmp_path):
    path = tmp_path / "out.csv"
    path.write_bytes(b"line,status\n1,solved\n2,solved\n3,sol")
    assert resume_point(str(path), "csv", chunk=1) == (2, len(b"line,status\n1,solved\n2,solved\n"))
    assert resume_point(str(path), "csv", chunk=2) == (2, len(b"line,status\n1,solved\n2,solved\n"))
    assert resume_point(str(path), "jsonl", chunk=2) == (2, len(b"line,status\n1,solved\n"))
    assert resume_point(str(path), "csv", chunk=3) == (0, len(b"line,status\n"))
    path.write_bytes(b"line,sta")
    assert resume_point(str(path), "csv") == (0, 0)


def test_ctrl_c_leaves_whole_records_and_resume_completes_them(tmp_path):
    source = shared_file("9x9/tdoku_17_clue_49158.txt").read_text().splitlines()[:2500]
    path = tmp_path / "big.txt"
    path.write_text("\n".join(source) + "\n")
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "satdoku", "batch", str(path), "-o", str(out), "--chunk", "300"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while (not out.exists() or out.stat().st_size == 0) and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "--resume" in err
    partial = records(out.read_text())  # every line parses: whole records only
    assert 0 < len(partial) < len(source)
    assert [r["line"] for r in partial] == list(range(1, len(partial) + 1))
    assert satdoku("batch", str(path), "-o", str(out), "--resume", "--chunk", "300").status == 0
    whole = tmp_path / "whole.jsonl"
    assert satdoku("batch", str(path), "-o", str(whole), "--chunk", "300").status == 0
    assert out.read_text() == whole.read_text()


def test_resume_needs_an_output_file(mixed):
    run = satdoku("batch", str(mixed), "--resume")
    assert run.status == 2 and run.err.startswith("error: --resume needs -o")


def test_other_sizes_in_one_run(tmp_path):
    path = tmp_path / "sizes.txt"
    lines = [(DATA / "rkkautsar_4x4.txt").read_text().strip(), *data_lines("gecode_16x16.txt")[:2]]
    path.write_text("\n".join(lines) + "\n")
    got = records(satdoku("batch", str(path)).out)
    assert [(r["status"], r["count"], r["complete"]) for r in got] == [("solved", 1, True)] * 3


def test_empty_input_is_one_error_line(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n\n")
    assert_one_error_line(satdoku("batch", str(empty)))
    assert_one_error_line(satdoku("batch", "-", stdin=""))


def test_big_grids_are_solved_one_by_one_with_the_big_defaults(monkeypatch):
    """From 25x25 up a batch record comes from the one-shot path with the size defaults
    (the engine is never built for that size), and agrees with ``solutions``."""
    from satdoku import batch
    from satdoku.formats.output import format_line
    from satdoku.solver import solutions

    built = []
    monkeypatch.setattr(batch.Engines, "_engine", lambda *a, **k: built.append(a) or None)
    path = DATA / "rkkautsar_25x25.txt"
    with path.open() as handle:
        records = list(read_records(handle))
    results = list(run_batch(records))
    assert built == [] and len(results) == len(records) == 1
    (result,) = results
    expected = [
        format_line(records[0].puzzle, s.grid) for s in solutions(records[0].puzzle, limit=2)
    ]
    assert (result.status, result.count, result.complete) == (
        "solved",
        len(expected),
        len(expected) < 2,
    )
    assert result.solution == expected[0]


@pytest.mark.skipif(not available(), reason="the C extension is not built")
def test_the_dpll_default_and_the_cdcl_engine_agree(mixed):
    """Same records from both engines (the solution shown may differ only where there are
    several)."""
    with mixed.open() as handle:
        records = list(read_records(handle))
    with (DATA / "norvig_top95.txt").open() as handle:
        records += list(read_records(handle))
    default = list(run_batch(records))
    cdcl = list(run_batch(records, BatchOptions(backend="minicard")))
    assert len(default) == len(cdcl) == len(records)
    for ours, theirs in zip(default, cdcl, strict=True):
        assert (ours.line, ours.status, ours.count, ours.complete, ours.error) == (
            theirs.line,
            theirs.status,
            theirs.count,
            theirs.complete,
            theirs.error,
        )
        if ours.unique:
            assert ours.solution == theirs.solution


def test_a_conflict_budget_goes_to_the_cdcl_engine():
    with (DATA / "norvig_top95.txt").open() as handle:
        records = list(read_records(handle))
    statuses = {r.status for r in run_batch(records, BatchOptions(conflicts=1))}
    assert "unknown" in statuses


@pytest.mark.parametrize(
    "options",
    [["--backend", "dpll", "--conflicts", "5"], ["--backend", "dpll", "--encoding", "extended"]],
)
def test_dpll_takes_no_conflict_budget_nor_encoding(mixed, options):
    assert_one_error_line(satdoku("batch", str(mixed), *options))
    assert_one_error_line(satdoku("batch", str(mixed), "--jobs", "2", *options))
