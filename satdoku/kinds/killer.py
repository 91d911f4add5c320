"""Killer Sudoku: a Sudoku (usually without givens) whose cages have sums; no value repeats
in a cage.

Text format (docs/variants.md): N rows of the cage map, one label per cell (characters
written together, or labels separated by spaces; ``.`` for a cell in no cage), then the cage
sums as ``label=sum`` items separated by spaces or commas, over one or more lines. Puzzles in
a file are separated by blank lines. ``--box`` gives the box shape when N is not a square.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.constraints import AllDifferent, Sum
from satdoku.errors import ParseError, SatdokuError
from satdoku.formats.regions import draw_regions
from satdoku.geometry import Geometry
from satdoku.kinds.base import Kind, Lines, block_records, parse_text_block, row_tokens
from satdoku.kinds.classic import sudoku_units
from satdoku.model import Puzzle

_SUM_ITEM = re.compile(r"([^\s,=:]+)\s*[=:]\s*(\d+)")
NO_CAGE = "."


@dataclass(frozen=True)
class KillerDrawing:
    """Draws the grid with borders around the cages; the sums follow, by each cage's first
    cell."""

    cages: tuple[tuple[str, ...], ...]
    sums: tuple[tuple[str, int], ...]

    def draw(self, puzzle: Puzzle, grid: Sequence[int]) -> str:
        n = len(self.cages)
        texts = {pos: str(grid[i]) if grid[i] else "." for i, pos in enumerate(puzzle.positions)}
        first: dict[str, str] = {}
        for r, row in enumerate(self.cages):
            for c, label in enumerate(row):
                first.setdefault(label, f"r{r + 1}c{c + 1}")
        listed = " ".join(f"{first[label]}={total}" for label, total in self.sums)

        def cage(r: int, c: int) -> object:
            label = self.cages[r][c]
            return (r, c) if label == NO_CAGE else label

        return draw_regions(n, n, texts, cage, footer=[f"cage sums by first cell: {listed}"])

    def text(self, puzzle: Puzzle) -> str:
        """The puzzle in the text format this module reads: the cage map (labels written
        together when each is one character), then the sums, a line per ten cages."""
        joiner = "" if all(len(label) == 1 for row in self.cages for label in row) else " "
        rows = [joiner.join(row) for row in self.cages]
        items = [f"{label}={total}" for label, total in self.sums]
        return "\n".join(rows + [" ".join(items[i : i + 10]) for i in range(0, len(items), 10)])


def parse_block(lines: Lines, box: Geometry | None = None) -> Puzzle:
    """One killer from its lines: the cage map, then the sums."""
    first_lineno, first = lines[0]
    n = len(row_tokens(first, None, first_lineno))
    if len(lines) <= n:
        raise ParseError(
            f"expected {n} rows of cage labels then the cage sums (label=sum)", lines[-1][0]
        )
    cages = [tuple(t for _, t in row_tokens(line, n, lineno)) for lineno, line in lines[:n]]
    sums: dict[str, int] = {}
    for lineno, line in lines[n:]:
        rest = _SUM_ITEM.sub("", line).replace(",", " ").strip()
        if rest:
            raise ParseError(
                f"expected cage sums as label=sum, found {rest.split()[0]!r}",
                lineno,
                line.index(rest.split()[0]) + 1,
            )
        for m in _SUM_ITEM.finditer(line):
            label, digits = m.group(1), m.group(2)
            if label in sums:
                raise ParseError(f"cage {label!r} has a second sum", lineno, m.start() + 1)
            if len(digits.lstrip("0")) > 6:
                raise ParseError(
                    f"a cage sum is a number of at most six digits, found {digits[:12]}...",
                    lineno,
                    m.start(2) + 1,
                )
            sums[label] = int(digits)
    geometry = box or _geometry(n, first_lineno)
    if geometry.size != n:
        raise ParseError(f"box {geometry} does not fit a {n}x{n} grid", first_lineno)
    return killer(geometry, cages, sums, lines[n][0])


def _geometry(n: int, lineno: int) -> Geometry:
    try:
        return Geometry.for_size(n)
    except SatdokuError as err:
        raise ParseError(str(err), lineno) from None


def killer(
    geometry: Geometry, cages: Sequence[Sequence[str]], sums: dict[str, int], lineno: int
) -> Puzzle:
    """The killer Sudoku of a cage map (``cages[r][c]`` labels) and the sum of each cage."""
    n = geometry.size
    members: dict[str, list[int]] = {}
    for r, row in enumerate(cages):
        for c, label in enumerate(row):
            if label != NO_CAGE:
                members.setdefault(label, []).append(r * n + c)
    missing = [label for label in members if label not in sums]
    extra = [label for label in sums if label not in members]
    if missing or extra:
        what = (
            f"cage {missing[0]!r} has no sum" if missing else f"sum for unknown cage {extra[0]!r}"
        )
        raise ParseError(f"{what}: every cage label needs exactly one label=sum", lineno)
    too_big = [label for label, cells in members.items() if len(cells) > n]
    if too_big:
        raise ParseError(f"cage {too_big[0]!r} has more than {n} cells", lineno)
    cage_units: list[AllDifferent | Sum] = []
    for label, cells in members.items():
        cage_units.append(AllDifferent(tuple(cells), f"cage {label}", "cage"))
        cage_units.append(Sum(tuple(cells), sums[label], f"cage {label}", "cage"))
    return Puzzle(
        values=n,
        positions=tuple((r, c) for r in range(n) for c in range(n)),
        constraints=sudoku_units(geometry) + tuple(cage_units),
        givens=(0,) * (n * n),
        nrows=n,
        ncols=n,
        kind="killer",
        geometry=geometry,
        layout=KillerDrawing(
            tuple(tuple(row) for row in cages), tuple((lb, sums[lb]) for lb in members)
        ),
    )


KIND = Kind(
    "killer",
    "killer Sudoku: cages with sums, no value repeated in a cage",
    parse=lambda text, box, alphabet: parse_text_block(lambda lines: parse_block(lines, box))(text),
    read=lambda lines, box, alphabet: block_records(lines, lambda b: parse_block(b, box)),
)
