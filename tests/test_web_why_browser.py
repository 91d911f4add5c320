"""The page's "Why this digit?" in a real browser (as tests/test_web_browser.py runs it): a
cell clicked, then the button, shows the reason satdoku gives, its givens and rules marked
and the cell's digit written in."""

from __future__ import annotations

from typing import Any

import pytest

from satdoku import why
from tests.test_web_api import HARD
from tests.test_web_browser import browser, expect, page, paste, server  # noqa: F401

pytestmark = pytest.mark.xdist_group("browser")  # one browser at a time (tests/conftest.py)


def test_a_cell_clicked_says_why_it_holds_its_digit(page: Any) -> None:  # noqa: F811
    paste(page, HARD)
    expect(page.locator("#grid text.given")).to_have_count(17)
    page.click('#grid rect[role=gridcell][data-cell="r1c2"]')
    expect(page.locator("#cell")).to_have_text("r1c2: blank")
    page.click("#why")
    reason = why(HARD, "r1c2")
    expect(page.locator("#message")).to_have_text(f"{reason}.", timeout=30_000)
    expect(page.locator('#grid text.found[data-cell="r1c2"]')).to_have_text(str(reason.digit))
    marked = page.locator("#grid rect.mark-pattern")
    names = marked.evaluate_all("nodes => nodes.map(n => n.dataset.cell)")
    assert sorted(names) == sorted(reason.givens)
    expect(page.locator("#grid rect.mark-unit").first).to_be_visible()


def test_a_given_cell_has_no_why(page: Any) -> None:  # noqa: F811
    paste(page, HARD)
    expect(page.locator("#grid text.given")).to_have_count(17)
    page.click('#grid rect[role=gridcell][data-cell="r1c1"]')
    page.click("#why")
    expect(page.locator("#error")).to_contain_text("r1c1 is a given (4)", timeout=30_000)
