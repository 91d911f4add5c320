"""The page's "Redundant givens" and "Minimize" in a real browser (as tests/test_web_browser.py
runs it): the redundant givens satdoku finds are shaded; Minimize puts satdoku's minimal puzzle
in place of the puzzle, and Undo minimize brings the puzzle back."""

from __future__ import annotations

from typing import Any

import pytest

from satdoku import parse_puzzle
from satdoku.formats.setter import minimized_record
from satdoku.setter import minimize, redundant
from satdoku.setter.items import names
from tests.test_web_api import EASY
from tests.test_web_browser import browser, expect, page, paste, server  # noqa: F401

pytestmark = pytest.mark.xdist_group("browser")  # one browser at a time (tests/conftest.py)


def test_redundant_givens_are_shaded_and_minimize_can_be_undone(page: Any) -> None:  # noqa: F811
    paste(page, EASY)
    expect(page.locator("#grid text.given")).to_have_count(sum(ch != "." for ch in EASY))
    page.click("#redundant")
    found = redundant(parse_puzzle(EASY))
    assert found.redundant
    expected = sorted(names(found.redundant))
    expect(page.locator("#message")).to_contain_text("redundant given", timeout=30_000)
    shaded = page.locator("#grid rect.mark-redundant")
    assert sorted(shaded.evaluate_all("nodes => nodes.map(n => n.dataset.cell)")) == expected

    page.click("#minimize")
    minimal = minimized_record(minimize(parse_puzzle(EASY)))
    expect(page.locator("#message")).to_contain_text("Minimal:", timeout=30_000)
    expect(page.locator("#text")).to_have_value(minimal["puzzle"])
    expect(page.locator("#grid text.given")).to_have_count(minimal["givens"])
    page.click("#restore")
    expect(page.locator("#text")).to_have_value(EASY)
    expect(page.locator("#restore")).to_be_hidden()
