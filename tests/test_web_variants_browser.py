"""Variant puzzles on the page of ``satdoku serve``, in Debian's Chromium driven by Playwright
(the fixtures of :mod:`tests.test_web_browser`): an ISS constraint string, an f-puzzles link
and a SudokuPad link pasted are drawn with their rules, checked for uniqueness, solved and
given their true candidates; Hint and Play say plainly what they do not read. The pictures of
13 real ISS puzzles (tests/data/iss_pictures.jsonl) are taken in Chromium: each has the marks
its rules draw, as many as its ISS string writes, and is not blank. What the page shows is
checked against satdoku itself.

Skipped when Playwright or Chromium is absent. With ``SATDOKU_PICTURES=DIR`` set, the
pictures are saved in DIR, one PNG per puzzle.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import Any

import pytest

from satdoku import candidates, count, parse_puzzle, uniqueness
from tests import test_web_browser as web
from tests.test_web_variants import BY_NAME, LINKS, PUZZLES, fewer_givens, stored_grid

pytestmark = pytest.mark.xdist_group("browser")  # one browser at a time (tests/conftest.py)
browser, server, page = web.browser, web.server, web.page  # the fixtures
expect, shown = web.expect, web.shown

THERMO = BY_NAME["Thermo"]["iss"]
OUTSIDE = ("Sandwich", "Skyscraper", "XSum", "LittleKiller")
"""ISS item types whose numbers are clues outside the grid."""
MARKS = {
    "Thermo": "circle.bulb",
    "Arrow": "path.head",
    "PillArrow": "path.head",
    "BlackDot": "circle.black",
    "WhiteDot": "circle.white",
    "Cage": "path.cage",
    "Quad": "circle.corner",
    "LittleKiller": "path.outside-arrow",
}
"""What each ISS item draws once (an arrow and a pill arrow each have a head)."""
RECT = "node => node.getBoundingClientRect().toJSON()"
"""The place and size of an element on the page."""


def items(iss: str, kind: str) -> list[str]:
    """The ``.Kind~...`` items of an ISS string."""
    return re.findall(rf"\.{kind}~[^.]*", iss)


def drawn(page: Any, text: str) -> None:
    """``text`` pasted (one input event, so one drawing) and drawn with its rules."""
    page.fill("#text", text)
    expect(page.locator("#grid svg")).to_be_visible()
    expect(page.locator("#rules")).to_be_visible()
    expect(page.locator("#grid")).not_to_have_class(re.compile("stale"))


def small_candidates(page: Any) -> dict[str, list[int]]:
    """The candidates the grid shows, by cell name."""
    found: dict[str, list[int]] = {}
    texts = page.locator("#grid text.candidate")
    for name, value in texts.evaluate_all("ns => ns.map(n => [n.dataset.cell, n.textContent])"):
        found.setdefault(name, []).append(int(value, 36))
    return {name: sorted(values) for name, values in found.items()}


def test_an_iss_string_pasted_is_drawn_checked_and_given_its_candidates(page: Any) -> None:
    page.select_option("#kind", "killer")
    drawn(page, THERMO)
    expect(page.locator("#kind")).to_have_value("sudoku")
    expect(page.locator("#message")).to_contain_text("Kind is now Sudoku")
    expect(page.locator("#grid circle.bulb")).to_have_count(len(items(THERMO, "Thermo")))
    expect(page.locator("#rules")).to_have_text(
        "Rules besides rows, columns and boxes: thermometer."
    )
    puzzle = parse_puzzle(THERMO)
    expect(page.locator("#grid text.given")).to_have_count(puzzle.nclues)

    page.click("[data-action=unique]")
    expect(page.locator("#message")).to_have_text("Unique: exactly one solution.")
    checked = uniqueness(THERMO)
    assert shown(page) == {
        puzzle.cell_name(i): str(v) for i, v in enumerate(checked.solutions[0].grid)
    }

    page.click("[data-action=truth]")
    open_cells = puzzle.ncells - puzzle.nclues
    expect(page.locator("#message")).to_have_text(
        f"True candidates: unique, each of the {open_cells} open cells takes one value."
    )
    expect(page.locator("#grid text.found")).to_have_count(0)
    found = candidates(THERMO).candidates
    expect(page.locator("#grid text.candidate")).to_have_count(open_cells)
    assert small_candidates(page) == {
        puzzle.cell_name(i): list(v) for i, v in enumerate(found) if not puzzle.givens[i]
    }

    page.click("[data-action=hint]")
    expect(page.locator("#message")).to_contain_text("No hints for this puzzle")
    expect(page.locator("#message")).to_contain_text("other rules too (thermometer)")
    expect(page.locator("#walk")).to_be_hidden()
    page.check("#candidates")
    expect(page.locator("#message")).to_contain_text("press True candidates")
    page.uncheck("#candidates")
    page.check("#play")
    expect(page.locator("#message")).to_contain_text(
        "Clashes are marked in all-different units only; the other rules (thermometer) are"
        " checked by Check"
    )
    page.reload()  # the address holds the ISS string
    expect(page.locator("#text")).to_have_value(THERMO)
    expect(page.locator("#grid circle.bulb")).to_have_count(len(items(THERMO, "Thermo")))


def test_true_candidates_of_a_puzzle_with_several_solutions(page: Any) -> None:
    iss = fewer_givens(THERMO)
    drawn(page, iss)
    page.click("[data-action=truth]")
    puzzle = parse_puzzle(iss)
    found = candidates(iss)
    several = sum(len(v) > 1 for i, v in enumerate(found.candidates) if not puzzle.givens[i])
    expect(page.locator("#message")).to_contain_text(
        f"True candidates: {several} of the {puzzle.ncells - puzzle.nclues} open cells take"
        " more than one value"
    )
    assert small_candidates(page) == {
        puzzle.cell_name(i): list(v) for i, v in enumerate(found.candidates) if not puzzle.givens[i]
    }
    page.click("[data-action=unique]")
    expect(page.locator("#message")).to_contain_text("Not unique (multiple)")
    expect(page.locator("#grid text.candidate")).to_have_count(0)
    marked = page.locator("#grid rect.mark-difference")
    expect(marked).to_have_count(len(uniqueness(iss).differences))
    page.click("[data-action=count]")
    expect(page.locator("#message")).to_have_text(f"multiple: {count(iss).count} solutions.")


@pytest.mark.parametrize("source", LINKS)
def test_a_link_pasted_is_drawn_checked_and_given_its_candidates(page: Any, source: str) -> None:
    link = LINKS[source]
    puzzle = parse_puzzle(link)
    cages = {frozenset(c.cells) for c in puzzle.constraints if c.family == "cage"}
    drawn(page, link)
    expect(page.locator("#grid path.cage")).to_have_count(len(cages))
    expect(page.locator("#rules")).to_contain_text("cage")
    page.click("[data-action=unique]")
    expect(page.locator("#message")).to_have_text("Unique: exactly one solution.")
    solution = uniqueness(link).solutions[0].grid
    assert shown(page) == {puzzle.cell_name(i): str(v) for i, v in enumerate(solution)}
    page.click("[data-action=truth]")
    expect(page.locator("#message")).to_contain_text("True candidates: unique")
    assert small_candidates(page) == {
        puzzle.cell_name(i): [v] for i, v in enumerate(solution) if not puzzle.givens[i]
    }
    page.click("[data-action=rate]")
    expect(page.locator("#message")).to_contain_text("No rating for this puzzle")


def test_a_5x10_iss_string_solves_on_the_page(page: Any) -> None:
    puzzle = BY_NAME["5x10: Killer Sudoku"]
    drawn(page, puzzle["iss"])
    page.click("[data-action=solve]")
    expect(page.locator("#message")).to_have_text("Solved.")
    parsed = parse_puzzle(puzzle["iss"])
    symbols = "123456789A"
    assert shown(page) == {
        parsed.cell_name(i): symbols[v - 1] for i, v in enumerate(stored_grid(puzzle))
    }


def expected_marks(puzzle: dict[str, Any]) -> dict[str, int]:
    """How many of each mark the picture of ``puzzle`` has, read off its ISS string."""
    iss, expected = puzzle["iss"], {}
    for kind, selector in MARKS.items():
        if kind in puzzle["constraint_types"]:
            expected[selector] = expected.get(selector, 0) + len(items(iss, kind))
    for kind, selector in (("X", "text.edge"), ("V", "text.edge")):
        expected[selector] = expected.get(selector, 0) + len(items(iss, kind))
    numbers = [
        n for kind in OUTSIDE for item in items(iss, kind) for n in re.findall(r"~(\d+)", item)
    ]
    expected["text.outside-clue"] = len(numbers)
    parsed = parse_puzzle(iss)
    shaded = {
        parsed.positions[c]
        for u in parsed.units
        if u.family in ("diagonal", "window")
        for c in u.cells
    }
    expected[".shaded rect"] = len(shaded)
    return expected


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p["name"] for p in PUZZLES])
def test_the_picture_of_a_real_iss_puzzle(page: Any, puzzle: dict[str, Any]) -> None:
    image = pytest.importorskip("PIL.Image", reason="Pillow is not installed")
    numpy = pytest.importorskip("numpy")
    drawn(page, puzzle["iss"])
    svg = page.locator("#grid svg")
    for selector, number in expected_marks(puzzle).items():
        expect(svg.locator(selector), selector).to_have_count(number)
    if "Jigsaw" in puzzle["constraint_types"]:
        expect(svg.locator("path.regions")).to_have_count(1)
    if "GreaterThan" in puzzle["constraint_types"]:
        assert svg.locator("path.inequality").count() >= len(items(puzzle["iss"], "GreaterThan"))
    if "RegionSumLine" in puzzle["constraint_types"]:
        expect(svg.locator("path.line")).to_have_count(len(items(puzzle["iss"], "RegionSumLine")))

    rows, cols = map(int, puzzle["shape"].split("x"))
    outline = svg.locator("rect.outline").evaluate(RECT)
    assert outline["width"] > 100 and outline["height"] > 50
    assert outline["width"] / outline["height"] == pytest.approx(cols / rows, rel=0.02)
    box = svg.evaluate(RECT)
    assert box["width"] >= outline["width"] and box["height"] >= outline["height"]

    picture = svg.screenshot()
    folder = os.environ.get("SATDOKU_PICTURES")
    if folder:
        name = re.sub(r"\W+", "-", puzzle["name"]).strip("-").lower()
        (Path(folder) / f"{name}.png").write_bytes(picture)
    grey = numpy.asarray(image.open(io.BytesIO(picture)).convert("L"), dtype=float)
    assert grey.shape[1] == pytest.approx(box["width"], abs=2)
    assert grey.std() > 20  # lines and marks on paper, not a blank
    assert (grey < 128).mean() > 0.01  # ink: the grid's lines, the givens, the marks
