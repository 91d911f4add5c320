"""Ctrl-C while the cpsat backend enumerates: the search is stopped and the interrupt goes on
only once the search thread has ended, even when a second Ctrl-C comes while it stops (a
search still in native code when Python exits aborts the process)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("ortools")

TWICE = """\
import os, signal, threading, time, types
signal.signal(signal.SIGINT, signal.default_int_handler)
from ortools.sat.python import cp_model
from satdoku import parse_puzzle
from satdoku.solver.cpsat_backend import cpsat_solutions

class Search:  # ends half a second after it is asked to stop, as a native search may
    ended = False
    def __init__(self):
        self.parameters = types.SimpleNamespace()
        self.asked = threading.Event()
    def solve(self, model, callback=None):
        for delay in (0.1, 0.3):  # the second while the search stops
            threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT)).start()
        self.asked.wait(10)
        time.sleep(0.5)
        Search.ended = True
        return cp_model.UNKNOWN
    def stop_search(self):
        self.asked.set()

cp_model.CpSolver = Search
try:
    for grid in cpsat_solutions(parse_puzzle("." * 16)):
        pass
except KeyboardInterrupt:
    print("KeyboardInterrupt, the search ended:", Search.ended)
"""


def test_a_second_ctrl_c_while_the_search_stops_waits_for_its_end() -> None:
    run = subprocess.run([sys.executable, "-c", TWICE], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "KeyboardInterrupt, the search ended: True"
