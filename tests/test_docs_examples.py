"""Every example of the documentation runs as written.

The shell examples of README.md and docs/*.md (``sh``, ``console`` and ``bash`` blocks, and
plain blocks of ``satdoku`` commands) run through the command, in this process, in a
directory holding the files they name: ``puzzles.txt`` (the four lines docs/counting.md
describes), a grid, a CSV table, a Kakuro, ISS strings, f-puzzles JSON, SQLite and DuckDB
tables, ``tests/`` and ``examples/`` of the repository, and ``../shared/data``; ``PUZZLE``
stands for a puzzle and ``FILE`` for ``puzzles.txt``. A command passes when it ends without a traceback and without a usage
error (exit status 2 only for the bad line of an input). A transcript (``$ satdoku ...``
followed by its output) must print that output, where ``...`` stands for any lines and a
``"time"`` for any time (an output with a ``(...)`` remark is a shortened one, not compared). The ``python`` blocks of each page run in order in one namespace,
in the same directory, and the package docstring's examples as doctests.

Skipped, each with its reason: what needs a server (``serve``, ``curl``, an HTTP client),
PostgreSQL, Dask, the network (``pip install``) or another program (``kissat``), an
argument elided with ``...``, ../shared/data when it is absent, and the slow examples of
:data:`SLOW` (over a few seconds each: big grids, big files, a thousand jigsaws) unless
``SATDOKU_SLOW_EXAMPLES=1``. The benchmarks' own commands (``python benchmarks/...``,
minutes each) are not collected.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys
import types
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import satdoku
from satdoku.cli import main
from tests.conftest import DATA, ROOT, SHARED

PAGES = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)
SHELLS = {"sh", "console", "bash", "shell"}
PROGRAMS = {"satdoku", "cat", "python", "python3", "pip", "curl", "kissat", "dask", "for", "jq"}
"""First words of a command line; another first word starts a line of output."""

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
MANY = "8.........95.......76.........692748...714235...538196...451......973.8....826.1."
PUZZLES = [MANY, "11x", PUZZLE, "11" + "." * 79]
"""docs/counting.md's puzzles.txt: 973 solutions, a bad line, a unique puzzle, clashing 1s."""
KAKURO = """\
- 23, 30, - - 27, 12, 16,
,16 0 0 - 17,24 0 0 0
,17 0 0 15,29 0 0 0 0
,35 0 0 0 0 0 12, -
- ,7 0 0 7,8 0 0 7,
- 11, 10,16 0 0 0 0 0
,21 0 0 0 0 ,5 0 0
,6 0 0 0 - ,3 0 0
"""

PLACEHOLDERS = {"PUZZLE": PUZZLE, "FILE": "puzzles.txt"}
PLACEHOLDER = re.compile(r"\b(?:PUZZLE|FILE)\b")

SKIPS = {
    "satdoku serve": "needs a server and a browser",
    "curl ": "needs a running server",
    "httpx": "needs a running server",
    "--dask": "needs a Dask cluster",
    "postgresql://": "needs PostgreSQL",
    "pip install": "installs packages from the network",
}
"""Substrings of commands that cannot run here, with the reason."""
SHARED_PATH = re.compile(r"\.\./shared/data/([\w./+-]+\w)")
"""A file of the shared puzzle collection named by a command."""
ELIDED = re.compile(r"https?://[^'\"\s]*\.\.\.")
"""A link shortened with ``...``: not the whole link."""
SLOW = {
    "rkkautsar_400x400": "a 400x400 grid (seconds to a minute)",
    "rkkautsar_64x64": "a 64x64 grid proven not unique (about 10 s)",
    "gecode_25x25": "25x25 grids (seconds each)",
    "hakank_kakuro": "every Kakuro of a collection",
    "tdoku_forum_hardest_1905_11plus": "48,765 hard puzzles",
    "tdoku_17_clue_49158": "49,158 puzzles",
    "1m.txt": "a million puzzles",
    "--count 1000": "a thousand puzzles made",
    "compare -f puzzles.txt --csv": "twelve configurations, CP-SAT among them",
    "norvig_top95.txt\n": "rates 95 hard puzzles",
    "--repeat 3": "every configuration three times over (minutes)",
}
"""Substrings of slow examples, with what makes them slow."""


@dataclass(frozen=True)
class Example:
    """A shell command of a page, the output its transcript shows (None: not shown), and the
    commands before it in its block that do not run ``satdoku`` (they make its input)."""

    page: str
    line: int
    command: str
    shown: tuple[str, ...] | None = None
    setup: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def _shell_examples(page: str) -> list[Example]:
    """The commands of ``page`` that run ``satdoku``."""
    text = (ROOT / page).read_text()
    found: list[Example] = []
    for block in FENCE.finditer(text):
        lang, body = block.group(1), block.group(2)
        first = body.lstrip().split(" ", 1)[0]
        if lang not in SHELLS and not (lang == "" and first in ("$", "satdoku")):
            continue
        start = text.count("\n", 0, block.start(2)) + 1
        setup: list[str] = []
        for example in _commands(page, start, body.splitlines()):
            if _runs_satdoku(example.command):
                found.append(replace(example, setup=tuple(setup)))
            else:
                setup.append(example.command)
    return found


def _runs_satdoku(command: str) -> bool:
    """Whether a command line runs satdoku (the command or the package), comments aside."""
    return any("satdoku" in word for word in shlex.split(command, comments=True))


def _commands(page: str, start: int, lines: list[str]) -> list[Example]:
    """The command lines of a block, each with the output lines after it when it is a
    ``$`` transcript; synopses (``[--option]``) and comments left out."""
    commands: list[Example] = []
    shown: list[str] | None = None
    for number, line in enumerate(lines, start):
        if line.startswith("$ "):
            shown = []
            commands.append(Example(page, number, line[2:]))
        elif line.split(" ", 1)[0] in PROGRAMS or line.startswith("/usr/bin/time"):
            shown = None
            commands.append(Example(page, number, line))
        elif shown is not None and commands:
            shown.append(line)
            last = commands[-1]
            commands[-1] = Example(last.page, last.line, last.command, tuple(shown))
    return [c for c in commands if "[--" not in c.command]


def _python_pages() -> dict[str, list[tuple[int, str]]]:
    """The ``python`` blocks of each page (line of the block, code)."""
    pages: dict[str, list[tuple[int, str]]] = {}
    for page in PAGES:
        text = (ROOT / page).read_text()
        blocks = [
            (text.count("\n", 0, m.start(2)) + 1, m.group(2))
            for m in FENCE.finditer(text)
            if m.group(1) == "python"
        ]
        if blocks:
            pages[page] = blocks
    return pages


SHELL_EXAMPLES = [example for page in PAGES for example in _shell_examples(page)]
PYTHON_PAGES = _python_pages()


def test_the_docs_have_examples_of_both_kinds():
    assert len(SHELL_EXAMPLES) > 60 and len(PYTHON_PAGES) > 10
    assert sum(e.shown is not None for e in SHELL_EXAMPLES) >= 5


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory with the files the examples name (``../shared`` is the shared data)."""
    root = tmp_path_factory.mktemp("docs")
    work = root / "work"
    work.mkdir()
    (root / "shared").symlink_to(SHARED.parent, target_is_directory=True)
    for name in ("tests", "examples"):
        (work / name).symlink_to(ROOT / name, target_is_directory=True)
    (work / "puzzles.txt").write_text("\n".join(PUZZLES) + "\n")
    (work / "grid.txt").write_text("\n".join(PUZZLE[r : r + 9] for r in range(0, 81, 9)) + "\n")
    digits = [p.replace(".", "0") for p in (PUZZLE, MANY)]
    (work / "kaggle.csv").write_text("quizzes,solutions\n" + "".join(f"{d},\n" for d in digits))
    (work / "puzzle.txt").write_text(KAKURO)
    shutil.copy(DATA / "variants" / "x.txt", work / "x.txt")
    shutil.copy(DATA / "links" / "fpuzzles-x.json", work / "puzzle.json")
    (work / "puzzles.iss").write_text(".Shape~6x6.Thermo~R1C1~R1C2~R1C3.~R2C2_5\n.~R1C1_5\n")
    with sqlite3.connect(work / "puzzles.db") as db:
        db.execute("CREATE TABLE sudoku (id INTEGER PRIMARY KEY, question TEXT)")
        db.executemany("INSERT INTO sudoku (question) VALUES (?)", [(PUZZLE,), (MANY,)])
    _duckdb_tables(work)
    return work


def _duckdb_tables(work: Path) -> None:
    """``puzzles.duckdb`` with a table ``sudoku (id, quizzes)``, and ``puzzles.parquet``."""
    try:
        import duckdb
    except ImportError:
        return
    with duckdb.connect(str(work / "puzzles.duckdb")) as db:
        db.execute("CREATE TABLE sudoku AS SELECT 1 AS id, ? AS quizzes", [PUZZLE])
        db.execute(f"COPY (SELECT quizzes FROM sudoku) TO '{work / 'puzzles.parquet'}'")


def _skip_reason(example: Example) -> str | None:
    command = "\n".join([*example.setup, example.command])
    for text, reason in SKIPS.items():
        if text in command:
            return reason
    if ELIDED.search(command):
        return "a link elided with ..."
    if "kissat" in command and shutil.which("kissat") is None:
        return "needs kissat"
    slow = next((why for text, why in SLOW.items() if text in command + "\n"), None)
    if slow is not None and not os.environ.get("SATDOKU_SLOW_EXAMPLES"):
        return f"slow: {slow} (run with SATDOKU_SLOW_EXAMPLES=1)"
    for relative in SHARED_PATH.findall(command):
        if not (SHARED / relative).exists():
            return f"{SHARED / relative} is absent"
    return None


@dataclass
class Ran:
    status: int
    out: str
    err: str


def _satdoku(args: list[str], stdin: bytes = b"") -> Ran:
    """The command run in this process, as from a shell."""
    with CliRunner().isolation(input=stdin) as (out, err, _):
        try:
            main(args)
            status = 0
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else 0
        return Ran(status, out.getvalue().decode(), err.getvalue().decode())


def _shell(command: str) -> Ran:
    """A command line with what only a shell does (``$(...)``, ``{1..9}``), run by bash."""
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    done = subprocess.run(
        ["bash", "-c", command],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PATH": path},
    )
    return Ran(done.returncode, done.stdout, done.stderr)


def _run(command: str) -> Ran:
    """Run a line: ``[cat FILE |] [/usr/bin/time] satdoku ARGS [> FILE] [| jq ...]``,
    ``python -c CODE``, or, through bash, a line that needs a shell."""
    if "$(" in command or "{1.." in command:
        return _shell(command)
    words = shlex.split(command, comments=True)
    if words[0] in ("python", "python3"):
        return _shell(shlex.join([sys.executable, *words[1:]]))
    if words[0] != "satdoku" and "satdoku" not in words:
        return _shell(command)  # another program (kissat) making an input
    stdin = b""
    if words[0] == "cat":
        stdin = Path(words[1]).read_bytes()
        words = words[3:]
    while words[0] in ("/usr/bin/time", "-v"):
        words = words[1:]
    pipe = words[words.index("|") :] if "|" in words else []
    words = words[: len(words) - len(pipe)]
    target = words[-1] if len(words) > 2 and words[-2] == ">" else None
    if target is not None:
        words = words[:-2]
    assert words[0] == "satdoku", command
    ran = _satdoku(words[1:], stdin)
    if target is not None:
        Path(target).write_text(ran.out)
    if pipe and shutil.which(pipe[1]) is not None:
        piped = subprocess.run(pipe[1:], input=ran.out, capture_output=True, text=True)
        assert piped.returncode == 0, piped.stderr
    return ran


def _matches(shown: tuple[str, ...], lines: list[str]) -> bool:
    """Whether ``lines`` are the output ``shown``, where ``...`` stands for any lines."""
    if not shown:
        return not lines
    head, rest = shown[0], shown[1:]
    if head.strip() == "...":
        return any(_matches(rest, lines[i:]) for i in range(len(lines) + 1))
    return bool(lines) and _same(head, lines[0]) and _matches(rest, lines[1:])


def _same(shown: str, line: str) -> bool:
    times = re.compile(r'("time": )[0-9.e-]+')
    return times.sub(r"\1T", shown.rstrip()) == times.sub(r"\1T", line.rstrip())


@pytest.mark.parametrize("example", SHELL_EXAMPLES, ids=str)
def test_shell_example_runs(example: Example, folder: Path, monkeypatch: pytest.MonkeyPatch):
    reason = _skip_reason(example)
    if reason is not None:
        pytest.skip(reason)
    monkeypatch.chdir(folder)
    for command in example.setup:
        made = _run(command)
        assert made.status == 0, made
    ran = _run(PLACEHOLDER.sub(lambda m: PLACEHOLDERS[m.group()], example.command))
    assert "Traceback" not in ran.err, ran.err
    errors = [line for line in ran.err.splitlines() if line.startswith("error: ")]
    assert ran.status in (0, 1, 2, 3), ran
    assert ran.status != 2 or all(re.search(r"\bline \d+", e) for e in errors), ran.err
    shown = tuple(line for line in example.shown or () if line.strip())
    if shown and not any(line.startswith("(") for line in shown):  # "(...)": a shortened output
        assert _matches(shown, ran.out.splitlines()), ran.out


@pytest.mark.parametrize("page", PYTHON_PAGES)
def test_python_examples_run(page: str, folder: Path, monkeypatch: pytest.MonkeyPatch):
    from satdoku.solver import registry

    monkeypatch.chdir(folder)
    monkeypatch.setattr(registry, "_NAMED", dict(registry._NAMED))  # a backend a page adds
    module = types.ModuleType("docs_example")  # where the page's classes live
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for line, code in PYTHON_PAGES[page]:
        if "httpx" in code or ELIDED.search(code):
            continue  # a server's client, or an elided link; the page's other blocks still run
        exec(compile(code, f"{page} (python block at line {line})", "exec"), module.__dict__)


def test_package_docstring_examples():
    result = doctest.testmod(satdoku, verbose=False)
    assert result.attempted > 0 and result.failed == 0
