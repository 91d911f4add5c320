import json
import os
import signal
import subprocess
import sys
import time

import pytest

from satdoku.batch import (
    BatchOptions,
    Checkpoint,
    Fingerprint,
    ResumeState,
    resume_point,
    run_batch,
)
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


def test_the_summary_of_one_puzzle_says_puzzle():
    run = satdoku("batch", "-", stdin=MIXED[-1] + "\n")
    assert run.status == 0
    assert run.err.splitlines()[-1].startswith("1 puzzle in ")


def test_library_and_cli_agree(mixed):
    with mixed.open() as handle:
        lib = [batch_record(r) for r in run_batch(read_records(handle), BatchOptions())]
    assert lib == records(satdoku("batch", str(mixed)).out)


@pytest.mark.parametrize("fmt", ["csv", "line"])
def test_other_formats_have_one_line_per_record(mixed, fmt):
    out = satdoku("batch", str(mixed), "--format", fmt).out.splitlines()
    if fmt == "csv":
        assert out[0] == "line,id,status,count,complete,solution,error"
        out = out[1:]
        assert [row.split(",")[2] for row in out][:3] == ["solved", "invalid", "no_solution"]
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
    (tmp_path / "part.out.resume").write_bytes((tmp_path / "full.out.resume").read_bytes())
    run = satdoku("batch", str(mixed), "--format", fmt, "-o", str(part), "--resume", "--chunk", "2")
    assert run.status == 2, run.err  # as the whole run: bad lines count, even when kept
    assert part.read_bytes() == data


def test_resume_without_an_output_file_starts_afresh(tmp_path, mixed):
    out = tmp_path / "new.jsonl"
    assert satdoku("batch", str(mixed), "-o", str(out), "--resume").status == 2
    assert len(out.read_text().splitlines()) == 6


def finished_run(tmp_path, source, *options):
    """Run a batch of ``source`` to ``tmp_path/out.jsonl``: (the run, the output's path)."""
    out = tmp_path / "out.jsonl"
    return satdoku("batch", str(source), "-o", str(out), *options), out


def assert_refused(tmp_path, source, out, *options, message=""):
    """``--resume`` refuses with one line naming ``message`` and leaves both files alone."""
    state = tmp_path / "out.jsonl.resume"
    before = (out.read_bytes(), state.read_bytes() if state.exists() else None)
    run = satdoku("batch", str(source), "-o", str(out), "--resume", *options)
    assert_one_error_line(run)
    assert message in run.err
    assert (out.read_bytes(), state.read_bytes() if state.exists() else None) == before


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--format", "csv"], "--format differs from the run that wrote {out} (json, now csv)"),
        (["--format", "line"], "--format differs"),
        (["--limit", "1"], "--limit differs from the run that wrote {out} (2, now 1)"),
        (["--chunk", "3"], "--chunk differs"),
        (["--timeout", "5"], "--timeout differs from the run that wrote {out} (not given, now 5"),
        (["--backend", "minicard"], "--backend differs"),
        (["--first", "3"], "--first differs"),
    ],
)
def test_resume_refuses_other_settings(tmp_path, mixed, options, message):
    run, out = finished_run(tmp_path, mixed, "--chunk", "2")
    assert run.status == 2, run.err
    chunk = [] if "--chunk" in options else ["--chunk", "2"]
    assert_refused(tmp_path, mixed, out, *chunk, *options, message=message.format(out=out))


def edited(lines, change):
    """``lines`` after one of the changes a user makes to an input between two runs."""
    if change == "line inserted":
        return [lines[0], "", *lines[1:]]
    if change == "puzzle edited":
        return [lines[0].replace(".", "1", 1), *lines[1:]]
    if change == "truncated":
        return lines[:5]
    return [*lines, *data_lines("norvig_easy50.txt")[:3]]  # appended


@pytest.mark.parametrize("change", ["line inserted", "puzzle edited", "truncated"])
def test_resume_refuses_an_input_changed_before_the_resume_point(tmp_path, mixed, change):
    run, out = finished_run(tmp_path, mixed, "--chunk", "2")
    assert run.status == 2, run.err
    mixed.write_text("\n".join(edited(MIXED, change)) + "\n")
    message = "the input changed since the run that wrote"
    if change == "truncated":
        message += f" {out}: it has 3 puzzles, {out} answers 6 puzzles (the last at line 8)"
    assert_refused(tmp_path, mixed, out, "--chunk", "2", message=message)


@pytest.mark.parametrize(
    ("change", "chunk"),
    [("appended", "2"), ("appended", "4"), ("comment before the last puzzle", "4")],
)
def test_resume_carries_on_after_the_input_changed_past_the_resume_point(
    tmp_path, mixed, change, chunk
):
    """With --chunk 4 a resume keeps the first 4 records of 6 (lines 1 to 6) and solves the
    rest again, whatever changed after them."""
    run, out = finished_run(tmp_path, mixed, "--chunk", chunk)
    assert run.status == 2, run.err
    if change == "appended":
        lines = edited(MIXED, change)
    else:
        lines = [*MIXED[:-1], "# a comment", MIXED[-1]]
    mixed.write_text("\n".join(lines) + "\n")
    resumed = satdoku("batch", str(mixed), "-o", str(out), "--resume", "--chunk", chunk)
    whole = tmp_path / "whole.jsonl"
    uninterrupted = satdoku("batch", str(mixed), "-o", str(whole), "--chunk", chunk)
    assert resumed.status == uninterrupted.status == 2, resumed.err
    assert out.read_bytes() == whole.read_bytes()
    assert records(out.read_text())[-1]["line"] == len(lines)


@pytest.mark.parametrize("state", ["missing", "cut", "empty", "negative", "a later version"])
def test_resume_refuses_an_output_without_a_sound_resume_file(tmp_path, mixed, state):
    run, out = finished_run(tmp_path, mixed)
    assert run.status == 2, run.err
    resume_file = tmp_path / "out.jsonl.resume"
    saved = json.loads(resume_file.read_text())
    message = f"{resume_file} is damaged"
    if state == "missing":
        resume_file.unlink()
        message = f"{out} has no {resume_file} beside it"
    elif state == "a later version":
        resume_file.write_text(json.dumps({**saved, "version": saved["version"] + 1}))
        message = f"{resume_file} was written by another version of satdoku"
    elif state == "negative":
        resume_file.write_text(json.dumps({**saved, "kept": {**saved["kept"], "records": -2}}))
    else:
        resume_file.write_text("" if state == "empty" else resume_file.read_text()[:40])
    assert_refused(tmp_path, mixed, out, message=message)


def test_resume_refuses_stdin_which_it_cannot_check(tmp_path, mixed):
    _, out = finished_run(tmp_path, mixed)
    before = out.read_bytes()
    resumed = satdoku("batch", "-", "-o", str(out), "--resume", stdin=mixed.read_text())
    assert_one_error_line(resumed)
    assert "--resume cannot check stdin" in resumed.err
    assert out.read_bytes() == before


def test_resume_of_a_finished_run_writes_nothing(tmp_path, mixed):
    run, out = finished_run(tmp_path, mixed)
    before = out.read_bytes()
    again = satdoku("batch", str(mixed), "-o", str(out), "--resume")
    assert again.status == run.status == 2  # the status of the run
    assert again.err.strip() == f"{out} is complete: nothing to resume"
    assert out.read_bytes() == before


def test_the_resume_file_is_never_the_input(tmp_path, mixed):
    source = tmp_path / "out.jsonl.resume"
    source.write_bytes(mixed.read_bytes())
    run = satdoku("batch", str(source), "-o", str(tmp_path / "out.jsonl"))
    assert_one_error_line(run)
    assert "the input file" in run.err
    assert source.read_bytes() == mixed.read_bytes()


def test_stdout_and_devices_get_no_resume_file(tmp_path, mixed):
    assert satdoku("batch", str(mixed), "-o", "-", cwd=tmp_path).status == 2
    assert satdoku("batch", str(mixed), "-o", os.devnull).status == 2
    assert list(tmp_path.iterdir()) == [mixed]
    assert not os.path.exists(f"{os.devnull}.resume")


def test_resume_point_keeps_whole_chunks_of_whole_records(tmp_path):
    path = tmp_path / "out.csv"
    path.write_bytes(b"line,status\n1,solved\n2,solved\n3,sol")
    assert resume_point(str(path), "csv", chunk=1) == (2, len(b"line,status\n1,solved\n2,solved\n"))
    assert resume_point(str(path), "csv", chunk=2) == (2, len(b"line,status\n1,solved\n2,solved\n"))
    assert resume_point(str(path), "jsonl", chunk=2) == (2, len(b"line,status\n1,solved\n"))
    assert resume_point(str(path), "csv", chunk=3) == (0, len(b"line,status\n"))
    assert resume_point(str(path), "csv", chunk=1, at_most=1) == (
        1,
        len(b"line,status\n1,solved\n"),
    )
    path.write_bytes(b"line,sta")
    assert resume_point(str(path), "csv") == (0, 0)


def test_a_resume_state_reads_back_as_written(tmp_path):
    path = str(tmp_path / "out.jsonl.resume")
    assert ResumeState.load(path) is None
    settings = {"format": "csv", "limit": 2, "timeout": float("inf"), "box": None}
    mark = Fingerprint(read_records(data_lines("norvig_top95.txt")[:3])).skip(3)
    state = ResumeState(settings, "in.txt", Checkpoint(mark, 2), Checkpoint(mark, 3))
    state.save(path)
    assert ResumeState.load(path) == state
    assert os.listdir(tmp_path) == ["out.jsonl.resume"]  # the temporary file was renamed
    assert state.changed_setting(settings) is None
    assert state.changed_setting({**settings, "box": "3x3"}) == "box"
    assert state.changed_setting({"chunk": 2, **settings}) == "chunk"  # unknown to the state


def test_the_fingerprint_marks_every_chunk_and_the_end():
    lines = ["# puzzles", *data_lines("norvig_top95.txt")[:5]]
    fingerprint = Fingerprint(read_records(lines), chunk=2)
    assert len(list(fingerprint)) == 5
    assert [m.records for m in fingerprint.marks] == [2, 4]
    assert [m.line for m in fingerprint.marks] == [3, 5]
    assert fingerprint.end == fingerprint.mark() and fingerprint.end.line == 6
    again = Fingerprint(read_records(lines), chunk=2)
    assert again.skip(4) == fingerprint.mark_at(4) and again.mark().records == 4
    assert not fingerprint.marks  # dropped once read
    assert Fingerprint(read_records(["", *lines]), chunk=2).skip(4) != again.mark()  # lines moved
    assert Fingerprint(read_records(lines[:3])).skip(4).records == 2


CTRL_C = (
    "import signal, sys\n"
    "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
    "from satdoku.cli import main\n"
    "main(sys.argv[1:])\n"
)
"""Run the command with Ctrl-C raising KeyboardInterrupt, as in a terminal. (A shell starts a
command in the background with SIGINT ignored, and Python keeps it ignored: tests run in the
background would send their ^C to a command that ignores it.)"""


def test_ctrl_c_leaves_whole_records_and_resume_completes_them(tmp_path):
    # the first chunk of 300 is written long before the last of 20,000 (seconds of work on
    # a quiet machine): the batch is still running at ^C
    source = shared_file("9x9/tdoku_17_clue_49158.txt").read_text().splitlines()[:20000]
    path = tmp_path / "big.txt"
    path.write_text("\n".join(source) + "\n")
    out = tmp_path / "out.jsonl"
    slow = ["--chunk", "300", "--backend", "minicard"]
    proc = subprocess.Popen(
        [sys.executable, "-c", CTRL_C, "batch", str(path), "-o", str(out), *slow],
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
    assert satdoku("batch", str(path), "-o", str(out), "--resume", *slow).status == 0
    whole = tmp_path / "whole.jsonl"
    assert satdoku("batch", str(path), "-o", str(whole), *slow).status == 0
    assert out.read_text() == whole.read_text()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_kill_9_then_resume_gives_the_output_of_an_uninterrupted_run(tmp_path, jobs):
    source = shared_file("9x9/tdoku_17_clue_49158.txt").read_text().splitlines()[:3000]
    path = tmp_path / "big.txt"
    path.write_text("\n".join(source) + "\n")
    out = tmp_path / "out.jsonl"
    command = ["batch", str(path), "-o", str(out), "--chunk", "200", "--backend", "minicard"]
    command += ["--jobs", jobs]
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", *command])
    resume_file = tmp_path / "out.jsonl.resume"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if resume_file.exists() and json.loads(resume_file.read_text())["kept"]["records"]:
            break
        time.sleep(0.01)
    assert proc.poll() is None, "the run ended before it could be killed"
    proc.kill()
    proc.wait()
    state = json.loads(resume_file.read_text())
    assert state["done"] is None and 0 < state["kept"]["records"] < len(source)
    # a different input or format is refused, the output left as the kill left it
    assert_refused(tmp_path, path, out, *command[4:], "--format", "csv", message="--format")
    shorter = tmp_path / "shorter.txt"
    shorter.write_text("\n".join(source[1:]) + "\n")
    assert_refused(tmp_path, shorter, out, *command[4:], message="the input changed")
    resumed = satdoku(*command, "--resume")
    whole = tmp_path / "whole.jsonl"
    uninterrupted = satdoku(*command[:3], str(whole), *command[4:])
    assert resumed.status == uninterrupted.status == 0, resumed.err
    assert out.read_bytes() == whole.read_bytes()


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
    assert len(default) == len(records)
    assert_same_records(default, cdcl)


def assert_same_records(ours, theirs):
    """Two engines' results agree; the solution shown may differ only where there are
    several."""
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs, strict=True):
        fields = ("line", "status", "count", "complete", "error")
        assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]
        if a.unique:
            assert a.solution == b.solution


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


def test_the_json_line_of_a_batch_record_is_json_dumps_of_its_record():
    from satdoku.batch import BatchRecord
    from satdoku.formats.records import batch_json_line, json_line
    from satdoku.status import Status

    results = [
        BatchRecord(1, Status.SOLVED, 1, True, "12" * 40 + "1"),
        BatchRecord(2, Status.SOLVED, 2, False, "1,2,3,4"),
        BatchRecord(3, Status.NO_SOLUTION, 0, True),
        BatchRecord(4, Status.UNKNOWN),
        BatchRecord(5, Status.INVALID, error='line 5, column 3: expected "1-9"'),
        BatchRecord(6, Status.SOLVED, 1, True, "123", key="row \\ 6"),
        BatchRecord(7, Status.SOLVED, 1, True, 'odd "text"'),
    ]
    for result in results:
        line = batch_json_line(result)
        assert line == json_line(batch_record(result))
        assert json.loads(line)["line"] == result.line


START = (
    "import multiprocessing, sys\n"
    "multiprocessing.set_start_method(sys.argv[1])\n"
    "from satdoku.cli import main\n"
    "main(sys.argv[2:])\n"
)
"""Run the command with the workers started as ``sys.argv[1]`` says (fork, spawn, forkserver)."""


def _children(pid: int) -> set[int]:
    """The processes ``pid`` started (Linux)."""
    found: set[int] = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as handle:
            found.update(int(child) for child in handle.read().split())
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as handle:
        return handle.read().split(") ")[1][0] != "Z"  # a zombie is gone but for its status


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads /proc (Linux)")
@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_sigterm_ends_the_workers_with_the_run_and_leaks_nothing(tmp_path, method):
    path = tmp_path / "big.txt"
    path.write_text("\n".join(data_lines("norvig_top95.txt") * 40) + "\n")
    out = tmp_path / "out.jsonl"
    command = ["batch", str(path), "-o", str(out), "--jobs", "2", "--chunk", "20"]
    proc = subprocess.Popen(
        [sys.executable, "-c", START, method, *command, "--backend", "minicard"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while (not out.exists() or out.stat().st_size == 0) and time.monotonic() < deadline:
        time.sleep(0.02)
    started = _children(proc.pid)
    assert proc.poll() is None and started, "the run ended before it could be killed"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)  # stderr closes once every process holding it ends
    assert proc.returncode == 130, err
    assert "leaked" not in err and "Traceback" not in err, err
    assert "--resume" in err
    partial = records(out.read_text())  # every line parses: whole records only
    assert [r["line"] for r in partial] == list(range(1, len(partial) + 1))
    ending = time.monotonic() + 10  # a process may still be on its way out
    while (left := [pid for pid in started if _alive(pid)]) and time.monotonic() < ending:
        time.sleep(0.05)
    assert not left
