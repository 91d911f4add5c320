"""Hostile input through every command, in a real process under a memory limit: the answer is
records or one ``error:`` line with the documented exit code, never a traceback, in bounded
time and memory."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from tests.cli import _env

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
SS_GRID = "\n".join(
    [
        "..3|.2.|6..",
        "9..|3.5|..1",
        "..1|8.6|4..",
        "-----------",
        "..8|1.2|9..",
        "7..|...|..8",
        "..6|7.8|2..",
        "-----------",
        "..2|6.9|5..",
        "8..|2.3|..9",
        "..5|.1.|3..",
    ]
)
MEMORY = 1_500_000_000
"""Bytes of address space a command may use (the solvers and OR-Tools included)."""
SECONDS = 60

INPUTS: dict[str, bytes] = {
    "random bytes": bytes(range(256)) * 40,
    "zeros": b"\0" * 100_000,
    "an over-long line": b"1," * 1_100_000 + b"\n" + EASY.encode() + b"\n",
    "a number of 5000 digits": ("9" * 5000 + ",0" * 80 + "\n").encode(),
    "arabic digits": ("\u0663" * 81 + "\n").encode(),
    "a right-to-left mark and a NUL": f"\u202e{EASY}\n{EASY[:40]}\0{EASY[41:]}\n".encode(),
    "a title before puzzles": f"Puzzles\n{EASY}\n{EASY}\n".encode(),
    "a CSV field of 200,000 characters": b'id,puzzle\n1,"' + b"." * 200_000 + b'"\n',
    "a CSV field with a line end": b'id,puzzle\n1,"ab\rc"\n2,' + EASY.encode() + b"\n",
    "nothing": b"",
    "only comments": b"# nothing here\n\n",
    "a BOM and box rules": ("\ufeff" + SS_GRID + "\n").encode(),
    "deep brackets": b"[" * 100_000 + b"]" * 100_000 + b"\n",
    "rows 10,000 values wide": ((",".join(["7075"] * 10_000) + "\n") * 3).encode(),
    "bad UTF-8": EASY[:40].encode() + b"\xff\xfe" + EASY[42:].encode() + b"\n",
}

COMMANDS = {
    "solve": ["solve", "--format", "json"],
    "count": ["count", "--limit", "2", "--format", "json"],
    "unique": ["unique", "--format", "json"],
    "batch": ["batch"],
    "explain": ["explain", "--format", "json", "--timeout", "10"],
    "rate": ["rate", "--format", "json", "--timeout", "10"],
}


def run(args: list[str], stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    return subprocess.run(
        [sys.executable, "-m", "satdoku", *args, "-q"],
        input=None if stdin is None else stdin.decode("latin-1"),
        capture_output=True,
        text=True,
        encoding="latin-1",
        timeout=SECONDS,
        env=_env(),
        preexec_fn=limit,
    )


def assert_held(done: subprocess.CompletedProcess[str], codes: set[int], data: bytes = b"") -> None:
    """No traceback, an expected exit code, and on stderr only ``error:`` lines: one for the
    input, or one per bad record of a file (plus one saying nothing was left)."""
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode in codes, (done.returncode, done.stderr[-500:])
    lines = done.stderr.splitlines()
    assert all(line.startswith("error: ") for line in lines), lines
    assert len(lines) <= data.count(b"\n") + 2, lines
    for line in done.stdout.splitlines():
        assert json.loads(line)["status"], line


@pytest.mark.parametrize("name", INPUTS)
@pytest.mark.parametrize("command", COMMANDS)
def test_hostile_files(command, name, tmp_path):
    path = tmp_path / "input.txt"
    path.write_bytes(INPUTS[name])
    assert_held(run([*COMMANDS[command], "-f", str(path)]), {0, 1, 2, 3}, INPUTS[name])


@pytest.mark.parametrize("name", ["random bytes", "a title before puzzles", "a BOM and box rules"])
@pytest.mark.parametrize("command", COMMANDS)
def test_hostile_stdin(command, name):
    assert_held(run([*COMMANDS[command], "-"], stdin=INPUTS[name]), {0, 1, 2, 3}, INPUTS[name])


@pytest.mark.parametrize(
    "args",
    [
        ["compare", "--encodings", "minimal", "--backends", "minisat22"],
        ["dimacs", "--encoding", "minimal"],
    ],
    ids=["compare", "dimacs"],
)
@pytest.mark.parametrize("name", ["random bytes", "a title before puzzles", "deep brackets"])
def test_hostile_files_compare_and_dimacs(args, name, tmp_path):
    path = tmp_path / "input.txt"
    path.write_bytes(INPUTS[name])
    done = run([*args, "-f", str(path)])
    assert "Traceback" not in done.stderr and done.returncode in {0, 1, 2, 3}, done.stderr
    assert all(line.startswith("error: ") for line in done.stderr.splitlines())


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
@pytest.mark.parametrize("command", ["solve", "batch"])
def test_endless_zeros_are_refused_at_once(command):
    done = run([*COMMANDS[command], "-f", "/dev/zero"])
    assert_held(done, {2})
    assert "binary data" in done.stderr


WIDE = "0" * 10_000
"""A row of a grid wider than any: more characters than one line of them holds."""
WIDE_MESSAGE = (
    "column 1226: expected at most 1225 characters (one line of characters holds grids up to"
    " 35x35; numbers separated by commas up to 400x400), found 10000"
)


def test_a_grid_10000_wide_is_refused_line_by_line_without_building_it():
    import time

    from satdoku.formats import read_records

    started = time.process_time()
    records = list(read_records(iter([WIDE] * 2000)))
    assert time.process_time() - started < 1.0
    assert [r.line for r in records] == list(range(1, 2001))
    assert all(str(r.error) == f"line {r.line}, {WIDE_MESSAGE}" for r in records)


@pytest.mark.parametrize("via", ["file", "stdin"])
@pytest.mark.parametrize("command", ["solve", "batch"])
def test_a_grid_10000_wide_is_one_error_per_line_naming_the_sizes(command, via, tmp_path):
    data = f"{WIDE}\n".encode() * 200
    path = tmp_path / "wide.txt"
    path.write_bytes(data)
    args = [*COMMANDS[command], "-f", str(path)] if via == "file" else [*COMMANDS[command], "-"]
    done = run(args, stdin=data if via == "stdin" else None)
    assert_held(done, {2}, data)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(r["line"], r["status"]) for r in records] == [(i, "invalid") for i in range(1, 201)]
    assert all(r["error"].endswith(f"line {r['line']}, {WIDE_MESSAGE}") for r in records)


def test_a_grid_larger_than_any_names_the_largest_size():
    from satdoku.formats import read_records

    record = next(read_records([",".join(["0"] * 441 * 441)]))
    assert str(record.error) == (
        "line 1: a 441x441 grid is larger than any read (sizes up to 400x400), found 194481 values"
    )
