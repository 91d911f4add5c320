"""f-puzzles and SudokuPad links: real puzzles from public sources solve or are refused by
name, the mapping holds against the setters' own solutions, and any input that is not a
readable puzzle gives a ParseError and nothing else (the rules of f-puzzles are checked
one by one in test_links_rules.py)."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satdoku.constraints import AllDifferent, Sum
from satdoku.errors import ParseError
from satdoku.formats.links import is_link, parse_fpuzzles, parse_link
from satdoku.formats.lzstring import LZStringError, compress_base64, decompress_base64
from satdoku.formats.output import format_grid
from satdoku.formats.sudokupad import _unzip, parse_sudokupad
from satdoku.model import Puzzle
from satdoku.solver.counting import count
from satdoku.solver.search import solve
from satdoku.verify import violations

from .cli import assert_one_error_line, satdoku
from .conftest import DATA

LINKS = DATA / "links"
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


# -- test helpers: SudokuPad's zipping, written from the format


SHORT_KEYS = {"cells": "ce", "regions": "re", "cages": "ca", "value": "v", "lines": "l"}


def zip_scl(obj: Any) -> str:
    """SudokuPad's zipped JSON: short keys, bare keys, ``{}`` dropped, t/f, single quotes."""

    def shorten(o: Any) -> Any:
        if isinstance(o, dict):
            return {SHORT_KEYS.get(k, k): shorten(v) for k, v in o.items()}
        return [shorten(v) for v in o] if isinstance(o, list) else o

    text = json.dumps(shorten(obj), separators=(",", ":"))
    text = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", text)
    text = re.sub(r"([,{\[])\{\}(?=[,}\]])", r"\1", text)
    text = re.sub(r":false(?=[,}\]])", ":f", text)
    text = re.sub(r":true(?=[,}\]])", ":t", text)
    return text.replace("'", "\\'").replace('"', "'")


def fpuzzles_link(obj: Any) -> str:
    return "https://f-puzzles.com/?load=" + compress_base64(json.dumps(obj))


def blank_grid(n: int) -> list[list[dict[str, Any]]]:
    return [[{} for _ in range(n)] for _ in range(n)]


def index(ref: str, n: int) -> int:
    """``R3C4`` -> its cell number, read here without the module's help."""
    m = re.fullmatch(r"R(\d+)C(\d+)", ref)
    assert m is not None
    return (int(m.group(1)) - 1) * n + int(m.group(2)) - 1


def read_data(name: str) -> tuple[str, dict[str, str]]:
    """The link (first line) of a data file and its ``key: value`` lines."""
    first, *rest = (LINKS / name).read_text().splitlines()
    return first, dict(line.split(": ", 1) for line in rest if line.strip())


def decoded(link: str) -> dict[str, Any]:
    """The f-puzzles JSON of a ?load= link, decoded here for the independent checks."""
    obj: dict[str, Any] = json.loads(decompress_base64(link.split("load=", 1)[1]))
    return obj


def permutation(values: list[int], n: int) -> bool:
    return sorted(values) == list(range(1, n + 1))


# -- lz-string


def test_a_vector_of_the_javascript_library_both_ways() -> None:
    """``{"x":3}`` as lz-string's compressToBase64 writes it (quoted in lisudoku's tests)."""
    assert decompress_base64("N4IgHiBcDMC+Q===") == '{"x":3}'
    assert compress_base64('{"x":3}') == "N4IgHiBcDMC+Q==="


def test_compress_writes_a_real_link_payload_again() -> None:
    """The payload of a real f-puzzles link, decompressed and compressed again, is the same
    text: the compressor writes what the JavaScript library wrote."""
    link, _ = read_data("fpuzzles-x.txt")
    payload = link.split("load=", 1)[1]
    assert compress_base64(decompress_base64(payload)) == payload


@given(st.text(max_size=300))
def test_compress_then_decompress_gives_the_text_back(text: str) -> None:
    if text:
        assert decompress_base64(compress_base64(text)) == text


@given(st.text(alphabet=BASE64 + "=", max_size=200))
def test_decompress_fails_only_with_its_own_error(text: str) -> None:
    with contextlib.suppress(LZStringError):
        decompress_base64(text)


def test_decompress_refuses_characters_outside_base64() -> None:
    with pytest.raises(LZStringError, match="not a base64 character"):
        decompress_base64("N4Ig!")


# -- real links (tests/data/links/README.md says where each comes from)


def test_a_killer_link_has_one_solution_that_meets_every_cage() -> None:
    link, _ = read_data("fpuzzles-killer.txt")
    puzzle = parse_link(link)
    assert puzzle.kind == "killer" and puzzle.geometry is not None
    assert count(puzzle, limit=2, backend="cpsat").status.value == "unique"
    found = solve(puzzle)
    assert found is not None
    grid = found.grid
    cages = decoded(link)["killercage"]
    assert len(cages) == 38
    for cage in cages:
        values = [grid[index(ref, 9)] for ref in cage["cells"]]
        assert sum(values) == int(cage["value"]) and len(set(values)) == len(values)
    for k in range(9):
        assert permutation(list(grid[9 * k : 9 * k + 9]), 9)
        assert permutation(list(grid[k::9]), 9)


def test_a_jigsaw_link_has_one_solution_that_meets_every_region() -> None:
    link, _ = read_data("fpuzzles-jigsaw.txt")
    puzzle = parse_link(link)
    assert puzzle.kind == "jigsaw" and puzzle.geometry is None
    assert count(puzzle, limit=2, backend="cpsat").status.value == "unique"
    found = solve(puzzle)
    assert found is not None
    regions: dict[int, list[int]] = {}
    for r, row in enumerate(decoded(link)["grid"]):
        for c, cell in enumerate(row):
            regions.setdefault(cell["region"], []).append(r * 9 + c)
            if cell.get("given"):
                assert found.grid[r * 9 + c] == cell["value"]
    assert len(regions) == 9
    assert all(permutation([found.grid[i] for i in cells], 9) for cells in regions.values())


@pytest.mark.parametrize("name", ["fpuzzles-x.txt", "fpuzzles-x.json"])
def test_real_x_sudoku_solves_with_both_diagonals(name: str) -> None:
    text = (LINKS / name).read_text()
    link = text if name.endswith(".json") else text.splitlines()[0]
    puzzle = parse_link(link)
    assert puzzle.kind == "x"
    _, extra = read_data("fpuzzles-x.txt")
    assert "".join(str(v) if v else "-" for v in puzzle.givens) == extra["givens"].replace("/", "")
    assert count(puzzle, limit=1).status.value == "unique"
    found = solve(puzzle)
    assert found is not None
    assert permutation([found.grid[i * 9 + i] for i in range(9)], 9)
    assert permutation([found.grid[i * 9 + 8 - i] for i in range(9)], 9)


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (
            {
                "clone": [{"cells": ["R1C1"], "cloneCells": ["R9C9"]}],
                "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
                "rowindexer": [{"cells": ["R2C1"]}],
            },
            "clone, rowindexer are not supported",
        ),
        ({"nabner": [{"lines": [["R5C5", "R5C6"]]}]}, "nabner is not supported"),
        (
            {
                "difference": [{"cells": ["R1C1", "R1C2"], "value": "2"}],
                "ratio": [{"cells": ["R2C1", "R2C2"], "value": "3"}],
            },
            "a difference dot of '2', a ratio dot of '3' are not supported",
        ),
    ],
)
def test_unsupported_constraints_are_refused_by_name(extra: dict[str, Any], named: str) -> None:
    link, _ = read_data("fpuzzles-jigsaw.txt")
    with pytest.raises(ParseError) as caught:
        parse_link(fpuzzles_link({**decoded(link), **extra}), lineno=7)
    message = str(caught.value)
    assert message.startswith("line 7: ") and named in message and "\n" not in message


def test_a_real_sudokupad_drawing_is_refused_by_name() -> None:
    link, _ = read_data("sudokupad-parity-fish.txt")
    with pytest.raises(ParseError) as caught:
        parse_link(link, lineno=7)
    message = str(caught.value)
    assert "overlays, background image (bgimage) are not supported" in message
    assert "drawings that do not say which rule they stand for" in message


@pytest.mark.parametrize("name", ["fpuzzles-killer.txt", "fpuzzles-jigsaw.txt"])
def test_a_solution_meets_the_regions_and_cages_read_and_its_mirror_does_not(name: str) -> None:
    """The solution meets every region, cage and given read; the mirrored grid breaks them
    (so the check can fail)."""
    link, _ = read_data(name)
    puzzle = parse_link(link)
    found = solve(puzzle, backend="cpsat")
    assert found is not None
    solution = list(found.grid)
    assert violations(puzzle, solution) == []
    mirrored = [solution[r * 9 + 8 - c] for r in range(9) for c in range(9)]
    assert violations(puzzle.with_givens([0] * 81), mirrored) != []


def test_real_sudokupad_payload_unzips_to_its_grid_and_regions() -> None:
    link, _ = read_data("sudokupad-parity-fish.txt")
    obj = json.loads(_unzip(decompress_base64(link.split("/scl", 1)[1])))
    assert obj["metadata"]["t"] == "Parity Fish" and len(obj["re"]) == 9
    solution = [int(ch) for ch in obj["metadata"]["solution"]]
    del obj["o"], obj["metadata"]["bgimage"]
    puzzle = parse_sudokupad(json.dumps(obj))
    assert puzzle.geometry is not None and str(puzzle.geometry) == "3x3"
    assert violations(puzzle, solution) == []


# -- the forms of a link


def test_every_form_of_a_link_reads_the_same_puzzle() -> None:
    link, _ = read_data("fpuzzles-x.txt")
    payload = link.split("load=", 1)[1]
    expected = parse_link(link)
    forms = [
        "f-puzzles.com/?load=" + payload,
        "http://www.f-puzzles.com/?load=" + quote(payload, safe=""),
        "https://f-puzzles.com/?load=" + payload.replace("+", "%20"),
        "https://sudokupad.app/fpuzzles" + payload,
        "https://sudokupad.app/fpuz" + payload,
        "https://beta.sudokupad.app/fpuzzles" + payload,
        "https://sudokupad.app/?puzzleid=fpuzzles" + quote(payload, safe=""),
        "https://sudokupad.app/?puzzle=fpuzzles" + payload + "&setting-nogrid=1",
        "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + quote(payload),
        "https://sudokupad.svencodes.com/puzzle/fpuzzles" + payload,
        "  https://f-puzzles.com/?load=" + payload + "\n",
    ]
    assert "+" in payload
    for form in forms:
        assert is_link(form), form
        assert parse_link(form) == expected, form


@pytest.mark.parametrize(
    "text",
    [
        "https://sudokupad.app/abc123def4",
        "sudokupad.app/some-author/some-puzzle",
        "https://app.crackingthecryptic.com/sudoku/gT8d7Q9hJm",
        "https://sudokupad.svencodes.com/puzzle/k7qc98e00u",
    ],
)
def test_a_short_sudokupad_link_is_refused_without_the_network(text: str) -> None:
    with pytest.raises(ParseError, match="needs the network, which satdoku does not use"):
        parse_link(text)


def test_a_short_fpuzzles_link_is_refused_without_the_network() -> None:
    with pytest.raises(ParseError, match="short \\?id= link needs the network"):
        parse_link("https://f-puzzles.com/?id=2zhcfzeg")


def test_an_unknown_sudokupad_format_is_refused_by_name() -> None:
    with pytest.raises(ParseError, match="scf puzzle format is not supported"):
        parse_link("https://sudokupad.app/scfABCDEF")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("https://f-puzzles.com/?load=N4Ig", True),
        ("www.f-puzzles.com/?load=N4Ig", True),
        ("https://sudokupad.app/sclN4Ig", True),
        ("https://sudokupad.app/abc", True),
        ('{"size": 4, "grid": []}', True),
        (
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
            False,
        ),
        ("https://example.com/?load=N4Ig", False),
        ("https://f-puzzles.com.example.com/?load=N4Ig", False),
        ('{"size": 4}', False),
        ("see https://f-puzzles.com/?load=N4Ig", False),
    ],
)
def test_is_link(text: str, expected: bool) -> None:
    assert is_link(text) is expected


# -- corrupt input: a ParseError, never another exception


def test_a_cut_payload_is_a_parse_error() -> None:
    link, _ = read_data("fpuzzles-killer.txt")
    for cut in (20, len(link) // 2, len(link) - 30):
        with pytest.raises(ParseError, match="line 3: "):
            parse_link(link[:cut], lineno=3)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=120) | st.text(alphabet=BASE64 + "=%", max_size=400))
def test_any_text_after_load_gives_a_puzzle_or_a_parse_error(tail: str) -> None:
    for link in ("https://f-puzzles.com/?load=" + tail, "https://sudokupad.app/scl" + tail):
        with contextlib.suppress(ParseError):
            parse_link(link)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=30,
)
FPUZZLES_KEYS = st.sampled_from(
    [
        *("size", "grid", "killercage", "extraregion", "diagonal+", "cage", "title", "region"),
        *("thermometer", "arrow", "whispers", "littlekillersum", "sandwichsum", "xsum"),
        *("difference", "ratio", "xv", "quadruple", "even", "minimum", "negative", "line"),
        *("antiknight", "disjointgroups", "nonconsecutive", "regionsumline", "maximum"),
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(FPUZZLES_KEYS, JSON_VALUES, max_size=5),
    st.integers(2, 5),
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), JSON_VALUES), max_size=6),
)
def test_any_json_gives_a_puzzle_or_a_parse_error(
    extra: dict[str, Any], size: int, cells: list[tuple[int, int, Any]]
) -> None:
    obj: dict[str, Any] = {"size": size, "grid": blank_grid(size), **extra}
    if isinstance(obj.get("grid"), list) and obj["grid"] and isinstance(obj["grid"][0], list):
        for r, c, value in cells:
            if r < len(obj["grid"]) and isinstance(obj["grid"][r], list):
                row = obj["grid"][r]
                if c < len(row) and isinstance(row[c], dict):
                    row[c][("value", "region", "givenPencilMarks")[r % 3]] = value
                    row[c]["given"] = True
    for text in (json.dumps(obj), zip_scl({"cells": obj.get("grid"), "cages": extra.get("cage")})):
        for parse in (parse_link, parse_sudokupad):
            with contextlib.suppress(ParseError):
                parse(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"size": 9, "grid": 5}',
        '{"size": "9", "grid": []}',
        '{"size": 9, "grid": [[]]',
        "[" * 100000 + "]" * 100000,
        "https://f-puzzles.com/?load=" + compress_base64("[" * 50000),
        "https://f-puzzles.com/?load=" + compress_base64("[1, 2]"),
        "https://sudokupad.app/scl" + compress_base64("{" * 50000),
        "https://sudokupad.app/scl" + compress_base64("{ce:[[{v:1}],[,]]}"),
    ],
)
def test_malformed_json_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        parse_link(text)


# -- the f-puzzles mapping, on payloads made here


def test_default_boxes_follow_fpuzzles_shapes() -> None:
    six = parse_fpuzzles({"size": 6, "grid": blank_grid(6)})
    assert str(six.geometry) == "2x3" and six.plain and six.kind == "sudoku"
    grid = blank_grid(6)
    for r in range(6):
        for c in range(6):
            grid[r][c]["region"] = (r // 3) * 3 + c // 2
    assert str(parse_fpuzzles({"size": 6, "grid": grid}).geometry) == "3x2"


def test_a_cell_with_region_null_is_in_no_region() -> None:
    grid = blank_grid(4)
    grid[0][0]["region"] = None
    puzzle = parse_fpuzzles({"size": 4, "grid": grid})
    assert puzzle.geometry is None and puzzle.kind == "jigsaw"
    regions = [u for u in puzzle.units if u.name.startswith("region")]
    assert len(regions) == 4 and all(0 not in u.cells for u in regions)
    assert sorted(len(u.cells) for u in regions) == [3, 4, 4, 4]


def test_a_jigsaw_solves_and_draws_its_regions() -> None:
    shape = ["0001", "0111", "2233", "2233"]
    grid = blank_grid(4)
    for r in range(4):
        for c in range(4):
            grid[r][c]["region"] = int(shape[r][c])
    grid[0][0].update(value=1, given=True)
    puzzle = parse_link(fpuzzles_link({"size": 4, "grid": grid}))
    assert puzzle.kind == "jigsaw" and puzzle.geometry is None
    found = solve(puzzle)
    assert found is not None and found.grid[0] == 1
    for k in "0123":
        cells = [r * 4 + c for r in range(4) for c in range(4) if shape[r][c] == k]
        assert permutation([found.grid[i] for i in cells], 4)
    assert "|" in format_grid(puzzle, found.grid)


def test_killer_cages_with_and_without_sums_combine_with_a_diagonal() -> None:
    obj = {
        "size": 4,
        "grid": blank_grid(4),
        "diagonal-": True,
        "diagonal+": False,
        "killercage": [
            {"cells": ["R1C1", "R1C2"], "value": "3"},
            {"cells": ["R4C3", "R4C4", "r3c4"]},
            {"cells": ["R2C1", "R3C1"], "value": 7},
        ],
    }
    puzzle = parse_link(fpuzzles_link(obj))
    assert puzzle.kind == "killer"
    sums = sorted((c.cells, c.total) for c in puzzle.constraints if isinstance(c, Sum))
    assert sums == [((0, 1), 3), ((4, 8), 7)]
    assert any(u.cells == (0, 5, 10, 15) for u in puzzle.units)
    assert not any(u.cells == (3, 6, 9, 12) for u in puzzle.units)
    found = solve(puzzle)
    assert found is not None
    g = found.grid
    assert g[0] + g[1] == 3 and g[4] + g[8] == 7 and len({g[14], g[15], g[11]}) == 3
    assert permutation([g[0], g[5], g[10], g[15]], 4)
    assert "cage sums by first cell" in format_grid(puzzle, g)


def test_diagonal_plus_runs_from_the_top_right_corner() -> None:
    puzzle = parse_fpuzzles({"size": 4, "grid": blank_grid(4), "diagonal+": True})
    assert puzzle.kind == "x"
    assert [u.cells for u in puzzle.units if "diagonal" in u.name] == [(3, 6, 9, 12)]


def test_extra_regions_make_a_windoku() -> None:
    windows = [
        [f"R{r + 1}C{c + 1}" for r in range(top, top + 3) for c in range(left, left + 3)]
        for top in (1, 5)
        for left in (1, 5)
    ]
    obj = {"size": 9, "grid": blank_grid(9), "extraregion": [{"cells": w} for w in windows]}
    puzzle = parse_link(fpuzzles_link(obj))
    assert puzzle.kind == "windoku" and str(puzzle.geometry) == "3x3"
    found = solve(puzzle)
    assert found is not None
    for window in windows:
        assert permutation([found.grid[index(ref, 9)] for ref in window], 9)
    assert "(" in format_grid(puzzle, found.grid)


def test_decoration_is_ignored() -> None:
    grid = blank_grid(4)
    grid[0][0].update(value=2, c="#ff0000", centerPencilMarks=[1, 2], cornerPencilMarks=[3])
    obj = {
        "size": 4,
        "title": "T",
        "author": "A",
        "ruleset": "Normal rules.",
        "solution": [1] * 16,
        "grid": grid,
        "antiknight": False,
        "negative": [],
        "thermometer": [],
        "cage": [{"cells": ["R1C1"], "value": "title: T"}, {"value": "rules: none"}],
    }
    puzzle = parse_fpuzzles(obj)
    assert puzzle.plain and puzzle.givens == (0,) * 16


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"cage": [{"cells": ["R1C1", "R1C2"], "value": "5"}]}, "cosmetic cage is not"),
        ({"line": [{"lines": [["R1C1", "R1C2"]]}]}, "cosmetic line is not"),
        ({"killercage": [{"cells": ["R1C1"], "value": "?"}]}, "a killer cage labelled '?'"),
        ({"clone": [{"cells": ["R1C1"], "cloneCells": ["R4C4"]}]}, "clone is not"),
        ({"negative": ["difference"]}, "negative 'difference' is not"),
        ({"fogofwar": ["R1C1"]}, "fogofwar is not"),
        ({"text": [{"cells": ["R1C1"], "value": ">"}]}, "cosmetic text is not"),
    ],
)
def test_what_changes_the_solutions_is_refused_by_name(change: dict[str, Any], named: str) -> None:
    with pytest.raises(ParseError, match=re.escape(named)):
        parse_fpuzzles({"size": 4, "grid": blank_grid(4), **change})


def test_other_keys_in_a_cell_are_refused() -> None:
    grid = blank_grid(4)
    grid[1][1]["parity"] = "Even"
    with pytest.raises(ParseError, match="parity in a cell"):
        parse_fpuzzles({"size": 4, "grid": grid})


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"size": 4, "grid": blank_grid(3)}, "4 rows of 4 cells"),
        ({"size": 1, "grid": [[{}]]}, "size must be 2-64"),
        ({"size": 4, "grid": [[{"value": 5, "given": True}, {}, {}, {}], *blank_grid(4)[1:]]},
         "the given at r1c1 is 5, not 1-4"),
        ({"size": 4, "grid": blank_grid(4), "killercage": [{"cells": ["R5C1"]}]},
         "outside the 4x4 grid"),
        ({"size": 4, "grid": blank_grid(4), "killercage": [{"cells": ["A1"]}]},
         "not a cell like 'R1C1'"),
        ({"size": 2, "grid": blank_grid(2),
          "killercage": [{"cells": ["R1C1", "R1C2", "R2C1"]}]}, "cannot hold distinct values"),
        ({"size": 4, "grid": [[{"region": 0}] * 4] * 4}, "region 0 has 16 cells, more than 4"),
        ({"size": 4, "grid": [[{"region": "x"}] * 4] * 4}, "not a number"),
        ([1, 2], "must be an object"),
    ],
)  # fmt: skip
def test_malformed_fpuzzles_json_is_a_clear_error(obj: Any, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        parse_fpuzzles(obj, lineno=2)


def test_digits_a_solver_typed_are_not_givens() -> None:
    grid = blank_grid(4)
    grid[0][0]["value"] = 3
    assert parse_fpuzzles({"size": 4, "grid": grid}).givens == (0,) * 16


# -- SudokuPad's own format, on payloads made here


def scl_cells(n: int, givens: dict[tuple[int, int], int] | None = None) -> list[list[Any]]:
    return [[{"value": (givens or {}).get((r, c))} if (r, c) in (givens or {}) else {}
             for c in range(n)] for r in range(n)]  # fmt: skip


def boxes_2x2() -> list[list[list[int]]]:
    return [
        [[r, c] for r in range(top, top + 2) for c in range(left, left + 2)]
        for top in (0, 2)
        for left in (0, 2)
    ]


@pytest.mark.parametrize("prefix", ["scl", "ctc"])
def test_a_sudokupad_killer_solves(prefix: str) -> None:
    obj = {
        "id": "test",
        "cellSize": 50,
        "cells": scl_cells(4, {(0, 0): 1}),
        "regions": boxes_2x2(),
        "cages": [
            {"value": "title: Test"},
            {"cells": [[0, 1], [0, 2]], "value": 5},
            {"cells": [[3, 3], [2, 3]], "value": "4", "unique": True},
        ],
        "metadata": {"rules": "Killer rules apply."},
    }
    puzzle = parse_link("https://sudokupad.app/" + prefix + compress_base64(zip_scl(obj)))
    assert puzzle.kind == "killer" and str(puzzle.geometry) == "2x2"
    found = solve(puzzle)
    assert found is not None
    g = found.grid
    assert g[0] == 1 and g[1] + g[2] == 5 and g[15] + g[11] == 4


def test_a_sudokupad_jigsaw_and_windoku_cages() -> None:
    regions = [[[0, 0], [0, 1], [0, 2], [1, 0]], [[0, 3], [1, 1], [1, 2], [1, 3]],
               [[2, 0], [3, 0], [3, 1], [2, 1]], [[2, 2], [2, 3], [3, 2], [3, 3]]]  # fmt: skip
    obj = {
        "cells": scl_cells(4),
        "regions": regions,
        "cages": [
            {"cells": [[1, 1], [1, 2], [2, 1], [2, 2]], "style": "extraregion", "unique": True},
            {"cells": [[3, 3]], "hidden": True, "unique": False},
        ],
    }
    puzzle = parse_sudokupad(zip_scl(obj))
    assert puzzle.geometry is None and puzzle.kind == "jigsaw"
    found = solve(puzzle)
    assert found is not None
    for region in [*regions, [[1, 1], [1, 2], [2, 1], [2, 2]]]:
        assert permutation([found.grid[r * 4 + c] for r, c in region], 4)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"lines": [{"wayPoints": [[0.5, 0.5], [1.5, 1.5]]}]}, "lines is not supported"),
        ({"cages": [{"cells": [[0, 0], [1, 1]], "type": "disjoint"}]}, "disjoint groups"),
        ({"cages": [{"cells": [[0, 0]], "style": "fpRowIndexer"}]}, "cage style 'fpRowIndexer'"),
        ({"global": ["antiknight"]}, "global is not supported"),
        ({"metadata": {"bgimage": "https://example.com/a.png"}}, "background image"),
    ],
)
def test_sudokupad_drawings_and_rules_are_refused_by_name(
    change: dict[str, Any], named: str
) -> None:
    obj = {"cells": scl_cells(4), "regions": boxes_2x2(), **change}
    with pytest.raises(ParseError, match=re.escape(named)):
        parse_sudokupad(zip_scl(obj))


def test_a_sudokupad_grid_must_be_square() -> None:
    with pytest.raises(ParseError, match="must be square"):
        parse_sudokupad(zip_scl({"cells": [[{}, {}, {}], [{}, {}, {}]]}))


def test_sudokupad_dropped_empty_cells_come_back() -> None:
    puzzle = parse_sudokupad("{ce:[[,{v:2}],[{v:1},]],re:[[[0,0],[0,1]],[[1,0],[1,1]]]}")
    assert puzzle.givens == (0, 2, 1, 0)
    assert isinstance(puzzle, Puzzle) and all(isinstance(u, AllDifferent) for u in puzzle.units)


def test_parse_link_reads_the_data_file_json_as_a_file_holds_it() -> None:
    path: Path = LINKS / "fpuzzles-x.json"
    assert is_link(path.read_text())
    assert parse_link(path.read_text()).kind == "x"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["fpuzzles-killer.txt", "fpuzzles-x.txt", "sudokupad-parity-fish.txt"]),
    st.lists(st.tuples(st.integers(30, 2000), st.sampled_from(BASE64)), min_size=1, max_size=3),
)
def test_a_real_link_with_characters_changed_gives_a_puzzle_or_a_parse_error(
    name: str, changes: list[tuple[int, str]]
) -> None:
    link, _ = read_data(name)
    chars = list(link)
    for at, ch in changes:
        chars[at % len(chars)] = ch
    with contextlib.suppress(ParseError):
        parse_link("".join(chars))


@pytest.mark.parametrize("name", ["fpuzzles-killer.txt", "fpuzzles-jigsaw.txt"])
def test_a_link_solves_from_a_file_stdin_and_an_argument(name: str, tmp_path: Any) -> None:
    link, _ = read_data(name)
    path = tmp_path / "links.txt"
    path.write_text(link + "\n")
    document = tmp_path / "puzzle.json"
    document.write_text(json.dumps(decoded(link), indent=1))
    options = ["--format", "json", "--backend", "cpsat", "-q"]
    runs = [
        satdoku("solve", "-f", str(path), *options),
        satdoku("solve", "-f", str(document), *options),
        satdoku("solve", "-", *options, stdin=link + "\n"),
        satdoku("solve", link, *options),
    ]
    records = [json.loads(run.out) for run in runs]
    assert all(run.status == 0 for run in runs), [run.err for run in runs]
    assert len({r["solution"] for r in records}) == 1 and records[0]["status"] == "solved"


def test_an_unsupported_link_is_one_error_line() -> None:
    link, _ = read_data("fpuzzles-jigsaw.txt")
    clone = fpuzzles_link({**decoded(link), "clone": [{"cells": ["R1C1"], "cloneCells": ["R2C2"]}]})
    run = satdoku("solve", clone)
    assert_one_error_line(run)
    assert "clone is not supported" in run.err
