"""Every primitive a rule draws itself with (:class:`satdoku.targets.Canvas`) shows in the SVG
picture: each line style in its colour with its bulb, head or ends; cages with their text,
circles and pills, kropki dots, texts and inequalities on edges, clues outside the grid with
the margin they need, texts on corners, even, odd and extra-region shading, and notes. Each
puzzle is a classic Sudoku with one rule that only draws. In Chromium (skipped without it or
Playwright), ten pictures render with their marks where the picture says; with
``SATDOKU_SCREENSHOTS=DIR`` set, the screenshots are kept there."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from satdoku.formats.svg import puzzle_svg, scale
from satdoku.formats.svg_lines import LINE_SHADE, LOOKS
from satdoku.formats.svg_marks import PARITY, REGION_FILLS
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Constraint, Puzzle
from satdoku.targets import LINE_STYLES, Canvas, CnfTarget, CpTarget
from satdoku.web.drawing import drawing as page_drawing
from satdoku.web.drawing import picture_scale

SVG = "{http://www.w3.org/2000/svg}"
Call = tuple[str, tuple[Any, ...]]


@dataclass(frozen=True)
class Drawn(Constraint):
    """A rule that holds always and draws the ``calls`` (canvas method, arguments) given."""

    calls: tuple[Call, ...]
    cells: tuple[int, ...] = ()
    name: str = "drawn"
    family: str = "drawn"

    def problem(self, values: Sequence[int]) -> str | None:
        return None

    def cnf(self, target: CnfTarget) -> None:
        return None

    def cpsat(self, target: CpTarget) -> None:
        return None

    def draw(self, canvas: Canvas) -> None:
        for method, args in self.calls:
            getattr(canvas, method)(*args)


def drawing(*calls: Call, givens: Sequence[int] = (0,) * 81) -> Puzzle:
    """A 9x9 Sudoku whose extra rule draws ``calls``."""
    blank = sudoku(Geometry(3, 3), givens)
    return replace(blank, constraints=(*blank.constraints, Drawn(tuple(calls))))


def cell(r: int, c: int) -> int:
    return 9 * r + c


@dataclass
class Picture:
    root: ET.Element
    cell: float
    margin: float

    @classmethod
    def of(cls, puzzle: Puzzle) -> Picture:
        size, margin, _ = scale(puzzle)
        return cls(ET.fromstring(puzzle_svg(puzzle)), size, margin)

    def all(self, tag: str, name: str) -> list[ET.Element]:
        return [e for e in self.root.iter(f"{SVG}{tag}") if name in (e.get("class") or "").split()]

    def group(self, name: str) -> ET.Element:
        (found,) = self.all("g", name)
        return found

    def at(self, element: ET.Element, x: str = "cx", y: str = "cy") -> tuple[float, float]:
        """A point of ``element`` in cells from the grid's top-left corner."""
        return (
            (float(element.get(y, "nan")) - self.margin) / self.cell,
            (float(element.get(x, "nan")) - self.margin) / self.cell,
        )


def test_a_rule_that_draws_nothing_changes_nothing() -> None:
    blank = sudoku(Geometry(3, 3), [0] * 81)
    assert puzzle_svg(drawing()) == puzzle_svg(blank)


@pytest.mark.parametrize("style", LINE_STYLES)
def test_each_line_style_has_its_colour(style: str) -> None:
    picture = Picture.of(drawing(("line", ((cell(4, 2), cell(4, 3), cell(5, 4)), style))))
    (path,) = picture.all("path", "line")
    colour, width = LOOKS[style]
    stroke = path.get("stroke", picture.group("lines").get("stroke"))
    assert stroke == colour
    assert float(path.get("stroke-width") or picture.group("lines").get("stroke-width") or 0) == (
        pytest.approx(width * picture.cell, abs=0.01)
    )
    assert path.get("d", "").count("L") == (3 if style == "arrow" else 2)
    assert len(picture.all("circle", "bulb")) == (style in ("thermometer", "slow-thermometer"))
    assert len(picture.all("path", "slow")) == (style == "slow-thermometer")
    assert len(picture.all("path", "head")) == (style == "arrow")
    ends = picture.all("circle" if style == "between" else "path", "line-end")
    assert len(ends) == (2 if style in ("between", "lockout") else 0)


def test_colours_differ_between_styles_but_thermometers() -> None:
    colours = [LOOKS[s] for s in LINE_STYLES if s not in ("thermometer", "slow-thermometer")]
    assert len(set(colours)) == len(colours)
    assert LOOKS["thermometer"][0] == LINE_SHADE


def test_an_arrow_gets_one_circle_on_its_first_cell() -> None:
    arrow = ("line", ((cell(0, 0), cell(1, 1), cell(2, 2)), "arrow"))
    for calls in ([arrow], [("circle", ((cell(0, 0),),)), arrow]):
        picture = Picture.of(drawing(*calls))
        (circle,) = picture.all("rect", "circle")
        assert picture.at(circle, "x", "y") == pytest.approx((0.08, 0.08))


def test_a_pill_covers_its_cells_and_a_circle_holds_its_text() -> None:
    picture = Picture.of(
        drawing(
            ("circle", ((cell(2, 3), cell(2, 4), cell(2, 5)), "")),
            ("circle", ((cell(6, 6),), "7")),
            ("circle", ((cell(0, 0), cell(1, 1)), "")),
        )
    )
    pill, disc = picture.all("rect", "circle")
    assert float(pill.get("width", "0")) == pytest.approx(picture.cell * (3 - 0.16), abs=0.01)
    assert float(pill.get("height", "0")) == pytest.approx(picture.cell * 0.84, abs=0.01)
    assert float(disc.get("width", "0")) == float(disc.get("height", "0"))
    assert len(picture.all("circle", "circle")) == 2  # not neighbours in a row: a disc each
    (text,) = picture.all("text", "circle-text")
    assert text.text == "7" and [int(v) for v in picture.at(text, "x", "y")] == [6, 6]


def test_cages_are_drawn_as_killer_cages_with_their_text() -> None:
    picture = Picture.of(
        drawing(
            ("cage", ((cell(0, 0), cell(0, 1), cell(1, 0)), "15")),
            ("cage", ((cell(5, 5), cell(5, 6)), "")),
        )
    )
    assert len(picture.all("path", "cage")) == 2
    assert [t.text for t in picture.all("text", "cage-sum")] == ["15"]
    assert scale(drawing(("cage", ((0, 1), ""))))[2] < scale(drawing())[2]


def test_kropki_dots_sit_on_the_middle_of_their_edges() -> None:
    picture = Picture.of(
        drawing(("dot", (cell(3, 3), cell(3, 4), True)), ("dot", (cell(3, 3), cell(4, 3), False)))
    )
    (black,) = picture.all("circle", "black")
    (white,) = picture.all("circle", "white")
    assert picture.at(black) == pytest.approx((3.5, 4.0))
    assert picture.at(white) == pytest.approx((4.0, 3.5))
    assert black.get("fill") == "#000" and white.get("fill") == "#fff"


def test_texts_on_edges_and_inequalities_pointing_at_the_smaller_cell() -> None:
    picture = Picture.of(
        drawing(
            ("edge", (cell(0, 0), cell(0, 1), "X")),
            ("edge", (cell(1, 5), cell(1, 4), ">")),  # r2c6 > r2c5: points left
            ("edge", (cell(2, 2), cell(3, 2), "<")),  # r3c3 < r4c3: points up
        )
    )
    (text,) = picture.all("text", "edge")
    assert text.text == "X" and picture.at(text, "x", "y")[1] == pytest.approx(1.0)
    left, up = (points(p) for p in picture.all("path", "inequality"))
    (ax, _), (tx, ty), (bx, _) = left
    assert tx < ax == bx and ty == pytest.approx(picture.margin + 1.5 * picture.cell)
    (_, ay), (tx, ty), (_, by) = up
    assert ty < ay == by and tx == pytest.approx(picture.margin + 2.5 * picture.cell)


def points(path: ET.Element) -> list[tuple[float, float]]:
    """The points of a path of straight segments, in order."""
    d = path.get("d", "").replace("L", "M").split("M")[1:]
    return [(float(x), float(y)) for x, y in (p.split() for p in d)]


def test_outside_clues_widen_the_picture_on_their_sides_only() -> None:
    plain = Picture.of(drawing())
    picture = Picture.of(
        drawing(
            ("outside", (tuple(cell(3, c) for c in range(9)), "12")),  # left of row 4
            ("outside", (tuple(cell(r, 7 - r) for r in range(8)), "45")),  # above, a diagonal
            ("outside", ((cell(8, 2),), "3")),  # below column 3
        )
    )
    x0, y0, width, height = map(float, picture.root.get("viewBox", "").split())
    _, _, plain_width, plain_height = map(float, plain.root.get("viewBox", "").split())
    assert (x0, y0) == (-picture.cell, -picture.cell)
    assert width == pytest.approx(plain_width + picture.cell)
    assert height == pytest.approx(plain_height + 2 * picture.cell)
    (paper,) = picture.all("rect", "paper")
    assert float(paper.get("x", "0")) == x0 and float(paper.get("width", "0")) == width
    outline = picture.all("rect", "outline")[0]
    assert float(outline.get("x", "")) == picture.margin == float(outline.get("y", ""))
    texts = {t.text: picture.at(t, "x", "y") for t in picture.all("text", "outside-clue")}
    assert int(texts["12"][0]) == 3 and -1 < texts["12"][1] < 0
    assert -1 < texts["45"][0] < 0 and 8 < texts["45"][1] < 9
    assert 9 < texts["3"][0] < 10 and int(texts["3"][1]) == 2
    (arrow,) = picture.all("path", "outside-arrow")
    assert arrow.get("d", "").startswith("M")


def test_the_page_scale_is_the_pictures_with_outside_clues() -> None:
    puzzle = drawing(("outside", (tuple(cell(r, 0) for r in range(9)), "10")))
    cell_size, margin, _ = picture_scale(puzzle)
    record = page_drawing(puzzle)
    assert (record["cell"], record["margin"]) == (cell_size, margin)
    outline = next(
        e for e in ET.fromstring(record["svg"]).iter(f"{SVG}rect") if e.get("class") == "outline"
    )
    assert float(outline.get("x", "")) == pytest.approx(margin)
    assert float(outline.get("y", "")) == pytest.approx(margin)
    assert float(outline.get("width", "")) == pytest.approx(9 * cell_size)


def test_corner_texts_sit_in_a_circle_on_the_shared_corner() -> None:
    picture = Picture.of(
        drawing(("corner", ((cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2)), "1234")))
    )
    (circle,) = picture.all("circle", "corner")
    assert picture.at(circle) == pytest.approx((2.0, 2.0))
    assert circle.get("fill") == "#fff"
    assert [t.text for t in picture.all("text", "corner-text")] == ["1 2", "3 4"]


def test_even_odd_and_extra_regions_are_shaded() -> None:
    picture = Picture.of(
        drawing(
            ("shade", ((cell(0, 0), cell(0, 1)), "even")),
            ("shade", ((cell(8, 8),), "odd")),
            ("shade", ((cell(4, 4), cell(4, 5)), "region")),
            ("shade", ((cell(6, 0),), "region")),
            ("unit", ((cell(4, 4), cell(4, 5)),)),  # drawn as the region, not shaded again
        )
    )
    assert len(picture.all("rect", "even")) == 2
    (odd,) = picture.all("circle", "odd")
    assert odd.get("fill") == PARITY and picture.at(odd) == pytest.approx((8.5, 8.5))
    fills = [r.get("fill") for r in picture.all("rect", "region")]
    assert fills == [REGION_FILLS[0], REGION_FILLS[0], REGION_FILLS[1]]
    assert not picture.all("g", "shaded")


def test_notes_run_along_the_top_of_their_cells() -> None:
    picture = Picture.of(drawing(("note", (cell(2, 7), "13579")), ("note", (cell(0, 0), "2"))))
    long, short = picture.all("text", "note")
    assert long.text == "13579" and short.text == "2"
    row, col = picture.at(long, "x", "y")
    assert 2 < row < 2.3 and 7 < col < 7.2
    assert scale(drawing(("note", (0, "1"))))[2] < scale(drawing())[2]


# ---- in Chromium ----

BACKGROUND = (255, 255, 255)
Point = tuple[float, float]
"""A place in cells from the grid's top-left corner (row, column)."""

SHOWN: dict[str, tuple[Puzzle, list[Point]]] = {
    "thermometer": (
        drawing(("line", ((cell(0, 0), cell(1, 1), cell(2, 2)), "thermometer"))),
        [(0.5, 0.5), (1.5, 1.5)],
    ),
    "whisper-renban": (
        drawing(
            ("line", ((cell(4, 0), cell(4, 1), cell(4, 2)), "whisper")),
            ("line", ((cell(6, 0), cell(6, 1), cell(7, 2)), "renban")),
        ),
        [(4.5, 1.5), (6.5, 0.8)],
    ),
    "arrow": (
        drawing(("line", ((cell(2, 2), cell(2, 3), cell(3, 4)), "arrow")), givens=[5] + [0] * 80),
        [(2.5, 2.08 + 0.02)],
    ),
    "between-lockout": (
        drawing(
            ("line", ((cell(1, 0), cell(1, 1), cell(1, 2), cell(1, 3)), "between")),
            ("line", ((cell(5, 5), cell(6, 5), cell(7, 5)), "lockout")),
        ),
        [(1.5, 0.5 - 0.38), (5.5 - 0.38, 5.5)],
    ),
    "pill": (drawing(("circle", ((cell(3, 3), cell(3, 4), cell(3, 5)), ""))), [(3.08, 4.5)]),
    "kropki-xv": (
        drawing(
            ("dot", (cell(0, 0), cell(0, 1), True)),
            ("edge", (cell(3, 3), cell(3, 4), "V")),
            ("edge", (cell(5, 5), cell(6, 5), ">")),
        ),
        [(0.5, 1.0)],
    ),
    "sandwich": (
        drawing(
            ("outside", (tuple(cell(r, 2) for r in range(9)), "15")),
            ("outside", (tuple(cell(3, c) for c in range(9)), "7")),
            ("outside", (tuple(cell(r, 8 - r) for r in range(9)), "23")),
        ),
        [],
    ),
    "quadruple": (
        drawing(("corner", ((cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2)), "1 2 9"))),
        [(2.0 - 0.3, 2.0)],
    ),
    "even-odd-region": (
        drawing(
            ("shade", ((cell(0, 0),), "even")),
            ("shade", ((cell(0, 1),), "odd")),
            ("shade", ((cell(5, 5), cell(5, 6), cell(6, 5)), "region")),
        ),
        [(0.5, 0.5), (0.5, 1.5), (5.5, 5.5)],
    ),
    "cage-notes": (
        drawing(
            ("cage", ((cell(0, 0), cell(0, 1), cell(1, 1)), "17")),
            ("note", (cell(4, 4), "1234")),
        ),
        [(0.1, 0.3)],
    ),
}
"""Pictures shown in Chromium, and places that are not paper in them."""


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    pytest.importorskip("PIL", reason="Pillow is not installed")
    web = pytest.importorskip("tests.test_web_browser")
    with web.sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(web.CHROMIUM), headless=True, args=web.ARGS
        )
        yield launched
        launched.close()


@pytest.mark.parametrize("name", list(SHOWN))
def test_pictures_show_their_marks_in_chromium(chromium: Any, name: str, tmp_path: Path) -> None:
    from PIL import Image

    puzzle, places = SHOWN[name]
    svg = puzzle_svg(puzzle)
    root = ET.fromstring(svg)
    x0, y0, width, height = map(float, root.get("viewBox", "").split())
    page = chromium.new_page(viewport={"width": 900, "height": 900})
    page.set_content(f"<!doctype html><body style='margin:0'>{svg.split('?>', 1)[1]}</body>")
    folder = Path(os.environ.get("SATDOKU_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    shot = folder / f"{name}.png"
    page.locator("svg").screenshot(path=str(shot))
    page.close()
    image = Image.open(shot).convert("RGB")
    assert image.size == (round(width), round(height))
    size, margin, _ = scale(puzzle)

    def pixel(row: float, col: float) -> tuple[int, int, int]:
        x, y = margin + col * size - x0, margin + row * size - y0
        return image.getpixel((int(x), int(y)))  # type: ignore[return-value]

    for row, col in places:
        assert pixel(row, col) != BACKGROUND, f"paper at {(row, col)} in {name}"
    if x0 < 0:  # the clue margins hold ink
        left = [image.getpixel((x, y)) for x in range(int(-x0)) for y in range(image.size[1])]
        top = [image.getpixel((x, y)) for x in range(image.size[0]) for y in range(int(-y0))]
        assert any(p != BACKGROUND for p in left) and any(p != BACKGROUND for p in top)
