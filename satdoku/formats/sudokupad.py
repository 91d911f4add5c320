"""Read SudokuPad's own puzzle JSON (the ``scl``/``ctc`` payloads of its links).

SudokuPad stores a puzzle as JSON "zipped" before compression: short property names
(``ce`` cells, ``re`` regions, ``ca`` cages, ``v`` value, ...), bare keys, strings in single
quotes, ``t``/``f`` for true and false, and empty objects dropped from lists
(``[,,{v:5}]``). Read: ``cells`` (a cell's ``value`` is a given; the grid must be square),
``regions`` (lists of ``[row, column]``), ``cages`` (with a number ``value``: a killer
cage; without: no repeats; ``style: extraregion``: an extra region; hidden cages with
``unique: false`` put cells in no region; cages without cells are metadata tags). Ignored:
id, cell size, settings, videos, title, author, rules and metadata. Refused by name: every
other key that is not empty (``lines``, ``arrows``, ``overlays``, ``underlays``, ``global``
constraints, fog, ...), disjoint groups, other cage styles, and a background image. The
format is a drawing: a line, an arrow or a circle says how it looks, not which rule it
stands for (SudokuPad draws an f-puzzles thermometer as a grey line and a grey circle, a
little killer as an arrow and a number), so no drawing is read as a rule; the f-puzzles
form of such a puzzle (``sudokupad.app/fpuzzles...``) carries its rules.
"""

from __future__ import annotations

import json
import re
from typing import Any

from satdoku.errors import ParseError
from satdoku.formats.puzzlespec import (
    MAX_SIZE,
    PuzzleSpec,
    cell_index,
    given_value,
    items,
    name,
    present,
    short,
)
from satdoku.model import Puzzle

_IGNORED = frozenset(
    ("id", "cellSize", "metadata", "settings", "videos", "title", "author", "rules")
)
READS = (
    "satdoku reads SudokuPad's givens, regions, killer cages and extra regions; its lines,"
    " arrows, overlays and underlays are drawings that do not say which rule they stand for"
    " (the puzzle's f-puzzles link, sudokupad.app/fpuzzles..., carries its rules)"
)
_KEYS = {
    "c": "color", "ca": "cages", "ct": "center", "c1": "borderColor",
    "c2": "backgroundColor", "ce": "cells", "cs": "cellSize", "a": "arrows",
    "o": "overlays", "u": "underlays", "w": "width", "h": "height", "v": "value",
    "vd": "videos", "l": "lines", "r": "rounded", "re": "regions", "fs": "fontSize",
    "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title", "te": "text",
    "d": "duration", "d2": "d",
}  # fmt: skip
"""SudokuPad's short property names and the names they stand for."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_UNZIP_STEPS = (
    (re.compile(r"([,{\[])([a-zA-Z0-9]+):"), r'\1"\2":'),
    (re.compile(r"([,{\[])(?=[,}\]])"), r"\1_"),
    (re.compile(r"\{_\}"), "{}"),
    (re.compile(r"([,{\[])_"), r"\1{}"),
    (re.compile(r":f(?=[,}\]])"), ":false"),
    (re.compile(r":t(?=[,}\]])"), ":true"),
    (re.compile(r":#0(?=[,}\]])"), ':"#000000"'),
    (re.compile(r":#F(?=[,}\]])"), ':"#FFFFFF"'),
    (re.compile(r":([0-9a-fA-F]{6})(?=[,}\]])"), r':"#\1"'),
)
"""Zipped JSON back to JSON, outside string literals: quoted keys, ``{}`` where one was
dropped, true and false, colours as strings."""


def parse_sudokupad(text: str, lineno: int | None = None) -> Puzzle:
    """The puzzle of SudokuPad JSON text, zipped or plain (a decompressed ``scl`` payload).

    Raises:
        ParseError: not SudokuPad puzzle JSON, or something satdoku does not support.
    """
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        try:
            obj = json.loads(_unzip(text))
        except (ValueError, RecursionError) as err:
            message = (str(err) or type(err).__name__).splitlines()[0][:120]
            raise ParseError(
                f"the SudokuPad puzzle is not valid JSON ({message})", lineno
            ) from None
    if not isinstance(obj, dict):
        raise ParseError("the SudokuPad puzzle is not a JSON object", lineno)
    return _read(_spelt_out(obj), lineno)


def _read(obj: dict[str, Any], lineno: int | None) -> Puzzle:
    rows = obj.get("cells")
    if not isinstance(rows, list) or not rows:
        raise ParseError("the SudokuPad puzzle has no cells", lineno)
    size = len(rows)
    if size > MAX_SIZE or any(not isinstance(row, list) or len(row) != size for row in rows):
        raise ParseError(
            f"the SudokuPad grid must be square, at most {MAX_SIZE} x {MAX_SIZE};"
            f" this one has {size} rows",
            lineno,
        )
    spec = PuzzleSpec(size, [0] * (size * size), READS)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if isinstance(cell, dict) and present(cell.get("value")):
                spec.givens[r * size + c] = given_value(cell["value"], size, r, c, lineno)
    for k, region in enumerate(items(obj.get("regions") or [], "regions", lineno, list)):
        spec.regions[k] = list(_cells(spec, region, "region", lineno))
    for key, value in obj.items():
        if key not in ("cells", "regions", "cages") and key not in _IGNORED and present(value):
            spec.note(name(key))
    metadata = obj.get("metadata")
    if isinstance(metadata, dict) and present(metadata.get("bgimage")):
        spec.note("background image (bgimage)")
    for cage in items(obj.get("cages") or [], "cages", lineno):
        _cage(spec, cage, lineno)
    return spec.build(lineno)


def _cage(spec: PuzzleSpec, cage: dict[str, Any], lineno: int | None) -> None:
    if not cage.get("cells"):
        return  # a metadata tag ("title: ...") or an empty cage
    cells = _cells(spec, cage["cells"], "cage", lineno)
    style, distinct = cage.get("style"), cage.get("unique") is not False
    if cage.get("type") == "disjoint":
        spec.note("disjoint groups")
    elif style == "extraregion":
        spec.extra.append(cells)
    elif cage.get("hidden") and not distinct:
        return  # the cells an f-puzzles grid puts in no region
    elif style in (None, "killer"):
        spec.cages.append((cells, spec.cage_total(cage.get("value"), "cage"), distinct))
    else:
        spec.note(f"cage style {short(style)}")


def _cells(spec: PuzzleSpec, refs: object, what: str, lineno: int | None) -> tuple[int, ...]:
    if not isinstance(refs, list):
        raise ParseError(f"a SudokuPad {what} needs a list of [row, column] cells", lineno)
    cells = []
    for ref in refs:
        if not (
            isinstance(ref, list)
            and len(ref) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in ref)
        ):
            raise ParseError(f"SudokuPad {what} cell {short(ref)} is not [row, column]", lineno)
        cells.append(cell_index(ref[0], ref[1], spec.size, what, lineno))
    return tuple(dict.fromkeys(cells))


def _unzip(text: str) -> str:
    """Zipped SudokuPad JSON as JSON text."""
    if '"' not in text:  # strings were written in single quotes, \' for a quote inside
        text = text.replace("\\'", "\x00").replace("'", '"').replace("\x00", "'")
    strings: list[str] = []

    def keep(m: re.Match[str]) -> str:
        strings.append(m.group())
        return f'"\x01{len(strings) - 1}"'

    text = _STRING.sub(keep, text)
    for pattern, replacement in _UNZIP_STEPS:
        text = pattern.sub(replacement, text)

    def put_back(m: re.Match[str]) -> str:
        k = int(m.group(1))
        return strings[k] if k < len(strings) else m.group()

    return re.sub(r'"\x01(\d+)"', put_back, text)


def _spelt_out(obj: dict[str, Any]) -> dict[str, Any]:
    """``obj`` with the short property names spelt out, at every depth (without recursion,
    so that deep nesting in a hostile payload costs no stack)."""
    root: dict[str, Any] = {}
    stack: list[tuple[Any, Any]] = [(obj, root)]
    while stack:
        source, target = stack.pop()
        keyed = isinstance(source, dict)
        for key, value in source.items() if keyed else enumerate(source):
            copy: Any = {} if isinstance(value, dict) else [] if isinstance(value, list) else value
            if keyed:
                target[_KEYS.get(str(key), str(key))] = copy
            else:
                target.append(copy)
            if isinstance(value, dict | list):
                stack.append((value, copy))
    return root
