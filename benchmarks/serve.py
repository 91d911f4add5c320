"""Load on `satdoku serve`: many concurrent clients on loopback, mixing 9x9 solves with a few
25x25 ones, and a markdown table per round of requests per second, the median and 99th
percentile latency of the 9x9 requests, the 25x25 ones, errors and the memory of the server
with its workers (docs/benchmarks.md, "satdoku serve under load").

    python benchmarks/serve.py NINE_FILE BIG_FILE [--clients 32] [--requests 2000]
        [--big-every 100] [--rounds 3] [--workers 2] [--timeout 30]

The server is started as `python -m satdoku.cli.serve` on a free loopback port and stopped at
the end. Each round sends ``--requests`` POST /api/solve requests from ``--clients``
concurrent clients (one asyncio task each, over one connection pool); request ``i`` is a 25x25
puzzle when ``i`` is a multiple of ``--big-every``, else the next 9x9. An error is an answer
other than 200, or a solution that does not verify (every one is checked with
satdoku.verify.check after the round); ``unknown`` counts the requests that ran out of
time. Memory is the resident size of the server process and all its children, sampled every
0.2 s: after the workers start, then the largest during each round and what is left after it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from machine import header

from satdoku import read_records
from satdoku.model import Puzzle
from satdoku.verify import check

try:
    import httpx2 as httpx
except ImportError:
    import httpx


@dataclass(frozen=True)
class Job:
    text: str
    puzzle: Puzzle
    big: bool


@dataclass
class Round:
    """What one round of requests found."""

    seconds: float = 0.0
    nine: list[float] = field(default_factory=list)
    big: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    unknown: int = 0
    peak_rss: int = 0
    rss_after: int = 0


def puzzles(path: Path) -> list[tuple[str, Puzzle]]:
    with path.open(encoding="utf-8") as handle:
        found = [(r.text, r.puzzle) for r in read_records(handle) if r.puzzle is not None]
    if not found:
        raise SystemExit(f"{path}: no puzzle")
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def tree_rss(pid: int) -> int:
    """Resident bytes of ``pid`` and all its descendants."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            status = (entry / "status").read_text()
        except OSError:
            continue
        children.setdefault(int(stat[1]), []).append(int(entry.name))
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                rss[int(entry.name)] = int(line.split()[1]) * 1024
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        total += rss.get(current, 0)
        todo.extend(children.get(current, []))
    return total


class Sampler:
    """Samples :func:`tree_rss` in a thread; :meth:`peak` since the last :meth:`reset`."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self._peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.2):
            self._peak = max(self._peak, tree_rss(self.pid))

    def reset(self) -> None:
        self._peak = tree_rss(self.pid)

    def peak(self) -> int:
        return max(self._peak, tree_rss(self.pid))

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


async def run_round(url: str, jobs: list[Job], clients: int, timeout: float) -> Round:
    found = Round()
    answers: list[tuple[Job, int, str, float]] = []
    next_job = iter(jobs)
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=timeout + 30) as client:

        async def one_client() -> None:
            for job in next_job:
                started = time.perf_counter()
                try:
                    response = await client.post(
                        "/api/solve", content=json.dumps({"puzzle": job.text})
                    )
                    status, body = response.status_code, response.text
                except httpx.HTTPError as err:
                    status, body = 0, f"{type(err).__name__}: {err}"
                answers.append((job, status, body, time.perf_counter() - started))

        started = time.perf_counter()
        await asyncio.gather(*(one_client() for _ in range(clients)))
        found.seconds = time.perf_counter() - started
    for job, status, body, seconds in answers:
        (found.big if job.big else found.nine).append(seconds)
        if status != 200:
            found.errors.append(f"HTTP {status}: {body[:200]}")
            continue
        record = json.loads(body)
        if record["status"] == "unknown":
            found.unknown += 1
            continue
        try:
            line = record["solution"]
            values = line.split(",") if "," in line else list(line)
            check(job.puzzle, tuple(int(v) for v in values))
        except Exception as err:  # a wrong answer, whatever its form
            found.errors.append(f"bad solution: {err}")
    return found


def start_server(port: int, workers: int, timeout: float) -> subprocess.Popen[bytes]:
    root = Path(__file__).resolve().parents[1]
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": str(root) if not path else f"{root}{os.pathsep}{path}"}
    argv = [sys.executable, "-m", "satdoku.cli.serve", "--port", str(port), "--quiet"]
    argv += ["--workers", str(workers), "--timeout", f"{timeout:g}"]
    process = subprocess.Popen(argv, env=env)
    end = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise SystemExit(f"the server stopped (exit {process.returncode})")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/status", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        if time.monotonic() > end:
            process.kill()
            raise SystemExit("the server did not start within 60 s")
        time.sleep(0.1)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("nine", type=Path, help="9x9 puzzles, one per line")
    parser.add_argument("big", type=Path, help="25x25 (or larger) puzzles")
    parser.add_argument("--clients", type=int, default=32, help="concurrent clients")
    parser.add_argument("--requests", type=int, default=2000, help="requests per round")
    parser.add_argument("--big-every", type=int, default=100, help="one big request in N (0: none)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --requests")
    parser.add_argument("--workers", type=int, default=2, help="the server's --workers")
    parser.add_argument("--timeout", type=float, default=30.0, help="the server's --timeout")
    args = parser.parse_args()

    nine, big = puzzles(args.nine), puzzles(args.big)
    jobs = []
    for i in range(args.requests):
        if args.big_every and i % args.big_every == 0:
            text, puzzle = big[(i // args.big_every) % len(big)]
            jobs.append(Job(text, puzzle, True))
        else:
            text, puzzle = nine[i % len(nine)]
            jobs.append(Job(text, puzzle, False))

    port = free_port()
    server = start_server(port, args.workers, args.timeout)
    sampler = Sampler(server.pid)
    try:
        started_rss = tree_rss(server.pid)
        rounds = []
        for _ in range(args.rounds):
            sampler.reset()
            found = asyncio.run(
                run_round(f"http://127.0.0.1:{port}", jobs, args.clients, args.timeout)
            )
            found.peak_rss = sampler.peak()
            found.rss_after = tree_rss(server.pid)
            rounds.append(found)
    finally:
        sampler.stop()
        server.send_signal(signal.SIGINT)
        server.wait(60)

    mb = 1024 * 1024
    print(header(sys.argv))
    print(
        f"Starlette {version('starlette')}, uvicorn {version('uvicorn')},"
        f" {httpx.__name__} {version(httpx.__name__)}; {args.clients} clients, {args.requests} requests per round ({sum(j.big for j in jobs)}"
        f" of them 25x25), server --workers {args.workers} --timeout {args.timeout:g};"
        f" server and workers {started_rss / mb:.0f} MB resident after start.\n"
    )
    print(
        "| round | seconds | requests/s | 9x9 p50 ms | 9x9 p99 ms | 9x9 max ms | 25x25 p50 s"
        " | 25x25 max s | errors | unknown | peak MB | MB after |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for number, r in enumerate(rounds, 1):
        total = len(r.nine) + len(r.big)
        print(
            f"| {number} | {r.seconds:.1f} | {total / r.seconds:.0f}"
            f" | {statistics.median(r.nine) * 1000:.1f} | {percentile(r.nine, 0.99) * 1000:.1f}"
            f" | {max(r.nine) * 1000:.0f}"
            f" | {statistics.median(r.big) if r.big else 0:.2f} | {max(r.big, default=0):.2f}"
            f" | {len(r.errors)} | {r.unknown} | {r.peak_rss / mb:.0f} | {r.rss_after / mb:.0f} |"
        )
    for r in rounds:
        for problem in r.errors[:5]:
            print(f"\nerror: {problem}", file=sys.stderr)
    return 1 if any(r.errors for r in rounds) else 0


if __name__ == "__main__":
    sys.exit(main())
