"""Where the test data lives, skipping when ../shared/data is absent, and what lets tests run
side by side.

The suite runs in parallel (pytest-xdist, ``addopts`` in pyproject.toml: ``-n auto --dist
loadgroup``): each worker process runs its own share of the tests, with its own session
fixtures. So a test
- writes only under ``tmp_path`` / ``tmp_path_factory`` (a folder per worker), never into the
  checkout (``examples/``, ``tests/data``) or at a fixed path;
- starts a server on :func:`reserved_port`, never on a fixed port, nor on a port probed and
  let go before the server binds it;
- gets a session fixture that starts a service (PostgreSQL in ``tests/postgres.py``) once per
  worker, in its own temporary folder and on a Unix socket there;
- shares one resource that cannot be had twice at once (a browser and its server on two
  cores) with the others of its group: ``pytestmark = pytest.mark.xdist_group("browser")``
  runs a module's tests on one worker, one after another.
``pytest -n 0`` runs everything in one process.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import settings

# No time limit per example: a busy machine can make any example slow, and the properties
# tested are about answers, not speed.
settings.register_profile("satdoku", deadline=None)
settings.load_profile("satdoku")

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SHARED = Path(os.environ.get("SATDOKU_SHARED_DATA", ROOT.parent / "shared" / "data"))


def shared_file(relative: str) -> Path:
    """A file of ../shared/data, or skip the test with the reason when it is not there."""
    path = SHARED / relative
    if not path.is_file():
        pytest.skip(f"{path} is absent (the shared puzzle collection is not on this machine)")
    return path


def data_lines(name: str) -> list[str]:
    """The non-blank lines of a file in tests/data."""
    return [line for line in (DATA / name).read_text().splitlines() if line.strip()]


@contextmanager
def reserved_port(host: str = "127.0.0.1") -> Iterator[int]:
    """A free port of ``host``, held for the block: bound but not listening, with
    ``SO_REUSEADDR``, so that the kernel gives it to no other socket (another test, another
    worker, another program) while a server started in the block binds it as ``satdoku serve``
    does (with ``SO_REUSEADDR``). Let it go once the server answers."""
    with socket.socket() as holder:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        holder.bind((host, 0))
        port: int = holder.getsockname()[1]
        yield port
