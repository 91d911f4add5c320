"""Read f-puzzles and SudokuPad puzzles (links, their payloads, f-puzzles JSON) as Puzzles.

Accepted (docs/links.md has examples): ``f-puzzles.com/?load=PAYLOAD``; SudokuPad links
(``sudokupad.app``, ``sudokupad.svencodes.com/puzzle/``, ``app.crackingthecryptic.com``)
whose puzzle id carries the puzzle: ``fpuzzles``/``fpuz`` + an f-puzzles payload, or
``scl``/``ctc`` + a SudokuPad payload (:mod:`satdoku.formats.sudokupad`); and f-puzzles
JSON text. A payload is lz-string compressed JSON (:mod:`satdoku.formats.lzstring`).
Nothing is fetched: a short id that names a puzzle kept on a server is refused.

f-puzzles JSON, what is read: ``size``, the givens (``grid[r][c]`` with ``given`` and
``value``), regions (``grid[r][c].region``; a cell without one is in its default box,
``region: null`` in none; regions that are not the boxes make a jigsaw), ``killercage``
(``cells`` like ``R1C1``, ``value`` the sum; no value: no repeats only), ``diagonal+``
and ``diagonal-``, ``extraregion`` (windoku). Ignored, as they cannot change the solutions:
title, author, ruleset, the setter's solution, colours and highlights, pencil marks a
solver typed, digits that are not givens, solver settings, and cosmetic cages that only
carry SudokuPad metadata tags (``title: ...``). Refused by name: everything else present
and not empty; that is every other constraint (thermometer, arrow, antiknight, ...),
the cosmetic tools (cage, line, text, circle, rectangle), whose rules live only in the
rules text, and given pencil marks.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any
from urllib.parse import unquote, urlsplit

from satdoku.errors import ParseError
from satdoku.formats.lzstring import LZStringError, decompress_base64
from satdoku.formats.puzzlespec import (
    MAX_SIZE,
    READS,
    Line,
    PuzzleSpec,
    cell_index,
    given_value,
    integer,
    items,
    name,
    present,
    short,
)
from satdoku.formats.sudokupad import parse_sudokupad
from satdoku.model import Puzzle

_HOST = re.compile(
    r"(?:https?://)?(?:[\w-]+\.)*(?:f-puzzles\.com|sudokupad\.app|sudokupad\.svencodes\.com"
    r"|crackingthecryptic\.com)(?:[/?#]\S*)?",
    re.IGNORECASE,
)
_FORMATS = (("fpuzzles", "fpuz"), ("fpuz", "fpuz"), ("scl", "scl"), ("ctc", "scl"))
"""SudokuPad puzzle id prefixes (longest first) and the payload each introduces."""
_CELL_REF = re.compile(r"[Rr](\d+)[Cc](\d+)")
_META_TAG = re.compile(r"[a-z]+: ")
_IGNORED = frozenset(
    {
        *("title", "author", "ruleset", "solution", "highlightConflicts", "disabledlogic"),
        *("truecandidatesoptions", "activeConstraints", "version"),
    }
)
"""Top-level keys that cannot change the solutions: text, the setter's answer, settings."""
_IGNORED_IN_CELL = frozenset(
    {"value", "given", "region", "c", "cArray", "highlight", "centerPencilMarks"}
    | {"cornerPencilMarks"}
)
"""Cell keys read elsewhere, or that cannot change the solutions (colours, typed marks)."""
_COSMETIC = ("cage", "line", "text", "circle", "rectangle")


def is_link(text: str) -> bool:
    """Whether ``text`` is an f-puzzles or SudokuPad link, or f-puzzles JSON text."""
    stripped = text.strip()
    if stripped.startswith("{"):
        return '"size"' in stripped and '"grid"' in stripped
    return _HOST.fullmatch(stripped) is not None


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
        raise ParseError(f"SudokuPad's scf puzzle format is not supported; {READS}", lineno)
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
    spec = PuzzleSpec(size, [0] * (size * size))
    box_rows = math.isqrt(size)  # f-puzzles' default boxes: the squarest shape, wider than tall
    while size % box_rows:
        box_rows -= 1
    box_cols = size // box_rows
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
                spec.note("given pencil marks (givenPencilMarks)")
            for key in sorted(cell.keys() - _IGNORED_IN_CELL - {"givenPencilMarks"}):
                if present(cell[key]):
                    spec.note(f"{name(key)} in a cell")
    for key, value in obj.items():
        if key not in ("size", "grid") and key not in _IGNORED and present(value):
            _feature(spec, key, value, lineno)
    return spec.build(lineno)


def _feature(spec: PuzzleSpec, key: str, value: object, lineno: Line) -> None:
    """Add what the top-level ``key`` says to ``spec``, or note it as unsupported."""
    if key == "killercage":
        for cage in items(value, key, lineno):
            cells = _cells(spec, cage.get("cells"), key, lineno)
            spec.cages.append((cells, spec.cage_total(cage.get("value"), "killer cage"), True))
    elif key == "extraregion":
        for region in items(value, key, lineno):
            spec.extra.append(_cells(spec, region.get("cells"), key, lineno))
    elif key in ("diagonal+", "diagonal-"):
        spec.anti_diagonal |= key == "diagonal+"
        spec.main_diagonal |= key == "diagonal-"
    elif key == "cage":
        if not all(_metadata(cage) for cage in items(value, key, lineno)):
            spec.note("cosmetic cage")
    elif key in _COSMETIC:
        spec.note(f"cosmetic {key}")
    else:
        spec.note(name(key))


def _cells(spec: PuzzleSpec, refs: object, what: str, lineno: Line) -> tuple[int, ...]:
    """The cells of ``R1C1``-style references, in order, without repeats."""
    if not isinstance(refs, list) or not refs:
        raise ParseError(f"a {what} needs a list of cells like 'R1C1'", lineno)
    cells = []
    for ref in refs:
        m = _CELL_REF.fullmatch(ref) if isinstance(ref, str) else None
        if m is None:
            raise ParseError(f"{what} cell {short(ref)} is not a cell like 'R1C1'", lineno)
        r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
        cells.append(cell_index(r, c, spec.size, what, lineno))
    return tuple(dict.fromkeys(cells))


def _metadata(cage: dict[str, Any]) -> bool:
    """Whether a cosmetic cage carries no rule: no cells, or a SudokuPad metadata tag
    (``title: ...``, ``rules: ...``) as its value."""
    value = cage.get("value")
    return not cage.get("cells") or (isinstance(value, str) and _META_TAG.match(value) is not None)
