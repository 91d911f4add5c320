"""A Ctrl-C while python-sat works on a puzzle waits for the puzzle (satdoku.solver.sigint)."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

HELD = """\
import os, signal, time
signal.signal(signal.SIGINT, signal.default_int_handler)
from satdoku.solver.sigint import sigint_held
reached = []
try:
    with sigint_held():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
        reached.append("after the signal")
except KeyboardInterrupt:
    print(reached, "then KeyboardInterrupt")
"""


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks here")
def test_a_ctrl_c_in_the_block_arrives_when_it_ends() -> None:
    run = subprocess.run([sys.executable, "-c", HELD], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "['after the signal'] then KeyboardInterrupt"


STOPPED = """\
import os, signal, sys, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)
from satdoku.encodings import Formula, VarMap
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.solver import PysatSolver
from tests.test_solve import pigeonhole
formula = Formula(VarMap(sudoku(Geometry(2, 2), [0] * 16), [()] * 16))
formula.clauses = pigeonhole(13)  # minutes of search
with PysatSolver(sys.argv[1]) as solver:
    solver.load(formula)
    solver.solve_budget(10)  # a budget set before is lifted for the search with no limit
    threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
    started = time.perf_counter()
    try:
        solver.solve()
    except KeyboardInterrupt:
        print("KeyboardInterrupt", time.perf_counter() - started < 10)
"""


@pytest.mark.parametrize("name", ["minisat22", "glucose4"])
def test_a_ctrl_c_stops_a_search_with_no_limit_through_the_solver(name: str) -> None:
    """The solver is asked to stop (not jumped out of by python-sat's handler) and the
    KeyboardInterrupt follows at once."""
    run = subprocess.run(
        [sys.executable, "-c", STOPPED, name], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "KeyboardInterrupt True"


def test_the_signal_wake_up_of_an_event_loop_is_left_alone() -> None:
    """Where something else takes the wake-ups of signals, nothing is armed and it keeps
    them."""
    import socket

    from satdoku.solver.sigint import interrupting

    theirs, other = socket.socketpair()
    theirs.setblocking(False)
    before = signal.set_wakeup_fd(theirs.fileno())
    try:
        with interrupting(lambda: None) as armed:
            assert not armed
            assert signal.set_wakeup_fd(theirs.fileno()) == theirs.fileno()
        with interrupting(lambda: None):
            pass
    finally:
        signal.set_wakeup_fd(before)
        theirs.close()
        other.close()
    with interrupting(lambda: None) as armed:
        assert armed
    assert signal.set_wakeup_fd(-1) == before
    signal.set_wakeup_fd(before)
