"""Playing on the page of ``satdoku serve``, in Debian's Chromium driven by Playwright (the
fixtures of :mod:`tests.test_web_browser`): entries apart from givens, clashes marked as they
are typed, Check against the solution, undo and redo, pencil marks, highlights, the share
link and reload, the timer, dark mode, labels for screen readers, kinds without New puzzle
or hints, stale results cleared, and play on a phone-sized screen.

Skipped when Playwright or Chromium is absent.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from satdoku import solve
from tests import test_web_browser as web
from tests.test_web_api import EASY, HARD, KAKURO, KILLER, Served

pytestmark = pytest.mark.xdist_group("browser")  # one browser at a time (tests/conftest.py)
browser, server, page = web.browser, web.server, web.page  # the fixtures
expect, open_page, paste = web.expect, web.open_page, web.paste

SOLUTION = "".join(map(str, solve(EASY).grid))  # type: ignore[union-attr]
EASY_GIVENS = sum(ch != "." for ch in EASY)


def name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def play(page: Any, text: str = EASY, kind: str = "sudoku", givens: int = EASY_GIVENS) -> None:
    """``text`` drawn, with Play on."""
    paste(page, text, kind)
    expect(page.locator("#grid text.given")).to_have_count(givens)
    if kind == "killer":  # no givens to wait for: wait for the cages drawn
        expect(page.locator("#grid path.cage")).not_to_have_count(0)
    page.check("#play")
    expect(page.locator("#play-tools")).to_be_visible()


def cell(page: Any, where: str) -> Any:
    return page.locator(f'#grid .cells rect[data-cell="{where}"]')


def go(page: Any, where: str) -> None:
    """Selects a cell with the pointer (the grid then has the keyboard)."""
    cell(page, where).click()
    expect(page.locator("#cell")).to_contain_text(f"{where}:")


def entries(page: Any) -> dict[str, str]:
    texts = page.locator("#grid text.entry")
    return dict(texts.evaluate_all("nodes => nodes.map(n => [n.dataset.cell, n.textContent])"))


def cells_of(page: Any, selector: str) -> list[str]:
    found = page.locator(selector).evaluate_all("nodes => nodes.map(n => n.dataset.cell)")
    return sorted(found)


def test_entries_are_drawn_apart_from_givens_which_stay(page: Any) -> None:
    play(page)
    go(page, "r1c1")
    page.keyboard.press("4")
    expect(page.locator("#grid text.entry")).to_have_count(1)
    assert entries(page) == {"r1c1": "4"}
    expect(page.locator("#text")).to_have_value(EASY)
    expect(cell(page, "r1c1")).to_have_attribute("aria-label", "row 1, column 1, entry 4")
    fill = "node => getComputedStyle(node).fill"
    entry, given = page.locator("#grid text.entry"), page.locator("#grid text.given").first
    assert entry.evaluate(fill) != given.evaluate(fill)
    assert entry.evaluate("n => getComputedStyle(n).fontWeight") != given.evaluate(
        "n => getComputedStyle(n).fontWeight"
    )
    go(page, "r1c3")
    page.keyboard.press("5")
    expect(page.locator("#message")).to_have_text("r1c3 is a given: it stays as it is.")
    page.keyboard.press("Delete")
    expect(cell(page, "r1c3")).to_have_attribute("aria-label", "row 1, column 3, given 3")
    expect(page.locator("#text")).to_have_value(EASY)
    assert entries(page) == {"r1c1": "4"}


def test_entries_go_into_kinds_written_as_text(page: Any) -> None:
    play(page, KILLER, "killer", givens=0)
    go(page, "r5c5")
    page.keyboard.press("7")
    expect(page.locator("#grid text.entry")).to_have_count(1)
    assert entries(page) == {"r5c5": "7"}
    expect(page.locator("#message")).not_to_contain_text("written as text")


def test_clashes_are_marked_as_they_are_typed(page: Any) -> None:
    play(page)
    go(page, "r1c1")
    page.keyboard.press("3")  # r1c3 is a given 3
    clashes = "#grid rect.mark-clash"
    expect(page.locator(clashes)).to_have_count(2)
    assert cells_of(page, clashes) == ["r1c1", "r1c3"]
    expect(page.locator("#message")).to_have_text("3 clashes with r1c3 in row 1.")
    expect(cell(page, "r1c1")).to_have_attribute(
        "aria-label", "row 1, column 1, entry 3, clash in row 1"
    )
    expect(page.locator("#grid text.entry.clash")).to_have_count(1)
    page.keyboard.press("Backspace")
    expect(page.locator(clashes)).to_have_count(0)

    # an X puzzle: two cells that share only a diagonal
    play(page, "." * 81, "x", givens=0)
    go(page, "r1c1")
    page.keyboard.press("5")
    go(page, "r9c9")
    page.keyboard.press("5")
    expect(page.locator(clashes)).to_have_count(2)
    assert cells_of(page, clashes) == ["r1c1", "r9c9"]
    expect(page.locator("#message")).to_contain_text("5 clashes with r1c1 in")


def test_check_names_the_first_wrong_entry_then_all_right(page: Any) -> None:
    play(page)
    go(page, "r1c1")
    page.keyboard.press(SOLUTION[0])
    go(page, "r1c2")
    wrong = "5" if SOLUTION[1] != "5" else "7"
    page.keyboard.press(wrong)
    page.click("#check")
    expect(page.locator("#message")).to_have_text("r1c2 is wrong.")
    assert cells_of(page, "#grid rect.mark-wrong") == ["r1c2"]
    expect(cell(page, "r1c2")).to_have_attribute(
        "aria-label", re.compile(r"row 1, column 2, entry \d.*, wrong")
    )
    go(page, "r1c2")
    page.keyboard.press(SOLUTION[1])
    expect(page.locator("#grid rect.mark-wrong")).to_have_count(0)
    page.click("#check")
    expect(page.locator("#message")).to_have_text("All 2 entries so far are right.")


def test_the_last_right_entry_solves_and_stops_the_timer(browser: Any, server: Served) -> None:
    last = max(i for i, ch in enumerate(EASY) if ch == ".")
    filled = "".join("." if ch != "." or i == last else SOLUTION[i] for i, ch in enumerate(EASY))
    page = open_page(browser, server)
    fragment = urlencode({"kind": "sudoku", "puzzle": EASY, "entries": filled, "play": "1"})
    page.goto(f"{server.url}/#{fragment}")
    expect(page.locator("#grid text.entry")).to_have_count(81 - EASY_GIVENS - 1)
    go(page, name(last))
    page.keyboard.press(SOLUTION[last])
    message = page.locator("#message")
    expect(message).to_contain_text("Solved: every entry is right, in ")
    took = re.search(r"in (\d+:\d\d)", message.text_content() or "")
    assert took is not None
    expect(page.locator("#timer")).to_have_text(took.group(1))
    assert page.problems == []
    page.context.close()


def test_undo_and_redo_with_keys_and_buttons(page: Any) -> None:
    play(page)
    go(page, "r1c1")
    page.keyboard.press("4")
    go(page, "r1c2")
    page.keyboard.press("8")
    page.keyboard.press("Shift+Digit1")  # a corner mark, under the entry
    go(page, "r1c4")
    page.keyboard.press("Shift+Digit1")
    corner = "#grid text.note-corner"
    expect(page.locator(corner)).to_have_count(1)
    page.keyboard.press("Control+z")
    expect(page.locator(corner)).to_have_count(0)
    page.keyboard.press("Control+z")  # the mark under r1c2's entry
    page.keyboard.press("Control+z")
    expect(page.locator("#grid text.entry")).to_have_count(1)
    assert entries(page) == {"r1c1": "4"}
    page.keyboard.press("Control+y")
    expect(page.locator("#grid text.entry")).to_have_count(2)
    page.click("#undo")
    expect(page.locator("#grid text.entry")).to_have_count(1)
    page.click("#redo")
    page.click("#redo")
    page.click("#redo")
    expect(page.locator(corner)).to_have_count(1)
    assert entries(page) == {"r1c1": "4", "r1c2": "8"}
    expect(page.locator("#redo")).to_be_disabled()
    expect(page.locator("#undo")).to_be_enabled()


def test_pencil_marks_and_highlights(page: Any) -> None:
    play(page)
    page.check("input[name=pen][value=centre]")
    go(page, "r1c1")
    for key in "121":
        page.keyboard.press(key)
    centre = page.locator('#grid text.note-centre[data-cell="r1c1"]')
    expect(centre).to_have_text("2")
    page.keyboard.press("Shift+Digit5")
    page.check("input[name=pen][value=corner]")
    go(page, "r1c1")
    page.keyboard.press("7")
    corner = page.locator('#grid text.note-corner[data-cell="r1c1"]')
    expect(corner).to_have_text(["5", "7"])
    expect(cell(page, "r1c1")).to_have_attribute(
        "aria-label", "row 1, column 1, empty, centre marks 2, corner marks 5 7"
    )
    page.check("input[name=pen][value=value]")
    go(page, "r1c1")
    page.keyboard.press("4")
    expect(centre).to_have_count(0)
    expect(corner).to_have_count(0)
    page.keyboard.press("Delete")  # the entry goes; the marks are there again
    expect(centre).to_have_text("2")

    go(page, "r5c5")  # its row, column and box: 8 + 8 + 4 other cells
    area = cells_of(page, "#grid rect.mark-area")
    assert len(area) == 20 and "r5c1" in area and "r1c5" in area and "r4c4" in area
    go(page, "r1c3")  # a given 3: the other 3s are shaded
    threes = sorted(name(i) for i, ch in enumerate(EASY) if ch == "3" and i != 2)
    expect(page.locator("#grid rect.mark-same")).to_have_count(len(threes))
    assert cells_of(page, "#grid rect.mark-same") == threes


def test_the_share_link_and_reload_keep_the_puzzle_and_entries(
    page: Any, browser: Any, server: Served
) -> None:
    play(page, KILLER, "killer", givens=0)
    go(page, "r1c1")
    page.keyboard.press("2")
    go(page, "r1c2")
    page.keyboard.press("Shift+Digit7")
    page.reload()
    expect(page.locator("#grid text.entry")).to_have_count(1)
    assert entries(page) == {"r1c1": "2"}
    expect(page.locator('#grid text.note-corner[data-cell="r1c2"]')).to_have_text("7")
    expect(page.locator("#play")).to_be_checked()
    expect(page.locator("#kind")).to_have_value("killer")
    expect(page.locator("#text")).to_have_value(KILLER)

    for with_entries in (True, False):
        page.set_checked("#share-entries", with_entries)
        page.click("#share")
        link = page.locator("#share-link")
        expect(link).to_be_visible()
        address = link.input_value()
        fields = parse_qs(urlsplit(address).fragment)
        assert fields["puzzle"] == [KILLER] and fields["kind"] == ["killer"]
        assert ("entries" in fields) is with_entries
        other = open_page(browser, server)
        other.goto(address)
        expect(other.locator("#text")).to_have_value(KILLER)
        expect(other.locator("#play")).to_be_checked()
        expect(other.locator(".cages")).to_have_count(1)
        expect(other.locator("#grid text.entry")).to_have_count(1 if with_entries else 0)
        assert other.problems == []
        other.context.close()


def test_the_timer_runs_in_play_and_reload_keeps_it(page: Any) -> None:
    expect(page.locator("#timer")).to_be_hidden()
    play(page)
    timer = page.locator("#timer")
    # past 0:00, however long a busy machine took to get here
    expect(timer).to_have_text(re.compile(r"^(?!0:00$)\d+:[0-5]\d$"))
    seconds = shown_seconds(timer)
    page.reload()
    expect(page.locator("#play-tools")).to_be_visible()
    assert shown_seconds(timer) >= seconds


def shown_seconds(timer: Any) -> int:
    """The seconds the timer shows (minutes:seconds)."""
    minutes, seconds = (timer.text_content() or "0:00").split(":")
    return 60 * int(minutes) + int(seconds)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_dark_mode_follows_the_system(browser: Any, server: Served, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{server.url}/")
    expect(page.locator("#grid svg")).to_be_visible()
    paste(page, EASY)
    expect(page.locator("#grid text.given")).to_have_count(EASY_GIVENS)

    def light(selector: str, prop: str) -> bool:
        colour = page.locator(selector).first.evaluate(f"n => getComputedStyle(n).{prop}")
        numbers = re.findall(r"\d+", colour)
        assert len(numbers) >= 3, (selector, prop, colour)
        red, green, blue = map(int, numbers[:3])
        return red + green + blue > 3 * 128

    dark = scheme == "dark"
    assert light("html", "backgroundColor") is not dark
    assert light("section", "backgroundColor") is not dark
    assert light("#grid .paper", "fill") is not dark
    assert light("#grid text.given", "fill") is dark
    assert light("h1", "color") is dark
    context.close()


def test_cells_have_labels_ids_are_unique_and_tab_goes_in_order(page: Any) -> None:
    paste(page, EASY)
    expect(page.locator("#grid text.given")).to_have_count(EASY_GIVENS)
    expect(page.get_by_role("gridcell", name="row 1, column 3, given 3")).to_have_count(1)
    expect(page.get_by_role("gridcell", name="row 1, column 1, empty")).to_have_count(1)
    expect(page.get_by_role("gridcell")).to_have_count(81)
    grid = page.locator("#grid")
    grid.focus()
    page.keyboard.press("ArrowRight")
    active = grid.get_attribute("aria-activedescendant")
    expect(page.locator(f"#{active}")).to_have_attribute("aria-label", "row 1, column 2, empty")
    page.check("#play")
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map(node => node.id)")
    assert len(ids) == len(set(ids))

    grid.focus()
    order = []
    for _ in range(4):
        page.keyboard.press("Tab")
        order.append(
            page.evaluate("(n => n.id || n.value || n.textContent)(document.activeElement)")
        )
    assert order == ["play", "value", "check", "1"]  # the grid, Play, the pen, Check, the pad


def test_kinds_without_new_puzzle_or_hints_say_so(page: Any) -> None:
    generate = page.locator("#generate")
    expect(generate).to_be_visible()
    for kind in ("kakuro", "centredot"):
        page.select_option("#kind", kind)
        expect(generate).to_be_hidden()
    page.select_option("#kind", "killer")
    expect(generate).to_be_visible()

    paste(page, KAKURO, "kakuro")
    expect(page.locator("#grid .blocks")).to_have_count(1)
    page.click("[data-action=hint]")
    expect(page.locator("#message")).to_have_text(
        "No hints for this puzzle: the step-by-step logic reads all-different units only"
        " (rows, columns, boxes, regions), and this puzzle has other rules too (run). Solve,"
        " Check unique, Count and True candidates work with every rule."
    )
    expect(page.locator("#error")).to_have_text("")
    expect(page.locator("#text")).not_to_have_attribute("aria-invalid", "true")
    paste(page, KILLER, "killer")
    expect(page.locator("#grid .cages")).to_have_count(1)
    page.click("[data-action=rate]")
    expect(page.locator("#message")).to_contain_text("No rating for this puzzle")
    expect(page.locator("#message")).to_contain_text("other rules too (cage)")


def test_a_stale_result_is_cleared_when_the_puzzle_changes(page: Any) -> None:
    paste(page, HARD)
    page.click("[data-action=solve]")
    expect(page.locator("#message")).to_have_text("Solved.")
    expect(page.locator("#grid text.found")).to_have_count(64)
    paste(page, EASY)
    expect(page.locator("#message")).to_have_text("")
    expect(page.locator("#grid text.given")).to_have_count(EASY_GIVENS)
    expect(page.locator("#grid text.found")).to_have_count(0)

    page.click("[data-action=hint]")
    expect(page.locator("#walk")).to_be_visible()
    paste(page, "12345 garbage")
    expect(page.locator("#error")).not_to_have_text("")
    expect(page.locator("#message")).to_have_text("")
    expect(page.locator("#walk")).to_be_hidden()

    paste(page, HARD)
    page.click("[data-action=unique]")
    page.select_option("#kind", "x")  # the same text, other rules
    expect(page.locator("#message")).to_have_text("")
    expect(page.locator("#grid text.found")).to_have_count(0)


def test_play_on_a_phone_sized_screen(browser: Any, server: Served) -> None:
    page = open_page(browser, server, width=390, height=844)
    play(page)
    go(page, "r1c1")
    page.get_by_role("button", name="put 4 in the cell").click()
    assert entries(page) == {"r1c1": "4"}
    go(page, "r1c2")
    page.get_by_text("Centre", exact=True).click()
    page.get_by_role("button", name="centre mark 8").click()
    expect(page.locator('#grid text.note-centre[data-cell="r1c2"]')).to_have_text("8")
    page.click("#undo")
    expect(page.locator("#grid text.note-centre")).to_have_count(0)
    page.click("#check")
    expect(page.locator("#message")).to_have_text("All 1 entry so far is right.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for selector in ("#grid svg", "#play-tools", "#check", "#pad"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, selector
    assert page.problems == []
    page.context.close()
