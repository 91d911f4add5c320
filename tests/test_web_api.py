"""``satdoku serve``'s JSON API: each answer is the command line's JSON record for the same
puzzle (the real command run beside it); bad input is 400 with the reader's own message; the
limits hold (body cap 413, a full pool 503 with Retry-After, the time cap, long requests never
holding every worker); workers die with the server and a killed worker is replaced.

Most tests go through Starlette's TestClient with real worker processes; those about the
server as a whole run ``python -m satdoku.cli.serve`` on a free loopback port.
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
try:  # the HTTP client of Starlette's TestClient: httpx2, or httpx before it
    import httpx2 as httpx
except ImportError:
    httpx = pytest.importorskip("httpx", reason="httpx2 (for Starlette's TestClient) is absent")

from pydantic import TypeAdapter
from starlette.testclient import TestClient

from satdoku.formats import puzzle_svg
from satdoku.formats.kinds import get_kind
from satdoku.logic.grid import CandidateGrid
from satdoku.logic.layout import values_of
from satdoku.solver import solve
from satdoku.verify import check
from satdoku.web import Settings, create_app
from satdoku.web.endpoints import ENDPOINTS
from tests.cli import satdoku
from tests.conftest import DATA, ROOT, data_lines, reserved_port, shared_file

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
MANY = "8.........95.......76.........692748...714235...538196...451......973.8....826.1."
"""973 solutions."""
STUCK = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
"""872 solutions; the logic gets stuck after one step."""
CLASH = "11" + "." * 79
EMPTY = "." * 81
SIX = "1" + "." * 35
JIGSAW = "\n".join(data_lines("variants/jigsaw.txt")[2:20])
KILLER = "\n".join(data_lines("variants/killer.txt")[2:16])
KAKURO = "\n".join(json.loads((DATA / "hakank_kakuro.jsonl").read_text().splitlines()[0])["grid"])
SIXTEEN = data_lines("rkkautsar_16x16.txt")[0]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(workers=2))) as test_client:
        yield test_client


def post(client: TestClient | httpx.Client, endpoint: str, **fields: Any) -> httpx.Response:
    return client.post(f"/api/{endpoint}", content=json.dumps(fields))


def cli_record(command: str, puzzle: str, *options: str) -> dict[str, Any]:
    """The JSON record of ``satdoku COMMAND PUZZLE OPTIONS --format json``."""
    run = satdoku(*command.split(), *options, "--format", "json", "--quiet", "--", puzzle)
    lines = run.out.splitlines()
    assert len(lines) == 1, run
    record: dict[str, Any] = json.loads(lines[0])
    return record


def without_times(record: Any) -> Any:
    """``record`` less its ``time`` fields (seconds differ from run to run)."""
    if isinstance(record, dict):
        return {k: without_times(v) for k, v in record.items() if k != "time"}
    if isinstance(record, list):
        return [without_times(v) for v in record]
    return record


# ---- the answers are the command line's records ----

CASES = [
    ("solve", HARD, {}),
    ("solve", SIX, {"box": "2x3"}),
    ("solve", CLASH, {}),
    ("solve", SIXTEEN, {}),
    ("solve", JIGSAW, {"kind": "jigsaw"}),
    ("solve", KILLER, {"kind": "killer"}),
    ("solve", KAKURO, {"kind": "kakuro"}),
    ("count", MANY, {}),
    ("count", MANY, {"limit": 10}),
    ("count", SIX, {"box": "3x2", "limit": 5}),
    ("unique", MANY, {}),
    ("unique", STUCK, {}),
    ("unique", HARD, {}),
    ("unique", JIGSAW, {"kind": "jigsaw"}),
    ("explain", EASY, {}),
    ("explain", STUCK, {}),
    ("explain", HARD, {"techniques": "singles"}),
    ("explain --hint", HARD, {}),
    ("explain --hint", STUCK, {"techniques": "singles", "limit": 3}),
    ("rate", HARD, {}),
    ("rate", STUCK, {}),
    ("rate", JIGSAW, {"kind": "jigsaw"}),
    ("candidates", HARD, {}),
    ("candidates", MANY, {"limit": 3}),
    ("candidates", KILLER, {"kind": "killer"}),
]


@pytest.mark.parametrize(("command", "puzzle", "fields"), CASES)
def test_answer_is_the_command_line_record(
    client: TestClient, command: str, puzzle: str, fields: dict[str, Any]
) -> None:
    endpoint = "hint" if command == "explain --hint" else command
    response = post(client, endpoint, puzzle=puzzle, **fields)
    assert response.status_code == 200, response.text
    options = [f"--{name}={value}" for name, value in fields.items()]
    expected = cli_record(command, puzzle, *options)
    expected.pop("line", None)  # rate numbers even a puzzle given as an argument
    assert without_times(response.json()) == without_times(expected)
    assert response.headers["content-type"] == "application/json"


def test_solve_answers_like_the_command_byte_for_byte(client: TestClient) -> None:
    response = post(client, "solve", puzzle=HARD)
    run = satdoku("solve", HARD, "--format", "json")
    assert response.text == run.out
    solution = response.json()["solution"]
    puzzle = get_kind("sudoku").parse(HARD, None, "auto")
    check(puzzle, tuple(int(c) for c in solution))


def test_many_solutions_are_multiple_with_the_differing_cells(client: TestClient) -> None:
    for puzzle in (MANY, STUCK):
        record = post(client, "unique", puzzle=puzzle).json()
        assert record["status"] == "multiple"
        first, second = record["solutions"]
        parsed = get_kind("sudoku").parse(puzzle, None, "auto")
        for line in (first, second):
            check(parsed, tuple(int(c) for c in line))
        differ = [
            parsed.cell_name(i)
            for i, (a, b) in enumerate(zip(first, second, strict=True))
            if a != b
        ]
        assert record["differences"] == differ and differ


# ---- bad input: 400 with one line ----


@pytest.mark.parametrize(
    "puzzle",
    ["garbage!", "12345", "1.\n.2", "." * 80, "x" * 81, "", "\x01binary"],
)
def test_a_bad_puzzle_is_400_with_the_readers_message(client: TestClient, puzzle: str) -> None:
    response = post(client, "solve", puzzle=puzzle)
    assert response.status_code == 400
    run = satdoku("solve", puzzle)
    assert run.status == 2 and run.err.startswith("error: ")
    assert response.json() == {"error": run.err.removeprefix("error: ").rstrip("\n")}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"{", "bad JSON at line 1, column 2"),
        (b"not json", "bad JSON at line 1, column 1"),
        (b'{"puzzle": NaN}', "NaN is not a number JSON knows"),
        (b'{"puzzle": 1e999999, "x": Infinity}', "Infinity is not a number JSON knows"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"timeout": ' + b"9" * 5000 + b"}", "bad JSON"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b'["puzzle"]', "the body must be a JSON object"),
        (b"{}", "missing field 'puzzle'"),
        (b'{"puzzle": "1", "limit": 3}', "unknown field 'limit': /api/solve takes puzzle,"),
        (b'{"puzzle": "1", "file": "/etc/passwd"}', "unknown field 'file'"),
        (b'{"puzzle": 17}', "puzzle must be a string, not a number"),
        (b'{"puzzle": "1", "kind": "chess"}', "unknown puzzle kind 'chess'; choose from"),
        (b'{"puzzle": "1", "box": "3y3"}', "box shape must look like RxC"),
        (b'{"puzzle": "1", "box": "99x99"}', "box sides must be 1..20"),
        (b'{"puzzle": "1", "alphabet": "abc"}', "alphabet must be one of auto, 1-9A-Z, 0-F"),
        (b'{"puzzle": "1", "timeout": -1}', "timeout must be a number of seconds, 0 or more"),
        (b'{"puzzle": "1", "timeout": true}', "timeout must be a number of seconds"),
        (b'{"puzzle": "1", "timeout": "5"}', "timeout must be a number of seconds"),
    ],
)
def test_bad_requests_are_400_with_one_line(client: TestClient, body: bytes, message: str) -> None:
    response = client.post("/api/solve", content=body)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert message in error and "\n" not in error


def test_fields_are_checked_for_the_endpoint_that_takes_them(client: TestClient) -> None:
    assert post(client, "count", puzzle=MANY, limit=-1).status_code == 400
    assert post(client, "count", puzzle=MANY, limit=2.5).status_code == 400
    response = post(client, "rate", puzzle=HARD, techniques="x-wing,telepathy")
    assert response.status_code == 400 and "telepathy" in response.json()["error"]
    response = post(client, "hint", puzzle=KILLER, kind="killer")
    assert response.status_code == 400
    assert response.json()["error"] == satdoku(
        "explain", "--hint", "--kind", "killer", KILLER
    ).err.removeprefix("error: ").rstrip("\n")


def test_a_body_past_the_cap_is_413(client: TestClient) -> None:
    ten_megabytes = b'{"puzzle": "' + b"." * (10 * 1024 * 1024) + b'"}'
    response = client.post("/api/solve", content=ten_megabytes)
    assert response.status_code == 413
    assert "larger than 1048576 bytes" in response.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        yield b'{"puzzle": "'
        for _ in range(20):
            yield b"." * 100_000
        yield b'"}'

    assert client.post("/api/solve", content=chunks()).status_code == 413


def test_routes_other_than_the_api_and_the_page_are_json_errors(client: TestClient) -> None:
    response = client.get("/api/solve")
    assert response.status_code == 405 and "error" in response.json()
    for path in (
        "/nothing",
        "/static/nothing.js",
        "/static/../pyproject.toml",
        "/api/../README.md",
    ):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "error" in response.json()


# ---- the page, its files and the API description ----


def test_the_page_and_its_files_are_served_with_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    for name, media in (("satdoku.js", "text/javascript"), ("satdoku.css", "text/css")):
        asset = client.get(f"/static/{name}")
        assert asset.status_code == 200 and asset.headers["content-type"].startswith(media)
        assert f"/static/{name}" in page.text
    assert "http" not in page.text.replace("http-equiv", "")  # nothing from elsewhere


def test_openapi_describes_every_endpoint_and_its_fields(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    assert document["openapi"].startswith("3.1")
    posted = {path for path, methods in document["paths"].items() if "post" in methods}
    assert posted == {f"/api/{name}" for name in ENDPOINTS}
    for name, endpoint in ENDPOINTS.items():
        operation = document["paths"][f"/api/{name}"]["post"]
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert list(body["properties"]) == list(endpoint.takes)
        assert body["additionalProperties"] is False
        assert {"200", "400", "413", "503"} <= set(operation["responses"])
        assert post(client, name, **{"puzzle": HARD, "extra": 1}).status_code == 400
    app_routes = {route.path for route in client.app.routes}  # type: ignore[attr-defined]
    assert set(document["paths"]) <= app_routes


def test_answer_fields_are_those_the_schema_lists(client: TestClient) -> None:
    """Every field of an answer is described, and the answer fits its type (the answers of
    CASES, one per endpoint)."""
    document = client.get("/api/openapi.json").json()
    for command, puzzle, fields in CASES:
        endpoint = "hint" if command == "explain --hint" else command
        content = document["paths"][f"/api/{endpoint}"]["post"]["responses"]["200"]["content"]
        reference = content["application/json"]["schema"]["$ref"]
        properties = document["components"]["schemas"][reference.rsplit("/", 1)[1]]["properties"]
        record = post(client, endpoint, puzzle=puzzle, **fields).json()
        assert set(record) <= set(properties), (endpoint, set(record) - set(properties))
        TypeAdapter(ENDPOINTS[endpoint].returns).validate_python(record)


# ---- the drawing the page uses agrees with the picture ----

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize(
    ("puzzle", "fields"),
    [
        (HARD, {}),
        (SIX, {"box": "2x3"}),
        (SIXTEEN, {}),
        (KILLER, {"kind": "killer"}),
        (KAKURO, {"kind": "kakuro"}),
        (JIGSAW, {"kind": "jigsaw"}),
    ],
)
def test_drawing_is_the_svg_picture_and_its_scale(
    client: TestClient, puzzle: str, fields: dict[str, Any]
) -> None:
    record = post(client, "draw", puzzle=puzzle, **fields).json()
    from satdoku.geometry import Geometry

    box = Geometry.parse(fields["box"]) if "box" in fields else None
    parsed = get_kind(fields.get("kind", "sudoku")).parse(puzzle, box, "auto")
    assert record["svg"] == puzzle_svg(parsed)
    root = ET.fromstring(record["svg"])
    outline = next(e for e in root.iter(f"{SVG}rect") if e.get("class") == "outline")
    assert float(outline.get("x", "")) == pytest.approx(record["margin"], abs=0.01)
    assert float(outline.get("width", "")) == pytest.approx(record["cell"] * parsed.ncols)
    digits = [e for e in root.iter(f"{SVG}g") if e.get("class") == "givens"]
    texts = [e for e in root.iter(f"{SVG}text") if e.get("class") == "given"]
    if digits:
        assert float(digits[0].get("font-size", "")) == pytest.approx(record["digit_size"])
    for text in texts:  # the page writes digits where the picture does
        row = float(text.get("y", "")) - record["digit_size"] * 0.36 - record["margin"]
        col = float(text.get("x", "")) - record["margin"]
        place = [round(row / record["cell"] - 0.5), round(col / record["cell"] - 0.5)]
        cell = record["cells"].index(place)
        assert record["givens"][cell] and text.text == record["symbols"][record["givens"][cell] - 1]
    assert len(texts) == sum(1 for v in record["givens"] if v)
    assert record["names"] == [parsed.cell_name(i) for i in range(parsed.ncells)]
    if record["candidates"] is not None:
        grid = CandidateGrid.of(parsed)
        assert record["candidates"] == [values_of(m) for m in grid.cands]
    assert record["editable"] == (fields.get("kind", "sudoku") == "sudoku")


def test_drawing_refuses_grids_too_big_for_the_page(client: TestClient) -> None:
    response = post(client, "draw", puzzle=",".join(["0"] * 64 * 64))
    assert response.status_code == 400
    assert "draws puzzles of up to 2500 cells" in response.json()["error"]


# ---- limits: time, pool, long requests ----


def test_the_server_time_limit_caps_a_requests_own() -> None:
    # a grace long enough for a worker that a busy machine leaves waiting for a core: the
    # answer is the count's own, stopped at 1 s, not the server's 503 past the grace
    with TestClient(create_app(Settings(workers=1, timeout=1.0, grace=60.0))) as capped:
        started = time.monotonic()
        record = post(capped, "count", puzzle=EMPTY, timeout=1000).json()
        took = time.monotonic() - started
        assert record["stopped"] == "timeout" and not record["complete"]
        assert 1.0 <= took < 60  # far from the 1000 s asked for
        record = post(capped, "solve", puzzle=HARD, timeout=0).json()
        assert record == {"status": "unknown", "solution": None, "reason": "no answer within 0 s"}
        record = post(capped, "explain", puzzle=EMPTY, timeout=0).json()
        assert record["status"] == "unknown" and record["reason"] == "no answer within 0 s"
        assert post(capped, "solve", puzzle=HARD).json()["status"] == "solved"


def wait_until(condition: Any, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(0.02)


def in_background(call: Any) -> tuple[threading.Thread, list[Any]]:
    found: list[Any] = []
    thread = threading.Thread(target=lambda: found.append(call()), daemon=True)
    thread.start()
    return thread, found


def answered_beside(app: TestClient, long: threading.Thread, most: int) -> int:
    """Solve a 9x9 again and again while ``long`` waits for its long request (at most
    ``most`` times), and return how many were answered while that request still ran.

    A 9x9 that had to wait for the long request's worker would be answered only once the long
    request ends, so none would count; a busy machine makes each answer slower, but not later
    than the long request's end. (A 9x9 sent just before the long request ends may be answered
    after it: it is not counted.)"""
    beside = 0
    for _ in range(most):
        if not long.is_alive():
            break
        assert post(app, "solve", puzzle=HARD).json()["status"] == "solved"
        if long.is_alive():
            beside += 1
    return beside


def cpu_ticks(pid: int) -> int:
    """The processor time ``pid`` has used so far, in clock ticks (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime and stime


def test_a_full_pool_is_503_with_retry_after() -> None:
    with TestClient(create_app(Settings(workers=1, queue=0, timeout=3.0))) as full:
        thread, found = in_background(lambda: post(full, "count", puzzle=EMPTY))
        wait_until(lambda: full.get("/api/status").json()["in_flight"] == 1)
        response = post(full, "solve", puzzle=HARD)
        assert response.status_code == 503
        assert response.headers["retry-after"] == "1"
        assert "busy" in response.json()["error"]
        thread.join(20)
        assert found[0].status_code == 200 and found[0].json()["stopped"] == "timeout"
        wait_until(lambda: full.get("/api/status").json()["in_flight"] == 0)
        assert post(full, "solve", puzzle=HARD).status_code == 200


def test_long_requests_leave_a_worker_for_short_ones() -> None:
    long_empty = "." * 625  # an empty 25x25: more text than a long request's threshold
    # the long request runs for its whole time limit (an empty 25x25 has too many solutions to
    # count), long enough for a 9x9 to be answered beside it on a busy machine
    with TestClient(create_app(Settings(workers=2, timeout=10.0))) as app:
        thread, found = in_background(lambda: post(app, "count", puzzle=long_empty))
        wait_until(lambda: app.get("/api/status").json()["long_running"] == 1)
        waiting, second = in_background(lambda: post(app, "count", puzzle=long_empty, timeout=1.5))
        wait_until(lambda: app.get("/api/status").json()["long_waiting"] == 1)
        assert answered_beside(app, thread, most=5) >= 1  # the other worker answers 9x9s
        waiting.join(20)  # no place for it within its 1.5 s
        assert second[0].status_code == 503
        assert second[0].headers["retry-after"] == str(math.ceil(10.0))
        assert "no worker for a long request within 1.5 s" in second[0].json()["error"]
        thread.join(20)
        assert found[0].json()["stopped"] == "timeout"
        wait_until(lambda: app.get("/api/status").json()["in_flight"] == 0)
        assert app.get("/api/status").json()["long_running"] == 0


def test_a_400x400_does_not_stall_a_9x9() -> None:
    big = shared_file("larger/rkkautsar_400x400_1.txt").read_text()
    with TestClient(create_app(Settings(workers=2, timeout=6.0))) as app:
        thread, found = in_background(lambda: post(app, "solve", puzzle=big))
        wait_until(lambda: app.get("/api/status").json()["long_running"] == 1)
        assert answered_beside(app, thread, most=20) >= 1
        thread.join(30)
        assert found[0].status_code == 200 and found[0].json()["status"] in ("solved", "unknown")


def test_a_killed_worker_fails_its_request_and_is_replaced() -> None:
    # the time limit leaves the new worker time to start on a busy machine: the count is
    # killed long before it, and the solve after it waits for the new worker within it
    with TestClient(create_app(Settings(workers=1, timeout=60.0))) as app:
        pool = app.app.state.pool  # type: ignore[attr-defined]
        idle = {pid: cpu_ticks(pid) for pid in pool.pids()}  # waiting for a job: no time used
        thread, found = in_background(lambda: post(app, "count", puzzle=EMPTY))
        wait_until(lambda: app.get("/api/status").json()["in_flight"] == 1)
        # the worker has the job once it uses processor time (50 ms: more than a stray tick)
        wait_until(lambda: any(cpu_ticks(pid) > ticks + 5 for pid, ticks in idle.items()), 60)
        for pid in pool.pids():
            os.kill(pid, signal.SIGKILL)
        thread.join(20)
        assert found[0].status_code == 500 and "stopped" in found[0].json()["error"]
        assert post(app, "solve", puzzle=HARD).json()["status"] == "solved"


# ---- the whole server: `satdoku serve` ----


def environment() -> dict[str, str]:
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": str(ROOT) if not path else f"{ROOT}{os.pathsep}{path}"}


@dataclass
class Served:
    """A running ``satdoku serve``: its address and its process."""

    url: str
    process: subprocess.Popen[str]

    def workers(self) -> list[int]:
        """The process ids of the server's children."""
        children = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == self.process.pid:
                    children.append(int(entry.name))
        return children


@contextmanager
def serving(*options: str) -> Iterator[Served]:
    """``python -m satdoku.cli.serve OPTIONS`` on a reserved loopback port, until the block
    ends (then Ctrl-C, as a person would stop it)."""
    with reserved_port() as port:
        process = subprocess.Popen(
            [sys.executable, "-m", "satdoku.cli.serve", "--port", str(port), "--quiet", *options],
            env=environment(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        served = Served(f"http://127.0.0.1:{port}", process)
        try:
            end = time.monotonic() + 60
            while True:
                assert process.poll() is None, process.communicate()
                try:
                    if httpx.get(f"{served.url}/api/status", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < end, "the server did not start"
                time.sleep(0.1)
            yield served
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
                try:
                    process.wait(20)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            process.communicate()


def test_serve_answers_over_http_and_stops_on_ctrl_c() -> None:
    with serving("--workers", "2") as served:
        with httpx.Client(base_url=served.url, timeout=30) as http:
            response = http.post("/api/solve", content=json.dumps({"puzzle": HARD}))
            assert response.text == satdoku("solve", HARD, "--format", "json").out
            big = b'{"puzzle": "' + b"." * (10 * 1024 * 1024) + b'"}'
            response = http.post("/api/solve", content=big)
            assert response.status_code == 413
            # curl -d sends a form's media type: the body is read as JSON all the same
            response = http.post(
                "/api/solve",
                content=json.dumps({"puzzle": "garbage!"}),
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )
            assert response.status_code == 400 and "expected 16 characters" in response.text
        workers = served.workers()
        assert len(workers) >= 2
        served.process.send_signal(signal.SIGINT)
        assert served.process.wait(20) == 0
        wait_until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers), 10)


def test_workers_die_with_a_killed_server() -> None:
    with serving("--workers", "2") as served:
        workers = served.workers()
        assert workers
        served.process.kill()
        served.process.wait()
        wait_until(lambda: not any(_alive(pid) for pid in workers), 10)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_serve_options_are_checked_with_one_error_line() -> None:
    for options in (["--timeout", "0"], ["--timeout", "inf"], ["--port", "99999"]):
        run = subprocess.run(
            [sys.executable, "-m", "satdoku.cli.serve", *options],
            env=environment(),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 2, run
        assert run.stderr.startswith("error: ") and len(run.stderr.splitlines()) == 1, run.stderr


def test_serve_without_the_web_extra_is_one_error_line() -> None:
    for missing in ("uvicorn", "starlette", "pydantic"):
        code = (
            "import sys\n"
            f"sys.modules[{missing!r}] = None\n"
            "from satdoku.cli import COMMANDS, main\n"
            "COMMANDS.setdefault('serve', 'satdoku.cli.serve:serve_command')\n"
            "main(['serve'])\n"
        )
        run = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT
        )
        assert run.returncode == 2
        assert run.stderr == f"error: serve needs {missing}: pip install 'satdoku[web]'\n"


def test_the_pages_examples_are_puzzles_satdoku_solves() -> None:
    """The examples the page offers are puzzles satdoku solves (read as their kinds)."""
    script = (ROOT / "satdoku" / "web" / "static" / "satdoku.js").read_text()
    for kind, puzzle in (("sudoku", EASY), ("jigsaw", JIGSAW), ("killer", KILLER)):
        assert json.dumps(puzzle.split("\n")[0]) in script
        assert solve(get_kind(kind).parse(puzzle, None, "auto")) is not None


def test_generate_answers_as_the_command_line_and_its_seed_makes_it_again(
    client: TestClient,
) -> None:
    response = post(client, "generate", seed="5", kind="jigsaw")
    assert response.status_code == 200, response.text
    record = response.json()
    run = satdoku("generate", "--seed", "5", "--kind", "jigsaw", "--format", "json", "-q")
    assert record == {"status": "solved", **json.loads(run.out)}
    puzzle = get_kind("jigsaw").parse(record["puzzle"], None, "auto")
    assert solve(puzzle, backend="cpsat") is not None
    fresh = post(client, "generate", box="2x3").json()
    assert fresh["status"] == "solved" and fresh["seed"].endswith(":0")
    again = post(client, "generate", box="2x3", seed=fresh["seed"].split(":")[0]).json()
    assert again["puzzle"] == fresh["puzzle"]
    for fields, message in [
        ({"kind": "kakuro"}, "cannot generate"),
        ({"label": "tricky"}, "label must be one of"),
        ({"minimal": 1}, "minimal must be true or false"),
        ({"puzzle": HARD}, "unknown field 'puzzle'"),
    ]:
        bad = post(client, "generate", **fields)
        assert bad.status_code == 400 and message in bad.json()["error"], bad.text
