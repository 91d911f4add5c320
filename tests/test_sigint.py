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
