"""Run the real ``satdoku`` command in a subprocess, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Run:
    status: int
    out: str
    err: str


def satdoku(
    *args: str, stdin: str | None = None, timeout: float = 120, cwd: Path | None = None
) -> Run:
    done = subprocess.run(
        [sys.executable, "-m", "satdoku", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=_env(),
    )
    return Run(done.returncode, done.stdout, done.stderr)


def satdoku_on_a_terminal(*args: str, timeout: float = 120) -> Run:
    """Run with stderr on a pseudo-terminal (stdout still a pipe), as in an interactive shell
    whose output is redirected; ``err`` is what the terminal showed."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # rows, columns
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "satdoku", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=slave,
            env=_env(),
        )
        os.close(slave)
        shown = bytearray()
        while True:
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # the terminal closed: the process is done
                break
            if not chunk:
                break
            shown += chunk
        out, _ = process.communicate(timeout=timeout)
    finally:
        os.close(master)
    return Run(process.returncode, out.decode(), shown.decode(errors="replace"))


def _env() -> dict[str, str]:
    """The environment, with this checkout first on the module path."""
    root = str(Path(__file__).resolve().parent.parent)
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": root if not path else f"{root}{os.pathsep}{path}"}


def assert_one_error_line(run: Run) -> None:
    """Exit 2, exactly one stderr line starting with ``error:``, no traceback."""
    assert run.status == 2, run
    lines = run.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), run.err
    assert "Traceback" not in run.err
