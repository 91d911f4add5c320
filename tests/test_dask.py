"""``satdoku batch --dask``: the same records byte for byte as one process, and none lost when a
worker dies mid-run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.cli import _env, assert_one_error_line, satdoku
from tests.conftest import DATA

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.filterwarnings("error:Port .* is already in use:UserWarning")
"""A cluster's dashboard takes a free port, never 8787 that another cluster may hold."""

TOP95 = (DATA / "norvig_top95.txt").read_text()


@pytest.fixture
def puzzles(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text("Puzzles\n" + TOP95 * 4)
    return path


def test_a_local_cluster_writes_what_one_process_writes(puzzles, tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert satdoku("batch", "-f", str(puzzles), "-o", str(one), "-q").status == 2
    run = satdoku(
        "batch", "-f", str(puzzles), "-o", str(two), "-q", "--dask", "local:2", "--chunk", "37"
    )
    assert run.status == 2, run.err
    assert "already in use" not in run.err  # the dashboard took a free port
    assert two.read_bytes() == one.read_bytes()
    assert len(one.read_text().splitlines()) == 1 + 4 * 95


def test_a_worker_killed_mid_run_loses_nothing(puzzles, tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    options = ["--backend", "minisat22", "--chunk", "20", "-q"]
    assert satdoku("batch", "-f", str(puzzles), "-o", str(one), *options).status == 2
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        pids = list(client.run(os.getpid).values())
        command = [sys.executable, "-m", "satdoku", "batch", "-f", str(puzzles), "-o", str(two)]
        process = subprocess.Popen(
            [*command, *options, "--dask", cluster.scheduler_address], env=_env()
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.1)
            if client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) > 2:
                break
        assert process.poll() is None, "the run ended before a worker could be killed"
        os.kill(pids[0], signal.SIGKILL)
        assert process.wait(timeout=180) == 2
    assert two.read_bytes() == one.read_bytes()


def test_dask_and_jobs_do_not_go_together(puzzles):
    assert_one_error_line(satdoku("batch", "-f", str(puzzles), "--dask", "local:2", "--jobs", "2"))


def test_a_local_cluster_needs_a_number_of_workers(puzzles):
    assert_one_error_line(satdoku("batch", "-f", str(puzzles), "--dask", "local:many"))
