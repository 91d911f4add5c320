"""Read f-puzzles and SudokuPad puzzles (links, their payloads, f-puzzles JSON) as Puzzles.

Accepted (docs/links.md has examples): ``f-puzzles.com/?load=PAYLOAD``; SudokuPad links
(``sudokupad.app``, ``sudokupad.svencodes.com/puzzle/``, ``app.crackingthecryptic.com``)
whose puzzle id carries the puzzle: ``fpuzzles``/``fpuz`` + an f-puzzles payload, or
``scl``/``ctc`` + a SudokuPad payload (:mod:`satdoku.formats.sudokupad`); and f-puzzles
JSON text. A payload is lz-string compressed JSON (:mod:`satdoku.formats.lzstring`).
Nothing is fetched: a short id that names a puzzle kept on a server is refused.

f-puzzles JSON, what is read: ``size``, the givens (``grid[r][c]`` with ``given`` and
``value``), given pencil marks (``givenPencilMarks``: the values a cell may hold), regions
(``grid[r][c].region``; a cell without one is in its default box, ``region: null`` in none;
regions that are not the boxes make a jigsaw), and the rules of
:data:`satdoku.formats.fpuzzles_rules.READERS` (each key's meaning is told there and in
:mod:`satdoku.formats.fpuzzles_marks`): ``killercage``, ``extraregion``, ``diagonal+``,
``diagonal-``; the lines ``thermometer``, ``slowthermometer``, ``arrow``, ``doublearrow``,
``palindrome``, ``renban``, ``whispers``, ``betweenline``, ``lockout``, ``regionsumline``,
``entropicline``, ``modularline``, ``zipperline``; the clues ``littlekillersum``,
``sandwichsum``, ``xsum``, ``skyscraper``, ``quadruple``; the marks ``difference``,
``ratio``, ``xv``, ``even``, ``odd``, ``minimum``, ``maximum``; and the grid-wide
``antiknight``, ``antiking``, ``disjointgroups``, ``nonconsecutive`` and ``negative``
(``ratio``, ``xv``). Ignored, as they cannot change the solutions: title, author, ruleset,
the setter's solution, colours and highlights, pencil marks a solver typed, digits that
are not givens, solver settings, cosmetic cages that only carry SudokuPad metadata tags
(``title: ...``), empty text, and drawings a solver extension exports beside the rule they
draw. Refused by name: everything else present and not empty: rules satdoku has no rule
type for (``clone``, the indexers, ``nabner``, fog, ...), a clue labelled with text, dots
of other values (a ``difference`` of 2, a ``ratio`` of 3), an entropic line on a grid
whose side is not a multiple of 3, an arrow with a pill of more than 3 cells, other keys
of a cell, and the cosmetic tools (``cage``, ``line``, ``text``, ``circle``,
``rectangle``), whose rules live only in the rules text. A cell outside the grid, a line of one cell, a
total out of range or an item of the wrong shape is one ParseError naming the item
(``thermometer 2: ...``).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any
from urllib.parse import unquote, urlsplit

from satdoku.errors import ParseError
from satdoku.formats.link_start import is_link
from satdoku.formats.lzstring import LZStringError, decompress_base64
from satdoku.formats.puzzlespec import (
    MAX_SIZE,
    Line,
    PuzzleSpec,
    given_value,
    integer,
    name,
    present,
    short,
)
from satdoku.formats.sudokupad import parse_sudokupad
from satdoku.model import Puzzle

_FORMATS = (("fpuzzles", "fpuz"), ("fpuz", "fpuz"), ("scl", "scl"), ("ctc", "scl"))
"""SudokuPad puzzle id prefixes (longest first) and the payload each introduces."""
_IGNORED = frozenset(
    {
        *("title", "author", "ruleset", "solution", "highlightConflicts", "disabledlogic"),
        *("truecandidatesoptions", "activeConstraints", "version"),
    }
)
"""Top-level keys that cannot change the solutions: text, the setter's answer, settings."""
_IGNORED_IN_CELL = frozenset(
    {"value", "given", "region", "givenPencilMarks", "c", "cArray", "highlight"}
    | {"centerPencilMarks", "cornerPencilMarks"}
)
"""Cell keys read elsewhere, or that cannot change the solutions (colours, typed marks)."""
FPUZZLES_READS = (
    "satdoku reads f-puzzles' givens, regions, cages, lines (thermometers, arrows, whispers,"
    " ...), dots, letters, outside clues and grid-wide rules; docs/links.md lists each key"
)


def parse_link(text: str, lineno: int = 1) -> Puzzle:
    """The puzzle of an f-puzzles or SudokuPad link, or of f-puzzles JSON text.

    Raises:
        ParseError: the link holds no puzzle satdoku can read (a short id that needs the
            network, a corrupt payload, bad JSON) or something satdoku does not support
            (named in the message); the error carries ``lineno``.
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        return parse_fpuzzles(_json(stripped, "the f-puzzles JSON", lineno), lineno)
    if not is_link(stripped):
        raise ParseError("expected an f-puzzles or SudokuPad link", lineno)
    form, payload = _payload(stripped, lineno)
    try:
        data = decompress_base64(payload)
    except LZStringError as err:
        raise ParseError(
            f"the link's puzzle does not decompress ({err}); was the link cut short?", lineno
        ) from None
    if form == "scl":
        return parse_sudokupad(data, lineno)
    return parse_fpuzzles(_json(data, "the f-puzzles payload", lineno), lineno)


def _payload(link: str, lineno: int) -> tuple[str, str]:
    """(``fpuz`` or ``scl``, the compressed payload) of a link."""
    try:
        parts = urlsplit(link if "://" in link else "https://" + link)
    except ValueError as err:
        raise ParseError(f"the link does not parse as a web address ({err})", lineno) from None
    query = {}
    for item in parts.query.split("&"):
        key, _, value = item.partition("=")
        query[key] = value
    if (parts.hostname or "").lower().endswith("f-puzzles.com"):
        if "load" not in query:
            raise ParseError(
                "this f-puzzles link holds no puzzle (?load=...); a short ?id= link needs the"
                " network, which satdoku does not use: open it and copy the ?load= link",
                lineno,
            )
        data = _unescape(query["load"])
        return "fpuz", data.removeprefix("fpuzzles")
    ident = query.get("puzzleid") or query.get("puzzle")
    if ident is None:
        ident = re.sub(r"^(?:puzzle|sudoku)/(?=.)", "", parts.path.lstrip("/"))
    ident = _unescape(ident)
    for prefix, form in _FORMATS:
        if ident.startswith(prefix) and len(ident) > len(prefix):
            return form, ident[len(prefix) :]
    if ident.startswith("scf"):
        raise ParseError(
            "SudokuPad's scf puzzle format is not supported; give the puzzle's f-puzzles link"
            " (sudokupad.app/fpuzzles...) or its scl link",
            lineno,
        )
    raise ParseError(
        f"a short SudokuPad link (puzzle id {short(ident)}) needs the network, which satdoku"
        " does not use; give a link that carries the puzzle itself (sudokupad.app/scl...,"
        " /ctc... or /fpuzzles...) or an f-puzzles ?load= link",
        lineno,
    )


def _unescape(text: str) -> str:
    """Percent escapes decoded; a ``+`` that became a space (form encoding) restored."""
    return (unquote(text) if "%" in text else text).replace(" ", "+")


def _json(text: str, what: str, lineno: int) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as err:
        message = (str(err) or type(err).__name__).splitlines()[0][:120]
        raise ParseError(f"{what} is not valid JSON ({message})", lineno) from None


def parse_fpuzzles(obj: object, lineno: Line = None) -> Puzzle:
    """The puzzle of decoded f-puzzles JSON (what a ``?load=`` payload or an exported file
    holds); the module docstring says what is read, ignored and refused.

    Raises:
        ParseError: not f-puzzles JSON, or something satdoku does not support (named).
    """
    from satdoku.formats.fpuzzles_marks import finish, pencil_marks
    from satdoku.formats.fpuzzles_reading import Reading
    from satdoku.formats.fpuzzles_rules import READERS

    if not isinstance(obj, dict):
        raise ParseError("f-puzzles JSON must be an object with size and grid", lineno)
    size = obj.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not 2 <= size <= MAX_SIZE:
        raise ParseError(f"the f-puzzles size must be 2-{MAX_SIZE}, not {short(size)}", lineno)
    rows = obj.get("grid")
    if (
        not isinstance(rows, list)
        or [len(row) if isinstance(row, list) else -1 for row in rows] != [size] * size
    ):
        raise ParseError(f"the f-puzzles grid must be {size} rows of {size} cells", lineno)
    spec = PuzzleSpec(size, [0] * (size * size), reads=FPUZZLES_READS)
    marks = _cells(spec, rows, lineno)
    keys = frozenset(key for key, value in obj.items() if present(value))
    reading = Reading(spec, lineno, keys)
    pencil_marks(reading, marks)
    for key, value in obj.items():
        if key in ("size", "grid") or key in _IGNORED or key not in keys:
            continue
        read = READERS.get(key)
        if read is None:
            spec.note(name(key))
        else:
            read(reading, key, value)
    finish(reading)
    return spec.build(lineno)


def _cells(spec: PuzzleSpec, rows: list[Any], lineno: Line) -> dict[int, object]:
    """Read the givens and regions of the grid's cells into ``spec``; the given pencil marks
    of each cell that has any."""
    size = spec.size
    box_rows = math.isqrt(size)  # f-puzzles' default boxes: the squarest shape, wider than tall
    while size % box_rows:
        box_rows -= 1
    box_cols = size // box_rows
    marks: dict[int, object] = {}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise ParseError(f"f-puzzles cell r{r + 1}c{c + 1} is not an object", lineno)
            if cell.get("given"):
                spec.givens[r * size + c] = given_value(cell.get("value"), size, r, c, lineno)
            region = cell.get("region", (r // box_rows) * box_rows + c // box_cols)
            if region is not None:
                if integer(region) is None:
                    raise ParseError(
                        f"an f-puzzles region is {short(region)}, not a number", lineno
                    )
                spec.regions.setdefault(integer(region), []).append(r * size + c)
            if present(cell.get("givenPencilMarks")):
                marks[r * size + c] = cell["givenPencilMarks"]
            for key in sorted(cell.keys() - _IGNORED_IN_CELL):
                if present(cell[key]):
                    spec.note(f"{name(key)} in a cell")
    return marks
