"""`satdoku serve` against clients that misbehave: a body or a request head that never ends, a
client that hangs up before its body or its answer (its worker freed), a body far past the cap
sent whole before the answer is read; and the server's own edges (workers past the cap, a port in use). Each runs a real
server on a loopback port and reads its log, which must hold no traceback."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

from satdoku.batch import MAX_JOBS
from satdoku.errors import UsageError
from satdoku.web import Settings
from satdoku.web.settings import MAX_BODY, MAX_DRAIN
from tests.cli import assert_one_error_line, satdoku
from tests.conftest import ROOT, reserved_port

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SLOW = json.dumps({"puzzle": "." * 81}).encode()
"""Counting the solutions of an empty 9x9 runs until the time limit."""


def environment() -> dict[str, str]:
    """The environment, with this checkout first on the module path."""
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }


@dataclass
class Server:
    """A running ``satdoku serve`` and the file its log goes to."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=30) as answer:
            return json.load(answer)

    def post(self, endpoint: str, body: bytes) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/api/{endpoint}", body)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as err:
            return err.code, json.load(err)

    def in_flight(self) -> int:
        found: int = self.get("/api/status")["in_flight"]
        return found

    def connect(self, head: bytes) -> socket.socket:
        """A connection that has sent ``head`` (a request line, headers, part of a body)."""
        client = socket.create_connection(("127.0.0.1", self.port), timeout=60)
        client.sendall(head)
        return client


@contextmanager
def serving(tmp_path: Path, *options: str) -> Iterator[Server]:
    """``satdoku serve OPTIONS`` on a reserved loopback port until the block ends (then
    Ctrl-C); afterwards its log must hold no traceback."""
    log = tmp_path / "serve.log"
    with reserved_port() as port, log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "satdoku.cli.serve", "--port", str(port), *options],
            env=environment(),
            stdout=subprocess.DEVNULL,
            stderr=sink,
        )
        server = Server(port, process, log)
        try:
            wait_until(lambda: _answers(server), what=lambda: log.read_text())
            yield server
        finally:
            process.send_signal(2)  # Ctrl-C
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    assert "Traceback" not in log.read_text(), log.read_text()


def _answers(server: Server) -> bool:
    assert server.process.poll() is None, "the server stopped"
    try:
        return bool(server.get("/api/status"))
    except OSError:
        return False


def wait_until(condition: Any, seconds: float = 60.0, what: Any = lambda: "") -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, f"timed out waiting: {what()}"
        time.sleep(0.05)


def answer_of(client: socket.socket) -> bytes:
    """Everything the server sends on ``client`` until it closes the connection."""
    received = b""
    while chunk := client.recv(65536):
        received += chunk
    return received


def post_head(length: int | None, endpoint: str = "solve") -> bytes:
    framing = "Transfer-Encoding: chunked" if length is None else f"Content-Length: {length}"
    return f"POST /api/{endpoint} HTTP/1.1\r\nHost: localhost\r\n{framing}\r\n\r\n".encode()


UNFINISHED = {
    "content-length": post_head(1000) + b'{"puzzle": ',
    "chunked": post_head(None) + b'b\r\n{"puzzle": \r\n',
}
"""Requests whose body stops partway, never to go on."""


@pytest.mark.parametrize("head", UNFINISHED.values(), ids=UNFINISHED)
def test_a_body_that_never_ends_is_408_and_holds_nothing(tmp_path: Path, head: bytes) -> None:
    with serving(tmp_path, "--workers", "1", "--queue", "0", "--body-timeout", "3") as server:
        stalled = [server.connect(head) for _ in range(3)]
        # the pool has one place (one worker, no queue): bodies on their way do not take it
        assert server.post("solve", json.dumps({"puzzle": HARD}).encode())[0] == 200
        for client in stalled:
            with client:
                answer = answer_of(client)  # the server closes the connection
            assert answer.startswith(b"HTTP/1.1 408 "), answer
            assert b"connection: close" in answer.lower()
            assert b'{"error": "the body did not arrive within 3 s"}' in answer


def test_clients_that_hang_up_are_not_tracebacks_and_free_their_workers(tmp_path: Path) -> None:
    with serving(tmp_path, "--workers", "1", "--queue", "8", "--timeout", "60") as server:
        for head in (post_head(100), post_head(1000) + b'{"puzzle": ', *UNFINISHED.values()):
            server.connect(head).close()
        slow = post_head(len(SLOW), "count") + SLOW
        waiting = []
        for n in range(1, 7):
            waiting.append(server.connect(slow))
            wait_until(lambda n=n: server.in_flight() == n)
        busy = server.get("/api/status")
        # the first runs, the next five wait for the worker: hanging up gives their places
        # back at once, long before the first one's 60 s
        for client in waiting[3:]:
            client.close()
        wait_until(lambda: server.in_flight() == 3, 30)
        # and the one running has its worker killed and replaced
        for client in waiting[:3]:
            client.close()
        wait_until(lambda: server.in_flight() == 0, 30)
        started = time.monotonic()
        assert server.post("solve", json.dumps({"puzzle": HARD}).encode())[0] == 200
        assert time.monotonic() - started < 30
        assert server.get("/api/status") == busy | {"in_flight": 0}


def test_a_head_that_never_ends_closes_its_connection(tmp_path: Path) -> None:
    with serving(tmp_path, "--workers", "1", "--header-timeout", "3") as server:
        started = time.monotonic()
        half = server.connect(b"POST /api/so")
        silent = server.connect(b"")
        with half, silent:
            answer = answer_of(half)
            assert answer.startswith(b"HTTP/1.1 408 ") and b"connection: close" in answer
            assert b'{"error": "the request\'s head did not arrive within 3 s"}' in answer
            assert answer_of(silent) == b""  # nothing came: the connection is closed
        assert 3 <= time.monotonic() - started < 30
        # a head that comes slowly, but whole within the bound, is answered
        body = json.dumps({"puzzle": HARD}).encode()
        with server.connect(b"POST /api/solve HTTP/1.1\r\n") as client:
            time.sleep(0.5)
            client.sendall(post_head(len(body)).split(b"\r\n", 1)[1] + body)
            assert client.recv(65536).startswith(b"HTTP/1.1 200 ")


def test_a_body_past_the_cap_sent_whole_reads_the_413(tmp_path: Path) -> None:
    with serving(tmp_path, "--workers", "1") as server:
        ten_megabytes = b'{"puzzle": "' + b"." * (10 * 1024 * 1024) + b'"}'
        status, record = server.post("solve", ten_megabytes)  # urllib: no reset
        assert (status, record) == (413, {"error": f"the body is larger than {MAX_BODY} bytes"})
        # past the drain bound the answer comes at once, and the connection is closed
        with server.connect(post_head(MAX_DRAIN + 1)) as client:
            answer = answer_of(client)
        assert answer.startswith(b"HTTP/1.1 413 ") and b"connection: close" in answer.lower()
        # a body drained to its end leaves the connection to the next request
        with server.connect(post_head(MAX_BODY + 1) + b"." * (MAX_BODY + 1)) as client:
            client.sendall(
                post_head(2, "solve").replace(b"1.1\r\n", b"1.1\r\nConnection: close\r\n") + b"{}"
            )
            answer = answer_of(client)
        assert answer.startswith(b"HTTP/1.1 413 ")
        assert b"HTTP/1.1 400 " in answer and b"missing field 'puzzle'" in answer


def test_workers_past_four_per_cpu_are_refused() -> None:
    with pytest.raises(UsageError, match=rf"workers must be 0 to {MAX_JOBS} \(four per CPU\)"):
        Settings(workers=MAX_JOBS + 1)
    assert Settings(workers=MAX_JOBS).workers == MAX_JOBS
    done = satdoku("serve", "--workers", str(MAX_JOBS + 1))
    assert_one_error_line(done)
    assert f"'--workers': {MAX_JOBS + 1} is not in the range 0<=x<={MAX_JOBS}" in done.err


def test_a_port_in_use_is_one_error_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = satdoku("serve", "--port", str(port), "--workers", "1", timeout=60)
    assert_one_error_line(done)
    assert done.err == (
        f"error: port {port} is in use (cannot listen on 127.0.0.1 port {port};"
        " --port 0 takes a free one)\n"
    )
