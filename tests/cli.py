"""Run the real ``satdoku`` command in a subprocess, as a user would."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass


@dataclass
class Run:
    status: int
    out: str
    err: str


def satdoku(*args: str, stdin: str | None = None, timeout: float = 120) -> Run:
    done = subprocess.run(
        [sys.executable, "-m", "satdoku", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return Run(done.returncode, done.stdout, done.stderr)


def assert_one_error_line(run: Run) -> None:
    """Exit 2, exactly one stderr line starting with ``error:``, no traceback."""
    assert run.status == 2, run
    lines = run.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), run.err
    assert "Traceback" not in run.err
