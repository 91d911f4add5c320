"""Read variant Sudokus from constraint strings of the Interactive Sudoku Solver (ISS):
``.Shape~6x6.Thermo~R1C1~R1C2~R1C3.~R2C2_5.~R3C3_1_3_5``.

Each item is ``.Type~arg~arg...``; ``.~R1C1_5`` gives a value, ``.~R1C1_2_4_6`` limits a cell
to those values; ``.Shape~6x6`` (or a rectangle, ``.Shape~6x8``; values 1..the longer side, or
``.Shape~6x6~9``) sets the grid, 9x9 when absent; ``.NoBoxes`` drops the boxes, ``.Jigsaw~L``
adds regions (``L``: a symbol per cell, row-major). White space is ignored. The rule types read
are :data:`READ`; any other is a :class:`ParseError` naming it and where it starts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import partial

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.errors import ParseError
from satdoku.formats.iss_grid import MAX_SIDE, Grid
from satdoku.formats.iss_rules import RULES, Item, pairs, rule
from satdoku.formats.kind import Kind
from satdoku.formats.lines import parsed_record
from satdoku.formats.record import Record
from satdoku.geometry import Geometry
from satdoku.model import Constraint, Puzzle

MAX_ISS = 200 * 1024
"""Characters of the longest ISS string read."""
_GRID_ITEMS = ("Shape", "NoBoxes", "Jigsaw")
_GLOBAL = (
    "Diagonal",
    "Windoku",
    "AntiKnight",
    "AntiKing",
    "AntiConsecutive",
    "DisjointSets",
    "StrictKropki",
    "StrictXV",
)
READ = tuple(sorted({"Given", *_GRID_ITEMS, *_GLOBAL, *RULES}))
"""The ISS item types satdoku reads."""


def parse_iss(text: str, lineno: int = 1) -> Puzzle:
    """The variant Sudoku of the ISS string ``text`` (kind ``variant``, cells row-major).

    Raises:
        ParseError: an item satdoku does not read, a cell outside the grid, a line too short,
            a total out of range, or a string over 200 KB; the message names the character.
    """
    if len(text) > MAX_ISS:
        raise ParseError(
            f"an ISS string of {len(text):,} characters is over the {MAX_ISS // 1024} KB limit",
            lineno,
        )
    items = _items(text, lineno)
    grid = _grid(items)
    constraints: list[Constraint] = list(grid.units())
    allowed: dict[int, tuple[set[int], Item]] = {}
    marked: dict[str, set[tuple[int, int]]] = {"kropki": set(), "xv": set()}
    strict: list[Item] = []
    for item in items:
        if item.type in ("", "Given"):
            _givens(item, grid, allowed)
        elif item.type in ("StrictKropki", "StrictXV"):
            strict.append(item)
        elif item.type in _GLOBAL:
            constraints.extend(_global(item, grid))
        elif item.type in RULES:
            constraints.extend(RULES[item.type](item, grid))
            if item.type in ("WhiteDot", "BlackDot", "X", "V"):
                family = "xv" if item.type in ("X", "V") else "kropki"
                marked[family].update(pairs(item, grid))
    for item in strict:
        constraints.extend(_strict(item, grid, marked))
    givens = [0] * grid.ncells
    for cell, (values, where) in sorted(allowed.items()):
        if len(values) == 1:
            givens[cell] = next(iter(values)) - grid.first + 1
        else:
            constraints.append(rule(where, "values", "Values")(cell, tuple(sorted(values))))
    return Puzzle(
        values=grid.values,
        positions=tuple(divmod(cell, grid.ncols) for cell in range(grid.ncells)),
        constraints=tuple(constraints),
        givens=tuple(givens),
        nrows=grid.nrows,
        ncols=grid.ncols,
        kind="variant",
        geometry=grid.geometry,
        layout=grid.layout(),
        first=grid.first,
    )


def _items(text: str, lineno: int) -> list[Item]:
    """The items of ``text``, white space left out, each with where it and its arguments
    start in ``text``."""
    kept = [(i + 1, ch) for i, ch in enumerate(text) if not ch.isspace()]
    if not kept or kept[0][1] != ".":
        where = kept[0][0] if kept else 1
        raise ParseError(f"expected an ISS string starting with '.' at character {where}", lineno)
    items: list[Item] = []
    parts: list[str] = [""]
    starts: list[int] = []
    last = 0
    for position, ch in [*kept[1:], (0, ".")]:
        if ch == ".":
            if parts != [""]:
                items.append(Item(parts[0], tuple(parts[1:]), tuple(starts), last + 1, lineno))
            parts, starts = [""], []
            continue
        last = position
        if not starts:  # the item's first character: its type, or ~ for a given
            starts.append(position)
        if ch == "~":
            parts.append("")
            starts.append(position + 1)
        else:
            parts[-1] += ch
    for item in items:
        if item.type not in READ and item.type != "":
            raise item.error(
                f"unknown rule {item.type} {item.place()}; satdoku reads: {', '.join(READ)}"
            )
    return items


def _grid(items: Iterable[Item]) -> Grid:
    """The grid the Shape, NoBoxes and Jigsaw items make (9x9 with boxes by default)."""
    shape: tuple[int, int, int, int] | None = None
    boxless = False
    layout: Item | None = None
    for item in items:
        if item.type == "Shape":
            found = _shape(item)
            if shape is not None and found != shape:
                raise item.error(f"a second Shape {item.place()} differs from the first")
            shape = found
        elif item.type == "NoBoxes":
            boxless = True
        elif item.type == "Jigsaw":
            layout = item
    nrows, ncols, values, first = shape or (9, 9, 9, 1)
    grid = Grid(nrows, ncols, values, boxless, first=first)
    if layout is None:
        return grid
    return Grid(nrows, ncols, values, boxless, _jigsaw(layout, grid), first)


def _shape(item: Item) -> tuple[int, int, int, int]:
    """``6x6``, ``6x8``, ``6x6~9``, ``6x6~1-9`` or ``6x6~0-8`` -> (rows, columns, values,
    first value)."""
    dims = re.fullmatch(r"(\d{1,2})x(\d{1,2})", item.args[0] if item.args else "")
    if dims is None:
        raise item.error(
            f"Shape: expected rows x columns like 6x6 {item.place(0)}, {item.found(0)}"
        )
    nrows, ncols = int(dims[1]), int(dims[2])
    if not (2 <= nrows <= MAX_SIDE and 2 <= ncols <= MAX_SIDE):
        raise item.error(f"Shape {nrows}x{ncols} {item.place(0)}: sides are 2-{MAX_SIDE}")
    values, first = max(nrows, ncols), 1
    spec = item.args[1] if len(item.args) > 1 else ""
    if spec:
        bounds = re.fullmatch(r"(?:(\d{1,2})-)?(\d{1,2})", spec)
        if bounds is None or (bounds[1] or "1") not in ("0", "1"):
            raise item.error(
                f"Shape: values {spec!r} {item.place(1)} not read; values run 1-N or 0-N"
            )
        first = int(bounds[1] or "1")
        values = int(bounds[2]) - first + 1
        if not max(nrows, ncols) <= values <= MAX_SIDE:
            raise item.error(f"Shape: {values} values {item.place(1)} do not fill the grid")
    if item.args[2:] not in ((), ("Sudoku",)):
        raise item.error(f"Shape: grid type {item.args[2]!r} {item.place(2)} not read")
    return nrows, ncols, values, first


def _jigsaw(item: Item, grid: Grid) -> tuple[tuple[int, ...], ...]:
    """The regions of a layout of a symbol per cell (one region of another size is left out,
    as in a partly filled grid)."""
    layout = item.args[-1] if item.args else ""
    if len(layout) != grid.ncells:
        raise item.error(
            f"Jigsaw: expected a layout of {grid.ncells} symbols {item.place(len(item.args) - 1)},"
            f" found {len(layout)}"
        )
    members: dict[str, list[int]] = {}
    for cell, symbol in enumerate(layout):
        members.setdefault(symbol, []).append(cell)
    if len(members) == 1:
        return ()
    full = [tuple(m) for m in members.values() if grid.side <= len(m) <= grid.values]
    if len(members) - len(full) > 1:
        raise item.error(f"Jigsaw {item.place()}: regions of unequal sizes")
    return tuple(full)


def _givens(item: Item, grid: Grid, allowed: dict[int, tuple[set[int], Item]]) -> None:
    """``R1C1_5`` (a given) or ``R1C1_2_4_6`` (the cell's values), for each argument; two
    items for a cell keep the values both allow."""
    for k, token in enumerate(item.args):
        parts = token.split("_")
        starts = [item.at[k + 1] + len("_".join(parts[:i])) + (i > 0) for i in range(len(parts))]
        read = Item(item.type, tuple(parts), (item.at[0], *starts), item.end, item.line)
        cell = read.cell(grid, 0)
        if len(parts) == 1:
            raise item.error(f"expected values after {parts[0]}_ {item.place(k)}")
        low, high = grid.digits[0], grid.digits[-1]
        values = {read.number(i, "a value", low, high) for i in range(1, len(parts))}
        allowed[cell] = (allowed[cell][0] & values if cell in allowed else values, item)


def _global(item: Item, grid: Grid) -> tuple[Constraint, ...]:
    """The rules of a whole-grid item: a diagonal, windows, anti-knight, ..."""
    if item.type == "Diagonal":
        return (_diagonal(item, grid),)
    if item.type == "Windoku":
        windows = grid.windows()
        return tuple(AllDifferent(w, f"window {i + 1}", "window") for i, w in enumerate(windows))
    if item.type in ("AntiKnight", "AntiKing"):
        name = "anti_knight" if item.type == "AntiKnight" else "anti_king"
        return tuple(rule(item, "antichess", name)(grid.nrows, grid.ncols))
    if item.type == "AntiConsecutive":
        make = rule(item, "difference", "NotConsecutive")
        return tuple(make(a, b) for a, b in grid.neighbours())
    if grid.geometry is not None:
        return tuple(rule(item, "antichess", "disjoint_sets")(grid.geometry))
    return tuple(
        AllDifferent(s, f"disjoint set {i + 1}", "disjoint-set")
        for i, s in enumerate(grid.disjoint_sets())
    )


def _diagonal(item: Item, grid: Grid) -> AllDifferent:
    """``Diagonal~1`` runs up from the bottom left corner, ``Diagonal~-1`` down from the top
    left."""
    if grid.nrows != grid.ncols:
        raise item.error(f"Diagonal {item.place()} needs a square grid, not {grid.shape}")
    direction = item.args[0] if item.args else ""
    n = grid.nrows
    if direction == "1":
        return AllDifferent(tuple(r * n + n - 1 - r for r in range(n)), "anti-diagonal", "diagonal")
    if direction == "-1":
        return AllDifferent(tuple(r * n + r for r in range(n)), "main diagonal", "diagonal")
    raise item.error(f"Diagonal: expected 1 or -1 {item.place(0)}")


def _strict(
    item: Item, grid: Grid, marked: dict[str, set[tuple[int, int]]]
) -> tuple[Constraint, ...]:
    """Neighbours without a dot (StrictKropki) or a letter (StrictXV) have neither relation."""
    if item.type == "StrictKropki":
        make, seen = rule(item, "kropki", "NoKropki"), marked["kropki"]
        extra: tuple[object, ...] = ("white", "black")
    else:
        make, seen, extra = rule(item, "xv", "NoXV"), marked["xv"], (5, 10)
    done = {(min(p), max(p)) for p in seen}
    return tuple(make(a, b, extra) for a, b in grid.neighbours() if (a, b) not in done)


def read_iss(
    lines: Iterable[str], box: Geometry | None = None, alphabet: str = "auto"
) -> Iterator[Record]:
    """One record per line that is not blank or a ``#`` comment: an ISS string each."""
    for lineno, raw in enumerate(lines, 1):
        text = raw.rstrip("\r\n")
        if text.strip() and not text.lstrip().startswith("#"):
            yield parsed_record(lineno, text, partial(parse_iss, text, lineno))


KIND = Kind(
    "variant",
    "variant Sudoku from an ISS constraint string (.Shape~6x6.Thermo~R1C1~R1C2...)",
    parse=lambda text, box, alphabet: parse_iss(text),
    read=read_iss,
)
