"""satdoku against the Interactive Sudoku Solver (ISS) on the variant puzzles satdoku reads:
time each puzzle four ways in the same run and check that the answers agree
(docs/benchmarks.md, "Variant Sudoku against the Interactive Sudoku Solver").

    python benchmarks/variants.py ../shared/data/variants/iss_puzzles.jsonl --iss /tmp/iss \
        [--timeout 10] [--iss-timeout 600] [--names "Killer" "Thermo"] [--repeats 1]

The puzzles are those of the JSON Lines file whose ISS constraint string satdoku reads. For
each puzzle, in turn:

* satdoku process: ``python -m satdoku unique ISS --format json --no-closest --timeout T`` as a
  whole process (start-up, reading, encoding, the proof), wall seconds;
* satdoku in-process: ``satdoku.uniqueness(ISS, timeout=T, closest=False)`` in one long-lived
  Python process, seconds of the call (reading the string included);
* ISS process: ``node tools/perf/benchmark_puzzles.js --max-backtracks none --input ISS
  --json`` run from the ISS checkout (``--iss DIR``), wall seconds;
* ISS solve: the ``ms`` that ISS reports: its search, once the solver is built.

Both stop at the second solution. The statuses (unique, multiple, no_solution) must agree, and
a unique solution must be the stored one. A process past its limit is killed with its process
group and counted as a time-out at the time it ran; every child dies with this process. Without
``--iss`` (or when the checkout or node is missing) only satdoku runs.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import hashlib
import json
import multiprocessing
import os
import resource
import signal
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from check_iss import DEFAULT_DATA, read_entries, stored_grid
from machine import header

ISS_SCRIPT = Path("tools/perf/benchmark_puzzles.js")
GRACE = 5.0
"""Seconds a satdoku run may take past its own time limit before it is killed."""
TIMEOUT = "timeout"
COLUMNS = ("satdoku process", "satdoku in-process", "ISS process", "ISS solve")
PAIRS = ((0, 2), (1, 3))
"""The columns compared: satdoku's whole process with ISS's, and each one's own time."""
ISS_STATUS = {"unique": "unique", "multiple": "multiple", "no-solution": "no_solution"}
PR_SET_PDEATHSIG = 1


@dataclass(frozen=True)
class Case:
    """One puzzle: its name, rule types, ISS string, stored solution as grid values (1 up)
    and the value written for grid value 1 (0 in a grid of values from 0)."""

    name: str
    types: tuple[str, ...]
    iss: str
    stored: tuple[int, ...] | None
    first: int


@dataclass(frozen=True)
class Run:
    """One timing: the status given (or ``timeout``, ``error: ...``), wall seconds, the grid
    found and CPU seconds (None where not measured)."""

    status: str
    seconds: float
    grid: tuple[int, ...] | None = None
    cpu: float | None = None


@dataclass(frozen=True)
class Timed:
    """A finished child process: wall and CPU seconds, and its output (None: killed)."""

    wall: float
    cpu: float
    out: str | None


@dataclass(frozen=True)
class Result:
    """A puzzle's runs, one list per column (``COLUMNS``), one run per repeat."""

    case: Case
    runs: tuple[list[Run], ...]

    def seconds(self, column: int) -> float | None:
        runs = self.runs[column]
        return statistics.median(r.seconds for r in runs) if runs else None

    def cpu(self, column: int) -> float | None:
        cpus = [r.cpu for r in self.runs[column] if r.cpu is not None]
        return statistics.median(cpus) if cpus and len(cpus) == len(self.runs[column]) else None

    def status(self, column: int) -> str | None:
        statuses = sorted({r.status for r in self.runs[column]})
        return "/".join(statuses) if statuses else None


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  python benchmarks/variants.py"
        " ../shared/data/variants/iss_puzzles.jsonl --iss /tmp/iss --timeout 10",
    )
    parser.add_argument("data", nargs="?", type=Path, default=DEFAULT_DATA, help="JSON lines")
    parser.add_argument("--iss", type=Path, help="a checkout of the Interactive Sudoku Solver")
    parser.add_argument("--timeout", type=float, default=10.0, help="satdoku seconds per puzzle")
    parser.add_argument("--iss-timeout", type=float, default=600.0, help="ISS seconds per puzzle")
    parser.add_argument("--names", nargs="+", help="only puzzles whose name contains one of these")
    parser.add_argument("--repeats", type=int, default=1, help="runs per puzzle (median kept)")
    args = parser.parse_args()
    if not args.data.is_file():
        parser.error(f"no such file: {args.data}")
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    signal.signal(signal.SIGTERM, _exit_on_signal)
    try:
        cases = _cases(args.data, args.names)
    except ValueError as err:
        parser.error(str(err))
    if not cases:
        parser.error(f"no puzzle of {args.data} that satdoku reads matches")
    node, iss_note = _iss_setup(args.iss)
    print(header(sys.argv))
    measured = _satdoku_commit()
    print(f"satdoku: {measured}  ")
    print(iss_note + "\n")
    print(f"Load average at the start: {_load()}  ")
    results: list[Result] = []
    with Worker() as worker:
        for i, case in enumerate(cases, 1):
            runs: tuple[list[Run], ...] = ([], [], [], [])
            for _ in range(args.repeats):
                runs[0].append(_satdoku_process(case, args.timeout))
                runs[1].append(worker.uniqueness(case, args.timeout))
                if node:
                    process, solve = _iss(case, args.iss, node, args.iss_timeout)
                    runs[2].append(process)
                    runs[3].append(solve)
            result = Result(case, runs)
            results.append(result)
            times = "  ".join(_seconds(result.seconds(c)) for c in range(len(COLUMNS)))
            print(f"[{i}/{len(cases)}] {case.name}: {times}", file=sys.stderr, flush=True)
    if (now := _satdoku_commit()) != measured:
        print(f"satdoku changed during the run: now {now}  ")
    print(f"Load average at the end: {_load()}\n")
    _report(results, args.timeout, args.iss_timeout if node else None)
    return 0


def _load() -> str:
    """The load averages over 1, 5 and 15 minutes: how busy the machine was."""
    return ", ".join(f"{v:.1f}" for v in os.getloadavg())


def _exit_on_signal(signum: int, frame: FrameType | None) -> None:
    """SIGTERM ends the run as Ctrl-C does: the running children are killed on the way out."""
    raise SystemExit(128 + signum)


def _cases(data: Path, names: Sequence[str] | None) -> list[Case]:
    """The puzzles whose text satdoku reads, as ``scripts/check_iss.py`` selects them
    (and whose name contains one of ``names``)."""
    cases = []
    for entry, name, puzzle in read_entries(data, names):
        listed = entry.get("constraint_types") or ()
        types = tuple(str(t) for t in listed) or ("(givens only)",)
        stored = stored_grid(entry.get("solution"), puzzle)
        cases.append(Case(name, types, entry["iss"], stored, puzzle.first))
    return cases


def _iss_setup(checkout: Path | None) -> tuple[str | None, str]:
    """The node executable to run ISS with (None: satdoku only) and a line saying so."""
    if checkout is None:
        return None, "ISS: not run (no `--iss DIR`); satdoku only."
    if not (checkout / ISS_SCRIPT).is_file():
        return None, f"ISS: not run (no {ISS_SCRIPT} under {checkout}); satdoku only."
    try:
        node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None, "ISS: not run (no working `node`); satdoku only."
    commit = subprocess.run(
        ["git", "-C", str(checkout), "log", "-1", "--format=%H (%cs)"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return "node", (
        f"ISS: commit {commit or 'unknown'}, node {node.stdout.strip()}, run as"
        f" `node {ISS_SCRIPT} --max-backtracks none --input ISS --json`."
    )


def _satdoku_commit() -> str:
    """The commit of the satdoku checkout measured, with a digest of its changes to
    ``satdoku/`` not committed, if any."""
    root = Path(__file__).resolve().parents[1]

    def git(*args: str) -> str:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=False)
        return done.stdout.decode(errors="replace").strip()

    commit = git("log", "-1", "--format=%h (%cs)")
    if not commit:
        return "not a git checkout"
    changes = git("diff", "HEAD", "--", "satdoku") + git("status", "--porcelain", "satdoku")
    if not changes:
        return f"commit {commit}"
    digest = hashlib.sha256(changes.encode()).hexdigest()[:8]
    return f"commit {commit} with changes to satdoku/ not committed (diff {digest})"


def _die_with_parent() -> None:
    """Have Linux kill this process when its parent dies (elsewhere nothing happens)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _run(argv: list[str], timeout: float, cwd: Path | None = None) -> Timed:
    """A process run in its own process group, killed with the group past ``timeout``; its
    CPU seconds are those of the children ended meanwhile (one at a time here)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    process = subprocess.Popen(
        argv,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
        preexec_fn=_die_with_parent,
    )
    out: str | None = None
    try:
        out, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        pass
    finally:
        wall = time.perf_counter() - started
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Timed(wall, cpu, out)


def _satdoku_process(case: Case, timeout: float) -> Run:
    argv = [sys.executable, "-m", "satdoku", "unique", case.iss, "--format", "json"]
    argv += ["--no-closest", "--timeout", f"{timeout:g}", "--quiet"]
    timed = _run(argv, timeout + GRACE)
    if timed.out is None:
        return Run(TIMEOUT, timed.wall, cpu=timed.cpu)
    try:
        answer = json.loads(timed.out.splitlines()[0])
    except (IndexError, json.JSONDecodeError):
        return Run("error: no JSON answer", timed.wall, cpu=timed.cpu)
    status = str(answer.get("status"))
    found = answer.get("solutions") or []
    grid = _grid(found[0], case.first) if found else None
    return Run(TIMEOUT if status == "unknown" else status, timed.wall, grid, timed.cpu)


def _grid(text: str, first: int) -> tuple[int, ...]:
    """The grid values (1 up) of a solution as the CLI writes it, values from ``first``:
    digits, or values between commas above 9."""
    return tuple(int(v) + 1 - first for v in (text.split(",") if "," in text else text))


def _iss(case: Case, checkout: Path, node: str, timeout: float) -> tuple[Run, Run]:
    """ISS's whole process and its own solve time, as two runs of the same status."""
    argv = [node, str(ISS_SCRIPT), "--max-backtracks", "none", "--input", case.iss, "--json"]
    timed = _run(argv, timeout, cwd=checkout)
    status, ms = TIMEOUT, timed.wall * 1000
    if timed.out is not None:
        try:
            row = json.loads(timed.out)[0]
            status, ms = ISS_STATUS.get(row["status"], row["status"]), float(row["ms"])
        except (IndexError, KeyError, TypeError, ValueError):
            status = "error: no JSON answer"
    return Run(status, timed.wall, cpu=timed.cpu), Run(status, ms / 1000)


class Worker:
    """One Python process that answers ``satdoku.uniqueness`` for a puzzle at a time; it is
    replaced, with the processes it started, when a puzzle runs past its limit. (Not a daemon:
    satdoku may start a child to keep a time limit.)"""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop()

    def uniqueness(self, case: Case, timeout: float) -> Run:
        if self._conn is None:
            self._conn, child = self._context.Pipe()
            self._process = self._context.Process(target=_serve, args=(child,))
            self._process.start()
            child.close()
        started = time.perf_counter()
        self._conn.send((case.iss, timeout))
        if not self._conn.poll(timeout + GRACE):
            self._stop()
            return Run(TIMEOUT, time.perf_counter() - started)
        answer: Run = self._conn.recv()
        return answer

    def _stop(self) -> None:
        if self._process is not None:
            if self._process.pid is not None:
                with contextlib.suppress(ProcessLookupError):  # no group before its setsid
                    os.killpg(self._process.pid, signal.SIGKILL)
            self._process.kill()
            self._process.join()
        if self._conn is not None:
            self._conn.close()
        self._process, self._conn = None, None


def _serve(conn: Connection) -> None:
    """The worker's loop, in its own process group: (ISS string, seconds) in, a :class:`Run`
    out; CPU seconds are its own and those of the children it ended meanwhile."""
    os.setsid()
    _die_with_parent()
    import satdoku

    while True:
        try:
            text, timeout = conn.recv()
        except EOFError:
            return
        started, cpu = time.perf_counter(), _cpu_seconds()
        try:
            result = satdoku.uniqueness(text, timeout=timeout, closest=False)
        except Exception as err:
            wall, cpu = time.perf_counter() - started, _cpu_seconds() - cpu
            conn.send(Run(f"error: {err}", wall, cpu=cpu))
            continue
        wall, cpu = time.perf_counter() - started, _cpu_seconds() - cpu
        status = result.status.value
        grid = tuple(result.solutions[0].grid) if result.solutions else None
        conn.send(Run(TIMEOUT if status == "unknown" else status, wall, grid, cpu))


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its children ended so far."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _ratio(satdoku: float | None, iss: float | None) -> str:
    return "-" if satdoku is None or not iss else f"{satdoku / iss:.2f}"


def _report(results: list[Result], timeout: float, iss_timeout: float | None) -> None:
    """The markdown: per rule type, totals and medians, targets, CPU seconds, time-outs,
    disagreements and the slowest puzzles."""
    columns = range(len(COLUMNS)) if iss_timeout is not None else range(2)
    ratio_names = [f"{COLUMNS[a]} / {COLUMNS[b]}" for a, b in PAIRS if b in columns]
    print(f"{len(results)} puzzles; median seconds per puzzle (of --repeats runs).\n")
    print("| rule type | puzzles | " + " | ".join(COLUMNS[c] for c in columns), end="")
    print("".join(f" | {r}" for r in ratio_names) + " |")
    print("|---|---:|" + "---:|" * (len(columns) + len(ratio_names)))
    by_type: dict[str, list[Result]] = defaultdict(list)
    for result in results:
        for t in result.case.types:
            by_type[t].append(result)
    for t in sorted(by_type):
        _row(t, by_type[t], columns, statistics.median)
    if not results:
        return
    _row("**all: median**", results, columns, statistics.median)
    _row("**all: total**", results, columns, sum)
    if iss_timeout is not None:
        _targets(results)
    _cpu(results, columns)
    _timeouts(results, columns, timeout, iss_timeout)
    _disagreements(results, columns)
    _slowest(results, columns)


def _row(
    label: str,
    group: list[Result],
    columns: range,
    aggregate: Callable[[list[float]], float],
) -> None:
    values = [_aggregate(group, c, aggregate) for c in columns]
    cells = [_seconds(v) for v in values]
    cells += [_ratio(values[a], values[b]) for a, b in PAIRS if b in columns]
    print(f"| {label} | {len(group)} | " + " | ".join(cells) + " |")


def _aggregate(
    group: list[Result],
    column: int,
    aggregate: Callable[[list[float]], float],
    cpu: bool = False,
) -> float | None:
    """``aggregate`` of the puzzles' medians in ``column`` (wall or CPU seconds)."""
    values = [s for r in group if (s := r.cpu(column) if cpu else r.seconds(column)) is not None]
    return aggregate(values) if values else None


def _targets(results: list[Result]) -> None:
    """Total at most a fifth of ISS's, median at most 3x ISS's, for each pair of columns."""
    print("\n| target | satdoku | ISS | ratio | met |\n|---|---:|---:|---:|---|")
    for a, b in PAIRS:
        for label, aggregate, bound in (("total", sum, 0.2), ("median", statistics.median, 3.0)):
            ours, theirs = _aggregate(results, a, aggregate), _aggregate(results, b, aggregate)
            if ours is None or not theirs:
                continue
            print(
                f"| {COLUMNS[a]} {label} <= {bound:g} x {COLUMNS[b]} {label} | {ours:.3f} |"
                f" {theirs:.3f} | {ours / theirs:.2f} | {'yes' if ours <= bound * theirs else 'no'} |"
            )


def _cpu(results: list[Result], columns: range) -> None:
    """CPU seconds (user and system) of the processes, which a busy machine moves less than
    wall seconds; ISS's own figure is wall time, so it has none."""
    measured = [c for c in columns if c != 3]
    print("\nCPU seconds (user + system):\n")
    print("| | " + " | ".join(COLUMNS[c] for c in measured), end="")
    print(" | satdoku process / ISS process |" if 2 in measured else " |")
    print("|---|" + "---:|" * (len(measured) + (2 in measured)))
    for label, aggregate in (("total", sum), ("median", statistics.median)):
        values = [_aggregate(results, c, aggregate, cpu=True) for c in measured]
        cells = [_seconds(v) for v in values]
        if 2 in measured:
            cells.append(_ratio(values[0], values[2]))
        print(f"| {label} | " + " | ".join(cells) + " |")


def _timeouts(
    results: list[Result], columns: range, timeout: float, iss_timeout: float | None
) -> None:
    limits = [timeout, timeout, iss_timeout, iss_timeout]
    rows = []
    for r in results:
        late = [COLUMNS[c] for c in columns if TIMEOUT in (r.status(c) or "")]
        if late:
            rows.append(f"| {r.case.name} | {', '.join(r.case.types)} | {', '.join(late)} |")
    counted = ", ".join(f"{COLUMNS[c]} {limits[c]:g} s" for c in columns if c != 3)
    print(f"\nTime-outs ({len(rows)}; limits: {counted}; counted above at the time they ran):")
    if rows:
        print("\n| puzzle | rule types | timed out |\n|---|---|---|")
        print("\n".join(rows))


def _disagreements(results: list[Result], columns: range) -> None:
    """Statuses that differ (time-outs aside) and satdoku grids that differ from the stored."""
    rows = []
    for r in results:
        statuses = [r.status(c) for c in columns]
        answered = {s for s in statuses if s and s != TIMEOUT}
        problems = []
        if len(answered) > 1 or any(s.startswith("error") or "/" in s for s in answered):
            problems.append("statuses differ")
        if r.case.stored is not None:
            if "no_solution" in answered:
                problems.append("no solution, one is stored")
            grids = {run.grid for c in (0, 1) for run in r.runs[c] if run.status == "unique"}
            if any(g != r.case.stored for g in grids):
                problems.append("satdoku's solution is not the stored one")
        if problems:
            rows.append(
                f"| {r.case.name} | {', '.join(r.case.types)} | "
                + " | ".join(s or "-" for s in statuses)
                + f" | {'; '.join(problems)} |"
            )
    print(f"\nDisagreements ({len(rows)}):")
    if rows:
        print("\n| puzzle | rule types | " + " | ".join(COLUMNS[c] for c in columns) + " | what |")
        print("|---|---|" + "---|" * len(columns) + "---|")
        print("\n".join(rows))


def _slowest(results: list[Result], columns: range, count: int = 10) -> None:
    """The puzzles satdoku answered in its longest in-process times (time-outs are above)."""
    answered = [r for r in results if r.status(1) != TIMEOUT]
    ranked = sorted(answered, key=lambda r: -(r.seconds(1) or 0.0))[:count]
    print(f"\nSlowest {len(ranked)} answered by satdoku (in-process), seconds:\n")
    print("| puzzle | rule types | status | " + " | ".join(COLUMNS[c] for c in columns) + " |")
    print("|---|---|---|" + "---:|" * len(columns))
    for r in ranked:
        cells = " | ".join(_seconds(r.seconds(c)) for c in columns)
        print(f"| {r.case.name} | {', '.join(r.case.types)} | {r.status(1)} | {cells} |")


if __name__ == "__main__":
    sys.exit(main())
