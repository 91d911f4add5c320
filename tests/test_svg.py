"""SVG pictures: every picture parses as XML; its digit texts, placed by their coordinates,
spell the givens and the found grid; each kind's marks (boxes, regions, shaded units, cages,
Kakuro clues) are checked against the puzzle files read independently here."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.formats import puzzle_svg
from satdoku.formats.kakuro import solution_grid
from satdoku.formats.kinds import get_kind
from satdoku.formats.text import parse_line
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle
from satdoku.solver import solutions
from tests.conftest import DATA, data_lines

SVG = "{http://www.w3.org/2000/svg}"
SEGMENT = re.compile(r"M([\d.]+) ([\d.]+)([HV])([\d.]+)")
Place = tuple[int, int]


@dataclass
class Picture:
    """A parsed picture, with its cells located from the grid outline."""

    root: ET.Element
    left: float
    top: float
    cell: float

    @classmethod
    def of(cls, svg: str, puzzle: Puzzle) -> Picture:
        root = ET.fromstring(svg)
        outline = next(e for e in root.iter(f"{SVG}rect") if e.get("class") == "outline")
        width = float(outline.get("width", "0"))
        return cls(
            root, float(outline.get("x", "0")), float(outline.get("y", "0")), width / puzzle.ncols
        )

    def place(self, element: ET.Element) -> Place:
        """The (row, column) of the cell holding a text or a rectangle's top-left corner."""
        x, y = float(element.get("x", "nan")), float(element.get("y", "nan"))
        return int((y - self.top) / self.cell + 1e-6), int((x - self.left) / self.cell + 1e-6)

    def texts(self, name: str) -> dict[Place, str]:
        found = [e for e in self.root.iter(f"{SVG}text") if e.get("class") == name]
        placed = {self.place(e): e.text or "" for e in found}
        assert len(placed) == len(found), f"two {name} texts in one cell"
        return placed

    def rects(self, group: str) -> set[Place]:
        groups = [g for g in self.root.iter(f"{SVG}g") if g.get("class") == group]
        return {self.place(r) for g in groups for r in g.iter(f"{SVG}rect")}

    def edges(self, path_class: str) -> set[frozenset[Place]]:
        """The pairs of neighbouring cells that a path's straight segments run between."""
        pairs: set[frozenset[Place]] = set()
        for path in self.root.iter(f"{SVG}path"):
            if path.get("class") != path_class:
                continue
            for x, y, axis, end in SEGMENT.findall(path.get("d", "")):
                a, b = float(x), float(y)
                if axis == "V":
                    c = round((a - self.left) / self.cell)
                    rows = range(
                        round((b - self.top) / self.cell),
                        round((float(end) - self.top) / self.cell),
                    )
                    pairs.update(frozenset({(r, c - 1), (r, c)}) for r in rows)
                else:
                    r = round((b - self.top) / self.cell)
                    cols = range(
                        round((a - self.left) / self.cell),
                        round((float(end) - self.left) / self.cell),
                    )
                    pairs.update(frozenset({(r - 1, c), (r, c)}) for c in cols)
        return pairs


def check_document(svg: str, puzzle: Puzzle) -> ET.Element:
    """A standalone picture: the SVG namespace, size, view box, title, role, nothing that
    runs or loads."""
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    assert root.get("viewBox", "").split() == ["0", "0", root.get("width"), root.get("height")]
    assert width > 0 and height > 0
    assert root[0].tag == f"{SVG}title" and puzzle.kind in (root[0].text or "")
    for element in root.iter():
        assert element.tag.removeprefix(SVG) not in {"script", "image", "foreignObject", "style"}
        assert not any("href" in name or name.startswith("on") for name in element.attrib)
    return root


def region_edges(nrows: int, ncols: int, region: dict[Place, object]) -> set[frozenset[Place]]:
    """Neighbouring cells in different regions."""
    pairs = set()
    for r in range(nrows):
        for c in range(ncols):
            for nr, nc in ((r + 1, c), (r, c + 1)):
                if (nr, nc) in region and region[(nr, nc)] != region[(r, c)]:
                    pairs.add(frozenset({(r, c), (nr, nc)}))
    return pairs


def spelled(picture: Picture, puzzle: Puzzle) -> str:
    """The one-line form of the digits drawn, ``.`` for an empty cell."""
    texts = {**picture.texts("given"), **picture.texts("found")}
    return "".join(texts.get(place, ".") for place in puzzle.positions)


def read_one(kind: str, name: str) -> Puzzle:
    with open(DATA / name) as handle:
        records = list(get_kind(kind).read(handle, None, "auto"))
    assert records[0].puzzle is not None, records[0]
    return records[0].puzzle


SUDOKU_FILES = (
    "rkkautsar_4x4.txt",
    "norvig_top95.txt",
    "rkkautsar_16x16.txt",
    "rkkautsar_25x25.txt",
)


@pytest.mark.parametrize("name", SUDOKU_FILES)
def test_sudoku_givens_then_solution(name: str) -> None:
    puzzle = parse_line(data_lines(name)[0])
    solution = next(solutions(puzzle)).grid

    alone = Picture.of(puzzle_svg(puzzle), puzzle)
    check_document(puzzle_svg(puzzle), puzzle)
    assert len(alone.texts("given")) == puzzle.nclues and not alone.texts("found")
    assert parse_line(spelled(alone, puzzle)).givens == puzzle.givens

    svg = puzzle_svg(puzzle, solution)
    check_document(svg, puzzle)
    solved = Picture.of(svg, puzzle)
    assert solved.texts("given") == alone.texts("given")
    assert set(solved.texts("found")) == {puzzle.positions[i] for i in puzzle.blanks}
    assert parse_line(spelled(solved, puzzle)).givens == solution

    geometry = puzzle.geometry
    assert geometry is not None
    boxes = {(r, c): geometry.box_index(r, c) for r, c in puzzle.positions}
    n = geometry.size
    assert solved.edges("regions") == region_edges(n, n, boxes)
    assert not solved.rects("shaded") and not solved.rects("blocks")


def test_found_digits_differ_from_givens_in_colour_and_weight() -> None:
    puzzle = parse_line(data_lines("norvig_top95.txt")[0])
    root = ET.fromstring(puzzle_svg(puzzle, next(solutions(puzzle)).grid))
    groups = {g.get("class"): g for g in root.iter(f"{SVG}g")}
    givens, found = groups["givens"], groups["founds"]
    assert givens.get("fill") != found.get("fill")
    assert givens.get("font-weight") != found.get("font-weight")


def variant_file(kind: str) -> list[str]:
    return [line for line in data_lines(f"variants/{kind}.txt") if not line.startswith("#")]


@pytest.mark.parametrize(
    ("kind", "shaded"),
    [
        ("x", lambda r, c: r == c or r + c == 8),
        ("windoku", lambda r, c: r % 4 != 0 and c % 4 != 0),
    ],
)
def test_extra_units_are_shaded(kind: str, shaded: object) -> None:
    puzzle = read_one(kind, f"variants/{kind}.txt")
    svg = puzzle_svg(puzzle, next(solutions(puzzle)).grid)
    check_document(svg, puzzle)
    picture = Picture.of(svg, puzzle)
    assert callable(shaded)
    assert picture.rects("shaded") == {(r, c) for r in range(9) for c in range(9) if shaded(r, c)}
    assert "." not in spelled(picture, puzzle)
    boxes = {(r, c): (r // 3, c // 3) for r in range(9) for c in range(9)}
    assert picture.edges("regions") == region_edges(9, 9, boxes)


def test_centredot_box_centres_are_shaded() -> None:
    puzzle = get_kind("centredot").parse(data_lines("norvig_top95.txt")[0], None, "auto")
    picture = Picture.of(puzzle_svg(puzzle), puzzle)
    assert picture.rects("shaded") == {(r, c) for r in (1, 4, 7) for c in (1, 4, 7)}


def test_jigsaw_regions_have_thick_borders() -> None:
    puzzle = read_one("jigsaw", "variants/jigsaw.txt")
    regions = {
        (r, c): s for r, row in enumerate(variant_file("jigsaw")[9:]) for c, s in enumerate(row)
    }
    svg = puzzle_svg(puzzle)
    check_document(svg, puzzle)
    picture = Picture.of(svg, puzzle)
    assert picture.edges("regions") == region_edges(9, 9, regions)
    assert spelled(picture, puzzle) == "".join(variant_file("jigsaw")[:9])
    assert not picture.rects("shaded")


def test_killer_cages_with_sums_in_their_top_left_cells() -> None:
    puzzle = read_one("killer", "variants/killer.txt")
    lines = variant_file("killer")
    labels = {(r, c): label for r, row in enumerate(lines[:9]) for c, label in enumerate(row)}
    sums = {m[0]: m[1] for m in re.findall(r"(\w)=(\d+)", " ".join(lines[9:]))}
    corners = {
        min(p for p, lb in labels.items() if lb == label): str(total)
        for label, total in sums.items()
    }
    solution = next(solutions(puzzle)).grid
    svg = puzzle_svg(puzzle, solution)
    check_document(svg, puzzle)
    picture = Picture.of(svg, puzzle)
    assert picture.texts("cage-sum") == corners
    cages = [p for p in picture.root.iter(f"{SVG}path") if p.get("class") == "cage"]
    assert len(cages) == len(sums)
    assert len(picture.texts("found")) == 81 and not picture.texts("given")
    boxes = {(r, c): (r // 3, c // 3) for r in range(9) for c in range(9)}
    assert picture.edges("regions") == region_edges(9, 9, boxes)


def test_cage_outline_stays_inside_its_cells() -> None:
    """An L-shaped cage: each dashed segment lies inside the cage's cells, and the outline
    is one closed loop of segments meeting end to end."""
    puzzle = read_one("killer", "variants/killer.txt")
    picture = Picture.of(puzzle_svg(puzzle), puzzle)
    cell, left, top = picture.cell, picture.left, picture.top
    labels = {
        (r, c): lb for r, row in enumerate(variant_file("killer")[:9]) for c, lb in enumerate(row)
    }
    paths = [p.get("d", "") for p in picture.root.iter(f"{SVG}path") if p.get("class") == "cage"]
    for d in paths:
        ends: Counter[tuple[float, float]] = Counter()
        owners = set()
        for x, y, axis, end in SEGMENT.findall(d):
            start = (float(x), float(y))
            stop = (float(end), float(y)) if axis == "H" else (float(x), float(end))
            ends.update([start, stop])
            for px, py in (start, stop, ((start[0] + stop[0]) / 2, (start[1] + stop[1]) / 2)):
                owners.add(labels[(int((py - top) // cell), int((px - left) // cell))])
        assert len(owners) == 1
        assert set(ends.values()) == {2}


def kakuro_entries() -> list[dict[str, object]]:
    return [json.loads(line) for line in data_lines("hakank_kakuro.jsonl")]


@pytest.mark.parametrize("entry", kakuro_entries(), ids=lambda e: str(e["id"]))
def test_kakuro_clues_blocks_and_digits(entry: dict[str, object]) -> None:
    rows = entry["grid"]
    assert isinstance(rows, list)
    puzzle = get_kind("kakuro").parse(json.dumps(entry), None, "auto")
    tokens = [row.split() for row in rows]
    down, across, blocks = {}, {}, set()
    for r, row in enumerate(tokens):
        for c, token in enumerate(row):
            if token not in ("0", "."):
                blocks.add((r, c))
            if "," in token:
                d, a = token.split(",")
                down.update({(r, c): d} if d else {})
                across.update({(r, c): a} if a else {})
    solution = next(solutions(puzzle)).grid
    assert isinstance(entry["solution"], list)
    assert solution == solution_grid(entry["solution"])
    svg = puzzle_svg(puzzle, solution)
    check_document(svg, puzzle)
    picture = Picture.of(svg, puzzle)
    assert picture.texts("clue-down") == down
    assert picture.texts("clue-across") == across
    for element in picture.root.iter(f"{SVG}text"):  # down totals below the diagonal
        if element.get("class") in ("clue-down", "clue-across"):
            r, c = picture.place(element)
            dx = float(element.get("x", "0")) - picture.left - c * picture.cell
            dy = float(element.get("y", "0")) - picture.top - r * picture.cell
            assert (dy > dx) == (element.get("class") == "clue-down")
    assert picture.rects("blocks") == blocks
    assert [int(v) for v in spelled(picture, puzzle)] == list(solution)
    assert not picture.texts("cage-sum") and not picture.edges("regions")


def test_kakuro_read_through_the_kind_reader() -> None:
    with open(DATA / "hakank_kakuro.jsonl") as handle:
        records = list(get_kind("kakuro").read(handle, None, "auto"))
    for record in records:
        assert record.puzzle is not None
        root = check_document(puzzle_svg(record.puzzle), record.puzzle)
        assert any(e.get("class") == "clue-down" for e in root.iter(f"{SVG}text"))


def test_more_values_than_letters_are_numbers() -> None:
    geometry = Geometry(6, 6)
    n = geometry.size
    grid = [(r * 6 + r // 6 + c) % n + 1 for r in range(n) for c in range(n)]
    puzzle = sudoku(geometry, [v if v % 5 else 0 for v in grid])
    picture = Picture.of(puzzle_svg(puzzle, grid), puzzle)
    texts = {**picture.texts("given"), **picture.texts("found")}
    assert [int(texts[p]) for p in puzzle.positions] == grid


def test_hundred_by_hundred_is_a_valid_picture() -> None:
    geometry = Geometry(10, 10)
    n = geometry.size
    grid = [(r * 10 + r // 10 + c) % n + 1 for r in range(n) for c in range(n)]
    puzzle = sudoku(
        geometry,
        [
            v if (r + c) % 3 else 0
            for r in range(n)
            for c, v in enumerate(grid[r * n : (r + 1) * n])
        ],
    )
    svg = puzzle_svg(puzzle, grid)
    check_document(svg, puzzle)
    picture = Picture.of(svg, puzzle)
    assert len(picture.texts("given")) + len(picture.texts("found")) == n * n
    assert len(svg.encode()) < 1_000_000


def test_grid_of_the_wrong_length_is_refused() -> None:
    puzzle = parse_line(data_lines("rkkautsar_4x4.txt")[0])
    with pytest.raises(ValueError, match="16 values, found 15"):
        puzzle_svg(puzzle, (1,) * 15)


SHAPES = [Geometry(2, 2), Geometry(2, 3), Geometry(3, 3), Geometry(3, 4), Geometry(4, 4)]


@st.composite
def puzzles_with_grids(draw: st.DrawFn) -> tuple[Puzzle, tuple[int, ...]]:
    geometry = draw(st.sampled_from(SHAPES))
    n = geometry.size
    cells = st.lists(st.integers(0, n), min_size=n * n, max_size=n * n)
    givens, grid = draw(cells), draw(cells)
    return sudoku(geometry, givens), tuple(grid)


@settings(max_examples=60, deadline=None)
@given(puzzles_with_grids())
def test_random_grids_are_spelled_by_the_picture(case: tuple[Puzzle, tuple[int, ...]]) -> None:
    puzzle, grid = case
    svg = puzzle_svg(puzzle, grid)
    check_document(svg, puzzle)
    picture = Picture.of(svg, puzzle)
    drawn = [g or v for g, v in zip(puzzle.givens, grid, strict=True)]
    assert parse_line(spelled(picture, puzzle), puzzle.geometry).givens == tuple(drawn)
    assert set(picture.texts("found")) == {
        p for p, g, v in zip(puzzle.positions, puzzle.givens, grid, strict=True) if v and not g
    }
    assert set(picture.texts("given")) == {
        p for p, g in zip(puzzle.positions, puzzle.givens, strict=True) if g
    }


def test_solve_format_svg_draws_the_solution_and_a_notebook_shows_the_same_picture(tmp_path):
    from satdoku import parse_puzzle, solve
    from tests.cli import assert_one_error_line, satdoku

    line = data_lines("norvig_easy50.txt")[0]
    puzzle = parse_puzzle(line)
    done = satdoku("solve", line, "--format", "svg")
    assert done.status == 0, done
    check_document(done.out, puzzle)
    picture = Picture.of(done.out, puzzle)
    solution = solve(puzzle)
    assert solution is not None
    assert spelled(picture, puzzle) == solution.line
    assert len(picture.texts("found")) == len(puzzle.blanks)
    assert solution._repr_svg_() == done.out
    assert spelled(Picture.of(puzzle._repr_svg_(), puzzle), puzzle) == line.replace("0", ".")
    two = tmp_path / "two.txt"
    two.write_text(f"{line}\n{line}\n")
    assert_one_error_line(satdoku("solve", "-f", str(two), "--format", "svg"))
    assert satdoku("solve", "-f", str(two), "--format", "svg", "--first", "1").status == 0
