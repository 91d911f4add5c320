"""Closed pipes, full disks and numeric options at their bounds: one error line or a quiet end,
never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from satdoku.batch import MAX_JOBS, run_batch
from satdoku.deadline import Deadline
from satdoku.errors import UsageError
from tests.cli import assert_one_error_line, satdoku
from tests.conftest import DATA, data_lines

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_a_reader_that_goes_away_ends_the_run_quietly(tmp_path):
    """``satdoku solve -f FILE | head -1`` exits 0 with nothing on stderr. The output (some
    300 KB) is more than a pipe holds, so the reader is gone before the last line is written,
    however the two processes are scheduled."""
    path = tmp_path / "many.txt"
    path.write_text("\n".join(data_lines("norvig_top95.txt") * 40) + "\n")
    command = f"{sys.executable} -m satdoku solve -f {path} --format line"
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command} | head -1 >/dev/null"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("redirect", ["-o /dev/full", "> /dev/full"])
def test_a_full_disk_is_one_error_line(redirect):
    command = f"{sys.executable} -m satdoku solve {PUZZLE} {redirect}"
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (2, "error: No space left on device\n")


@pytest.mark.parametrize("seconds", ["nan", "-1", "soon"])
def test_a_time_limit_is_a_number_of_seconds(seconds):
    assert_one_error_line(satdoku("solve", PUZZLE, "--timeout", seconds))


@pytest.mark.parametrize("seconds", [float("nan"), -1.0])
def test_the_library_refuses_a_time_limit_that_is_not_one(seconds):
    with pytest.raises(UsageError, match="0 seconds or more"):
        Deadline.after(seconds)


def test_jobs_are_capped():
    assert_one_error_line(
        satdoku("batch", "-f", str(DATA / "norvig_top95.txt"), "--jobs", "100000")
    )
    with pytest.raises(UsageError, match="jobs must be"):
        list(run_batch([], jobs=MAX_JOBS + 1))


@pytest.mark.parametrize("stray", ["Puzzles", ",", "these are the puzzles of the week"])
def test_a_stray_first_line_is_one_invalid_record_and_the_rest_are_read(tmp_path, stray):
    """The first line does not decide the layout alone: a title before 10,000 one-line puzzles
    is one invalid record, and every puzzle after it is solved."""
    good = data_lines("norvig_easy50.txt")
    path = tmp_path / "titled.txt"
    path.write_text(stray + "\n" + "\n".join(good * 200) + "\n")
    done = satdoku("batch", "-f", str(path), "--format", "json", "--quiet")
    records = [json.loads(line) for line in done.out.splitlines()]
    assert len(records) == 10_001 and done.status == 2
    assert records[0]["line"] == 1 and records[0]["status"] == "invalid"
    assert records[0]["error"].startswith("line 1")
    assert all(r["status"] == "solved" and r["count"] == 1 for r in records[1:])
    assert [r["line"] for r in records] == list(range(1, 10_002))
