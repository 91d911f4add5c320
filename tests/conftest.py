"""Where the test data lives, and skipping when ../shared/data is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
