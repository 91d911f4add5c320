"""The examples of the documentation run as written: every ```python block of README.md
(each on its own, from the repository's root) and the package docstring's examples."""

from __future__ import annotations

import doctest
import re

import pytest

import satdoku
from tests.conftest import ROOT

BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
BLOCKS = BLOCK.findall((ROOT / "README.md").read_text())


def test_the_readme_has_python_examples():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_readme_block_runs(number, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = compile(BLOCKS[number], f"README.md python block {number + 1}", "exec")
    exec(code, {"__name__": "__readme__"})


def test_package_docstring_examples():
    result = doctest.testmod(satdoku, verbose=False)
    assert result.attempted > 0 and result.failed == 0
