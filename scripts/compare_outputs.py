"""Record what satdoku prints for a fixed list of commands, and compare two recordings.

``record DIR`` runs every command of the list (``python -m satdoku ...``) and writes
NAME.out per command into DIR: the command line (data paths as ``{shared}`` and
``{tests}``), its stdout and its exit status. The one timing stdout holds, the ``"time"``
of JSON records, is written as ``"time": "-"``. Stderr (summaries, timings, errors) goes
beside it as NAME.err and is not compared. A command whose input is absent is written as
skipped. ``diff DIR_A DIR_B`` compares two
recordings byte for byte and prints a markdown table; exit status 1 when any file differs.

An older checkout runs with ``--pythonpath``: its directory goes first on PYTHONPATH, and
the commands run from an empty directory so that no other ``satdoku`` is found first.

Example:
    python scripts/compare_outputs.py record /tmp/outputs-base --pythonpath /tmp/base
    python scripts/compare_outputs.py record /tmp/outputs-now
    python scripts/compare_outputs.py diff /tmp/outputs-base /tmp/outputs-now
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMING = re.compile(rb'"time": -?[0-9][0-9.eE+-]*')
PLACEHOLDER = re.compile(r"\{(shared|tests|work)\}")


@dataclass(frozen=True)
class Command:
    """One satdoku command line; ``name`` is its file name in a recording."""

    name: str
    args: tuple[str, ...]


def command(name: str, line: str) -> Command:
    """A command from its name and its arguments written as one string."""
    return Command(name, tuple(line.split()))


# Inputs written as the first ``:`` field of every line of a ``puzzle:count[:solution]`` file.
DERIVED = {
    "tdoku_test.txt": "{shared}/special/tdoku_test_puzzles.txt",
    "serg_counts.txt": "{shared}/special/tdoku_serg_benchmark_counts.txt",
}

TOP95 = "-f {shared}/9x9/norvig_top95.txt"
TDOKU = "-f {work}/tdoku_test.txt"
SERG = "-f {work}/serg_counts.txt --first 100"
CLUE17 = "-f {shared}/9x9/tdoku_17_clue_49158.txt --first 300"
HARDEST = "-f {shared}/9x9/tdoku_forum_hardest_1106.txt --first 300"
GECODE16 = "-f {shared}/16x16/gecode_16x16.txt"
JANKO16 = "-f {shared}/16x16/janko_16x16.txt --first 50"
X = "--kind x -f {tests}/variants/x.txt"
WINDOKU = "--kind windoku -f {tests}/variants/windoku.txt"
JIGSAW = "--kind jigsaw -f {tests}/variants/jigsaw.txt"
KILLER = "--kind killer -f {tests}/variants/killer.txt"
HAKANK = "--kind kakuro -f {shared}/kakuro/hakank_kakuro.jsonl"
JANKO_KAKURO = "--kind kakuro -f {shared}/kakuro/janko_kakuro.jsonl --first 50"

COMMANDS = [
    command("solve-top95-json", f"solve {TOP95} --format json"),
    command("solve-top95-line", f"solve {TOP95} --format line"),
    command("solve-top95-grid", f"solve {TOP95} --first 3"),
    command("solve-top95-minisat-line", f"solve {TOP95} --format line --backend minisat22"),
    command("solve-top95-cpsat-line", f"solve {TOP95} --first 20 --format line --backend cpsat"),
    command("count-top95-json", f"count {TOP95} --format json"),
    command("count-top95-grid", f"count {TOP95}"),
    command("unique-top95-json", f"unique {TOP95} --format json"),
    command("unique-top95-grid", f"unique {TOP95}"),
    command("batch-top95-json", f"batch {TOP95} --format json"),
    command("batch-top95-line", f"batch {TOP95} --format line"),
    command("batch-top95-minicard-json", f"batch {TOP95} --backend minicard"),
    command("explain-top95-json", f"explain {TOP95} --first 30 --format json"),
    command("explain-top95-grid", f"explain {TOP95} --first 5"),
    command("explain-top95-trace", f"explain {TOP95} --first 3 --format trace"),
    command("explain-top95-hint-json", f"explain {TOP95} --hint --format json"),
    command("explain-top95-singles-json", f"explain {TOP95} --techniques singles --format json"),
    command("rate-top95-json", f"rate {TOP95} --format json"),
    command("solve-tdoku-test-line", f"solve {TDOKU} --format line"),
    command("count-tdoku-test-json", f"count {TDOKU} --format json"),
    command("count-tdoku-test-grid", f"count {TDOKU} --limit 100"),
    command("unique-tdoku-test-json", f"unique {TDOKU} --format json"),
    command("unique-tdoku-test-grid", f"unique {TDOKU}"),
    command("batch-tdoku-test-json", f"batch {TDOKU}"),
    command("explain-tdoku-test-json", f"explain {TDOKU} --first 10 --format json"),
    command("count-serg-json", f"count {SERG} --format json"),
    command("unique-serg-grid", f"unique {SERG} --first 20"),
    command("batch-serg-limit3-json", f"batch {SERG} --limit 3"),
    command("solve-17clue-line", f"solve {CLUE17} --format line"),
    command("count-17clue-json", f"count {CLUE17} --format json"),
    command("batch-17clue-json", f"batch {CLUE17}"),
    command("batch-17clue-line", f"batch {CLUE17} --format line"),
    command("solve-hardest-line", f"solve {HARDEST} --format line"),
    command("solve-hardest-json", f"solve {HARDEST} --format json"),
    command("count-hardest-json", f"count {HARDEST} --format json"),
    command("unique-hardest-grid", f"unique {HARDEST} --first 50"),
    command("batch-hardest-json", f"batch {HARDEST}"),
    command("explain-hardest-json", f"explain {HARDEST} --first 10 --format json"),
    command("rate-hardest-json", f"rate {HARDEST} --first 30 --format json"),
    command("solve-gecode16-json", f"solve {GECODE16} --format json"),
    command("solve-gecode16-line", f"solve {GECODE16} --format line"),
    command("solve-gecode16-grid", f"solve {GECODE16} --first 2"),
    command("count-gecode16-json", f"count {GECODE16} --format json"),
    command("unique-gecode16-grid", f"unique {GECODE16}"),
    command("batch-gecode16-json", f"batch {GECODE16}"),
    command("solve-janko16-line", f"solve {JANKO16} --format line"),
    command("count-janko16-json", f"count {JANKO16} --format json"),
    command("batch-janko16-json", f"batch {JANKO16}"),
    command("explain-janko16-json", f"explain {JANKO16} --first 3 --format json"),
    command("solve-x-grid", f"solve {X}"),
    command("solve-x-json", f"solve {X} --format json"),
    command("count-x-json", f"count {X} --format json"),
    command("explain-x-grid", f"explain {X}"),
    command("solve-windoku-grid", f"solve {WINDOKU}"),
    command("unique-windoku-json", f"unique {WINDOKU} --format json"),
    command("explain-windoku-json", f"explain {WINDOKU} --format json"),
    command("solve-jigsaw-grid", f"solve {JIGSAW}"),
    command("solve-jigsaw-cpsat-line", f"solve {JIGSAW} --format line --backend cpsat"),
    command("count-jigsaw-json", f"count {JIGSAW} --format json"),
    command("unique-jigsaw-grid", f"unique {JIGSAW}"),
    command("batch-jigsaw-json", f"batch {JIGSAW}"),
    command("explain-jigsaw-grid", f"explain {JIGSAW}"),
    command("solve-killer-grid", f"solve {KILLER}"),
    command("solve-killer-json", f"solve {KILLER} --format json"),
    command("solve-killer-cpsat-line", f"solve {KILLER} --format line --backend cpsat"),
    command("count-killer-json", f"count {KILLER} --format json"),
    command("unique-killer-grid", f"unique {KILLER}"),
    command("batch-killer-json", f"batch {KILLER}"),
    command("explain-killer-json", f"explain {KILLER} --format json"),
    command("solve-link-killer-grid", "solve -f {tests}/links/fpuzzles-killer.txt"),
    command("solve-link-jigsaw-json", "solve -f {tests}/links/fpuzzles-jigsaw.txt --format json"),
    command("count-link-x-json", "count -f {tests}/links/fpuzzles-x.json --format json"),
    command("solve-link-x-line", "solve -f {tests}/links/fpuzzles-x.txt --format line"),
    command(
        "solve-link-sudokupad-json",
        "solve -f {tests}/links/sudokupad-parity-fish.txt --format json",
    ),
    command("solve-hakank-grid", f"solve {HAKANK}"),
    command("solve-hakank-json", f"solve {HAKANK} --format json"),
    command("count-hakank-json", f"count {HAKANK} --format json"),
    command("unique-hakank-grid", f"unique {HAKANK}"),
    command("solve-janko-kakuro-json", f"solve {JANKO_KAKURO} --format json"),
    command("solve-janko-kakuro-grid", f"solve {JANKO_KAKURO} --first 3"),
    command("count-janko-kakuro-json", f"count {JANKO_KAKURO} --format json"),
    command("unique-janko-kakuro-json", f"unique {JANKO_KAKURO} --format json"),
    command("batch-janko-kakuro-json", f"batch {JANKO_KAKURO}"),
    command(
        "solve-janko-kakuro-cpsat-line",
        f"solve {JANKO_KAKURO} --first 10 --format line --backend cpsat",
    ),
    command("dimacs-top95-extended", f"dimacs {TOP95} --first 1 --encoding extended"),
    command("dimacs-killer", f"dimacs {KILLER}"),
    command("dimacs-hakank", f"dimacs {HAKANK} --first 1"),
    command("svg-plain", f"solve {TOP95} --first 1 --format svg"),
    command("svg-x", f"solve {X} --format svg"),
    command("svg-windoku", f"solve {WINDOKU} --format svg"),
    command("svg-jigsaw", f"solve {JIGSAW} --format svg"),
    command("svg-killer", f"solve {KILLER} --format svg"),
    command("svg-kakuro", f"solve {HAKANK} --first 1 --format svg"),
]


def expand(arg: str, roots: dict[str, Path]) -> str:
    """``arg`` with its ``{shared}``, ``{tests}`` or ``{work}`` replaced by that directory."""
    return PLACEHOLDER.sub(lambda match: str(roots[match.group(1)]), arg)


def missing_input(cmd: Command, roots: dict[str, Path]) -> str | None:
    """The first input of ``cmd`` that is absent, as written in the command, or None."""
    for arg in cmd.args:
        if PLACEHOLDER.match(arg) and not Path(expand(arg, roots)).exists():
            return arg
    return None


def derive_inputs(roots: dict[str, Path]) -> None:
    """Write every present ``DERIVED`` input into the ``{work}`` directory."""
    for name, source in DERIVED.items():
        path = Path(expand(source, roots))
        if path.exists():
            lines = path.read_text().splitlines()
            puzzles = "".join(line.split(":")[0] + "\n" for line in lines if line.strip())
            (roots["work"] / name).write_text(puzzles)


def run(
    cmd: Command, roots: dict[str, Path], python: str, env: dict[str, str]
) -> tuple[bytes, bytes]:
    """The recording of one command (its command line, stdout and exit status), and its stderr."""
    header = f"$ satdoku {' '.join(cmd.args)}\n".encode()
    absent = missing_input(cmd, roots)
    if absent is not None:
        print(f"skipped {cmd.name}: {absent} is absent", file=sys.stderr)
        return header + f"skipped: {absent} is absent\n".encode(), b""
    argv = [python, "-m", "satdoku", *(expand(arg, roots) for arg in cmd.args)]
    done = subprocess.run(argv, cwd=roots["work"], env=env, capture_output=True)
    out = TIMING.sub(b'"time": "-"', done.stdout)
    out = out.replace(str(roots["shared"]).encode(), b"{shared}")
    out = out.replace(str(roots["tests"]).encode(), b"{tests}")
    out = out.replace(str(roots["work"]).encode(), b"{work}")
    if out and not out.endswith(b"\n"):
        out += b"\n"
    return header + out + f"exit status: {done.returncode}\n".encode(), done.stderr


def record(args: argparse.Namespace) -> int:
    """Run every command into ``args.dir``; print where the code came from and the time."""
    out_dir = Path(args.dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONHASHSEED="0")
    if args.pythonpath:
        paths = [str(Path(args.pythonpath).resolve()), env.get("PYTHONPATH", "")]
        env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    chosen = [c for c in COMMANDS if not args.only or re.search(args.only, c.name)]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="satdoku-outputs-") as work:
        roots = {"shared": args.shared.resolve(), "tests": args.tests.resolve(), "work": Path(work)}
        where = subprocess.run(
            [args.python, "-c", "import satdoku; print(satdoku.__file__)"],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
        )
        error = (where.stderr.strip().splitlines() or ["?"])[-1]
        print(f"satdoku from {where.stdout.strip() or error}", file=sys.stderr)
        derive_inputs(roots)
        for number, cmd in enumerate(chosen, 1):
            began = time.perf_counter()
            out, err = run(cmd, roots, args.python, env)
            (out_dir / f"{cmd.name}.out").write_bytes(out)
            (out_dir / f"{cmd.name}.err").write_bytes(err)
            took = time.perf_counter() - began
            print(f"[{number}/{len(chosen)}] {cmd.name} {took:.1f} s", file=sys.stderr)
    print(f"{len(chosen)} commands in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


def first_difference(a: bytes, b: bytes) -> str:
    """Where two recordings first differ: the line number and both lines, shortened."""
    lines_a, lines_b = a.splitlines(), b.splitlines()
    for number, (line_a, line_b) in enumerate(zip(lines_a, lines_b, strict=False), 1):
        if line_a != line_b:
            return f"line {number}: `{shorten(line_a)}` / `{shorten(line_b)}`"
    if len(lines_a) == len(lines_b):
        return "same lines, different line endings"
    longer = "A" if len(lines_a) > len(lines_b) else "B"
    return f"line {min(len(lines_a), len(lines_b)) + 1}: only {longer} has it"


def shorten(line: bytes, width: int = 60) -> str:
    """A line as table text: at most ``width`` characters, no ``|`` or backquote."""
    text = line.decode(errors="replace").replace("|", "\\|").replace("`", "'")
    return text if len(text) <= width else text[: width - 3] + "..."


def diff(args: argparse.Namespace) -> int:
    """Print the comparison table of two recordings; 1 when any file differs."""
    dir_a, dir_b = Path(args.dir_a), Path(args.dir_b)
    names = sorted({p.name for p in dir_a.glob("*.out")} | {p.name for p in dir_b.glob("*.out")})
    print(f"A: `{dir_a}`, B: `{dir_b}`\n")
    print("| command | identical | first differing line |")
    print("|---|---|---|")
    differing = 0
    for name in names:
        path_a, path_b = dir_a / name, dir_b / name
        if not path_a.exists() or not path_b.exists():
            note = f"absent from {'A' if not path_a.exists() else 'B'}"
        elif (a := path_a.read_bytes()) == (b := path_b.read_bytes()):
            print(f"| {name[:-4]} | yes | |")
            continue
        else:
            note = first_difference(a, b)
        differing += 1
        print(f"| {name[:-4]} | no | {note} |")
    print(f"\n{len(names) - differing} of {len(names)} identical")
    return 1 if differing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    modes = parser.add_subparsers(dest="mode", required=True)
    rec = modes.add_parser("record", help="run every command, one file per command in DIR")
    rec.add_argument("dir", metavar="DIR", help="directory of the recording (created)")
    rec.add_argument("--python", default=sys.executable, help="interpreter (default: this one)")
    rec.add_argument("--pythonpath", help="directory put first on PYTHONPATH (a checkout)")
    rec.add_argument(
        "--shared", type=Path, default=ROOT.parent / "shared" / "data", help="shared data"
    )
    rec.add_argument("--tests", type=Path, default=ROOT / "tests" / "data", help="test data")
    rec.add_argument("--only", metavar="REGEX", help="only the commands whose name matches")
    rec.set_defaults(action=record)
    cmp = modes.add_parser("diff", help="compare two recordings byte for byte")
    cmp.add_argument("dir_a", metavar="DIR_A")
    cmp.add_argument("dir_b", metavar="DIR_B")
    cmp.set_defaults(action=diff)
    args = parser.parse_args(argv)
    result: int = args.action(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
