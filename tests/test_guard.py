import sys
import time

import pytest

from satdoku import parse_puzzle, solutions, solve
from satdoku.deadline import Deadline
from satdoku.errors import SatdokuError
from satdoku.solver import SolveTimeout
from satdoku.solver.guard import guarded
from tests.conftest import data_lines, shared_file


def one_then_stall(puzzle):
    """Finds the first answer at once, then never finishes."""
    first = solve(puzzle)
    yield first.grid, first.stats
    time.sleep(60)


def failing():
    raise SatdokuError("broken in the child")
    yield


def test_child_is_killed_at_the_deadline_after_its_first_answer():
    puzzle = parse_puzzle(data_lines("norvig_top95.txt")[0])
    started = time.monotonic()
    items = []
    with pytest.raises(SolveTimeout, match="no answer within 2 s"):
        for item in guarded(lambda: one_then_stall(puzzle), Deadline.after(2.0), "test"):
            items.append(item)
    assert len(items) == 1 and items[0][0] == solve(puzzle).grid
    assert time.monotonic() - started < 10


def test_an_error_in_the_child_reaches_the_parent():
    with pytest.raises(SatdokuError, match="broken in the child"):
        list(guarded(failing, Deadline.after(10.0), "test"))


@pytest.mark.parametrize("backend", ["cadical153", "cadical195", "lingeling"])
def test_uninterruptible_solvers_keep_a_time_limit(backend):
    for line in data_lines("norvig_hardest.txt")[:3]:
        found = list(solutions(line, backend=backend, limit=2, timeout=30))
        assert [s.line for s in found] == [solve(line).line]
    assert (
        solve("55" + data_lines("norvig_hardest.txt")[0][2:], backend=backend, timeout=30) is None
    )


def test_a_hard_25x25_times_out_cleanly_with_cadical():
    line = shared_file("25x25/gecode_25x25.txt").read_text().splitlines()[8]
    started, used = time.monotonic(), _processor_seconds()
    with pytest.raises(SolveTimeout):
        list(solutions(line, encoding="extended+singles", backend="cadical195", limit=2, timeout=1))
    # the search takes minutes: the work stops near the limit, here and in the child (reaped),
    # and nothing waits long for it, however busy the machine
    assert _processor_seconds() - used < 10
    assert time.monotonic() - started < 60


def _processor_seconds() -> float:
    """The processor time of this process and of its children that have ended."""
    import os

    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def test_count_with_cadical_keeps_a_time_limit():
    from satdoku import count

    line = data_lines("norvig_hardest.txt")[0]
    result = count(line, limit=5, backend="cadical195", timeout=30)
    assert result.complete and result.count == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.parametrize("signal_name", ["SIGKILL", "SIGTERM"])
def test_the_solver_child_dies_with_its_parent(tmp_path, signal_name):
    """A solve under a time limit runs CaDiCaL in a child process; killing the command must not
    leave that child running."""
    import os
    import signal
    import subprocess

    empty = tmp_path / "empty.txt"
    empty.write_text(",".join(["0"] * 100 * 100) + "\n")  # an empty 100x100: seconds to encode
    parent = subprocess.Popen(
        [sys.executable, "-m", "satdoku", "solve", "-f", str(empty), "--timeout", "120"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    children = _children_of(parent.pid, wait=20)
    assert children, "the guarded child never started"
    os.kill(parent.pid, getattr(signal, signal_name))
    parent.wait(timeout=10)
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline and any(_alive(c) for c in children):
        time.sleep(0.05)
    assert not any(_alive(c) for c in children)


def _children_of(pid: int, wait: float) -> list[int]:
    """The child processes of ``pid`` (Linux /proc), waiting up to ``wait`` s for one."""
    from pathlib import Path

    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(stat.parent.name))
        if found:
            return found
        time.sleep(0.05)
    return []


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its reaper counts as gone)."""
    from pathlib import Path

    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
