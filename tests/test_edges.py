"""The edges of the doors: outputs that would overwrite their input, outputs that cannot be
written, time limits kept everywhere, numbers at their bounds, and names that a module lists."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import satdoku
from tests.cli import assert_one_error_line
from tests.cli import satdoku as run
from tests.conftest import DATA, data_lines

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_dir_lists_the_names_imported_on_first_use():
    names = dir(satdoku)
    assert {"explain", "hint", "rate", "Rating", "solve"} <= set(names)
    assert names == sorted(names)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, satdoku; dir(satdoku); print('satdoku.logic' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == "False\n"


@pytest.mark.parametrize("option", ["--csv", "--json", "--plot"])
def test_a_side_file_that_is_the_input_is_refused(tmp_path, option):
    path = tmp_path / "puzzles.txt"
    text = "\n".join(data_lines("norvig_easy50.txt")[:2]) + "\n"
    path.write_text(text)
    done = run(
        "compare",
        str(path),
        "--backends",
        "minisat22",
        "--encodings",
        "minimal",
        option,
        str(tmp_path / "." / "puzzles.txt"),
    )
    assert_one_error_line(done)
    assert "is the input file" in done.err
    assert path.read_text() == text


def to_a_full_disk(*args: str) -> subprocess.CompletedProcess[str]:
    """``satdoku ARGS > /dev/full``, with Python's usual buffering of a file."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    with open("/dev/full", "w") as full:
        return subprocess.run(
            [sys.executable, "-m", "satdoku", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            env=env,
            cwd=DATA.parent.parent,
        )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize(
    "args",
    [
        ("batch", "-f", "tests/data/norvig_easy50.txt"),
        ("batch", "-f", "tests/data/norvig_easy50.txt", "--format", "line", "--jobs", "2"),
        ("solve", "-f", "tests/data/norvig_easy50.txt", "--format", "line"),
        ("solve", "--all", PUZZLE),
        ("generate", "--seed", "1"),
    ],
)
def test_an_output_that_cannot_be_written_fails_the_run(args):
    done = to_a_full_disk(*args)
    assert (done.returncode, done.stderr.splitlines()[-1:]) == (
        2,
        ["error: No space left on device"],
    ), done.stderr
    assert "puzzles" not in done.stderr and "Exception" not in done.stderr
