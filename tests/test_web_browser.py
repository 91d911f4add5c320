"""The page of ``satdoku serve`` in a real browser: Debian's Chromium, headless, driven by
Playwright against a real server on a loopback port. A puzzle typed with the keyboard
solves; a puzzle with two solutions shows the cells where they differ; Hint walks a puzzle to
its solution and back; a bad paste shows the reader's message beside the text; a phone-sized
screen needs no sideways scrolling. What the page shows is checked against satdoku itself.

Skipped when Playwright or Chromium is absent. With ``SATDOKU_SCREENSHOT=FILE`` set, the walk
test saves a picture of the page there (docs/serve.png is one).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
CHROMIUM = Path(os.environ.get("SATDOKU_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.is_file():
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)

from satdoku import count, explain, solve, uniqueness  # noqa: E402
from satdoku.formats.kinds import get_kind  # noqa: E402
from satdoku.verify import check  # noqa: E402
from tests.cli import satdoku  # noqa: E402
from tests.test_web_api import EASY, HARD, JIGSAW, KILLER, Served, serving  # noqa: E402

pytestmark = pytest.mark.xdist_group("browser")  # one browser at a time (tests/conftest.py)
expect = sync_api.expect
expect.set_options(timeout=20_000)  # answers wait for a busy machine (two test processes)
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium as root in a container, on a machine with no network but loopback."""


@pytest.fixture(scope="module")
def server() -> Iterator[Served]:
    """A server whose time limit no page test is about: what a busy machine takes is given."""
    with serving("--workers", "2", "--timeout", "60") as served:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS
        )
        yield chromium
        chromium.close()


def open_page(browser: Any, server: Served, width: int = 1100, height: int = 900) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    page.goto(f"{server.url}/")
    expect(page.locator("#grid svg")).to_be_visible()
    return page


@pytest.fixture
def page(browser: Any, server: Served) -> Iterator[Any]:
    page = open_page(browser, server)
    yield page
    assert page.problems == []
    page.context.close()


def shown(page: Any) -> dict[str, str]:
    """The digits the grid shows, by cell name (givens and found)."""
    texts = page.locator("#grid text.given, #grid text.found")
    pairs = texts.evaluate_all("nodes => nodes.map(n => [n.dataset.cell, n.textContent])")
    return dict(pairs)


def solution_names(puzzle_text: str, kind: str = "sudoku") -> dict[str, str]:
    """satdoku's solution of ``puzzle_text``, verified, by cell name."""
    puzzle = get_kind(kind).parse(puzzle_text, None, "auto")
    solution = solve(puzzle)
    assert solution is not None
    check(puzzle, solution.grid)
    return {puzzle.cell_name(i): str(v) for i, v in enumerate(solution.grid)}


def paste(page: Any, text: str, kind: str = "sudoku") -> None:
    """``text`` in the text box as a paste puts it: one input event (a second one while the
    first drawing is on its way would draw the puzzle twice, the picture replaced under a
    test reading it)."""
    page.select_option("#kind", kind)
    page.fill("#text", text)


def test_a_puzzle_typed_with_the_keyboard_solves(page: Any) -> None:
    page.keyboard.press("Tab")  # the first stop is the grid
    expect(page.locator("#grid")).to_be_focused()
    page.keyboard.type(HARD)
    expect(page.locator("#text")).to_have_value(HARD)
    expect(page.locator("#grid text.given")).to_have_count(17)
    solve_button = page.locator("[data-action=solve]")
    for _ in range(40):  # Tab on to the Solve button, as a person without a mouse would
        if solve_button.evaluate("button => button === document.activeElement"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    # the first answer of a fresh server: its workers start and load satdoku
    expect(page.locator("#message")).to_have_text("Solved.", timeout=30_000)
    expect(page.locator("#grid text.found")).to_have_count(81 - 17)
    assert shown(page) == solution_names(HARD)


def test_arrows_and_backspace_edit_the_grid(page: Any) -> None:
    page.locator("#grid").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.type("5")
    expect(page.locator("#text")).to_have_value("." * 10 + "5" + "." * 70)
    page.keyboard.press("Backspace")
    expect(page.locator("#text")).to_have_value("." * 81)
    expect(page.locator("#cell")).to_have_text("r2c2: blank")


def two_solutions() -> str:
    """A puzzle with exactly two solutions: EASY less the first given whose loss allows two."""
    for i, char in enumerate(EASY):
        if char != ".":
            text = EASY[:i] + "." + EASY[i + 1 :]
            if count(text, 3).count == 2:
                return text
    raise AssertionError("no such puzzle")


def test_a_puzzle_with_two_solutions_shows_where_they_differ(page: Any) -> None:
    text = two_solutions()
    paste(page, text)
    page.click("[data-action=unique]")
    expect(page.locator("#message")).to_contain_text("Not unique (multiple)")
    checked = uniqueness(text)
    marked = page.locator("#grid rect.mark-difference")
    expect(marked).to_have_count(len(checked.differences))
    names = marked.evaluate_all("nodes => nodes.map(n => n.dataset.cell)")
    assert sorted(names) == sorted(checked.differences)
    for name in checked.differences:
        expect(page.locator("#message")).to_contain_text(name)
    page.click("[data-action=count]")
    expect(page.locator("#message")).to_have_text("multiple: 2 solutions.")


def test_hint_walks_a_puzzle_to_its_solution_and_back(page: Any) -> None:
    paste(page, HARD)
    expect(page.locator("#grid text.given")).to_have_count(17)
    steps = explain(HARD).steps
    names = get_kind("sudoku").parse(HARD, None, "auto").cell_name
    hint = page.locator("[data-action=hint]")
    picture = os.environ.get("SATDOKU_SCREENSHOT")
    for number, step in enumerate(steps, 1):
        hint.click()
        message = page.locator("#message")
        expect(message).to_contain_text(f"Step {number} of {len(steps)}, {step.technique}")
        expect(message).to_contain_text(step.description)
        pattern = page.locator("#grid rect.mark-pattern")
        cells = pattern.evaluate_all("nodes => nodes.map(n => n.dataset.cell)")
        assert sorted(cells) == sorted(names(c) for c in step.cells)
        gone = page.locator("#grid text.candidate.gone")
        assert gone.count() == len(step.eliminations)
        if step.eliminations and picture:  # the first step that removes candidates
            page.screenshot(path=picture)
            picture = None
    hint.click()
    expect(page.locator("#message")).to_contain_text(f"Solved by logic in {len(steps)} steps")
    assert shown(page) == solution_names(HARD)
    page.click("#back")
    expect(page.locator("#message")).to_contain_text(steps[-1].description)
    expect(page.locator("#next")).to_be_enabled()
    page.click("#next")
    expect(page.locator("#next")).to_be_disabled()


def test_a_bad_paste_shows_the_readers_message_beside_the_text(page: Any) -> None:
    paste(page, "12345 garbage")
    message = satdoku("solve", "12345 garbage").err.removeprefix("error: ").strip()
    expect(page.locator("#error")).to_have_text(message)
    expect(page.locator("#text")).to_have_attribute("aria-invalid", "true")
    page.click("[data-action=solve]")
    expect(page.locator("#error")).to_have_text(message)
    paste(page, HARD)
    expect(page.locator("#error")).to_have_text("")
    expect(page.locator("#grid text.given")).to_have_count(17)


@pytest.mark.parametrize(("kind", "text"), [("jigsaw", JIGSAW), ("killer", KILLER)])
def test_variants_pasted_as_text_solve(page: Any, kind: str, text: str) -> None:
    paste(page, text, kind)
    page.click("[data-action=solve]")
    expect(page.locator("#message")).to_have_text("Solved.")
    assert shown(page) == solution_names(text, kind)
    assert page.locator("#grid .regions, #grid .cages").count() >= 1


def test_an_action_waits_for_the_picture_on_its_way(page: Any) -> None:
    """Solve pressed while the picture of the text pasted is still being drawn: the answer
    is shown once the picture is there, not wiped by it."""
    page.evaluate(
        """() => {
          const plain = window.fetch;
          window.fetch = async (url, options) => {
            const response = await plain(url, options);
            if (String(url).endsWith("/api/draw")) await new Promise((ok) => setTimeout(ok, 3000));
            return response;
          };
        }"""
    )
    paste(page, JIGSAW, "jigsaw")
    page.wait_for_timeout(600)  # the drawing the text asked for is on its way
    page.click("[data-action=solve]")
    expect(page.locator("#message")).to_have_text("Solved.")
    assert shown(page) == solution_names(JIGSAW, "jigsaw")


@pytest.mark.parametrize("kind", ["sudoku", "killer"])
def test_new_puzzle_fills_the_grid_with_a_puzzle_that_solves(page: Any, kind: str) -> None:
    page.select_option("#kind", kind)
    page.click("[data-action=generate]")
    # a killer's cages are split until it is unique: seconds, more or fewer by the seed
    expect(page.locator("#message")).to_contain_text(
        "A new puzzle with one solution", timeout=90_000
    )
    made = page.locator("#text").input_value()
    assert count(get_kind(kind).parse(made, None, "auto"), limit=2, backend="cpsat").count == 1
    page.click("[data-action=solve]")
    expect(page.locator("#message")).to_have_text("Solved.")
    assert shown(page) == solution_names(made, kind)


def test_a_phone_sized_screen_needs_no_sideways_scrolling(browser: Any, server: Served) -> None:
    page = open_page(browser, server, width=375, height=740)
    paste(page, HARD)
    page.click("[data-action=solve]")
    expect(page.locator("#message")).to_have_text("Solved.")
    width = page.evaluate("document.documentElement.scrollWidth")
    box = page.locator("#grid svg").bounding_box()
    assert width <= 375 and 300 <= box["width"] <= 375
    assert page.problems == []
    page.context.close()
