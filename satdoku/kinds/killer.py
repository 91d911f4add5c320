"""Killer Sudoku: a Sudoku (usually without givens) whose cages have sums; no value repeats
in a cage."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.constraints import AllDifferent, Sum
from satdoku.errors import ParseError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku_units
from satdoku.kinds.regions import draw_regions
from satdoku.model import Puzzle

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
        """The puzzle in the text format :mod:`satdoku.formats.killer` reads: the cage map
        (labels written together when each is one character), then the sums, a line per ten
        cages."""
        joiner = "" if all(len(label) == 1 for row in self.cages for label in row) else " "
        rows = [joiner.join(row) for row in self.cages]
        items = [f"{label}={total}" for label, total in self.sums]
        return "\n".join(rows + [" ".join(items[i : i + 10]) for i in range(0, len(items), 10)])


def killer(
    geometry: Geometry, cages: Sequence[Sequence[str]], sums: dict[str, int], lineno: int
) -> Puzzle:
    """The killer Sudoku of a cage map (``cages[r][c]`` labels) and the sum of each cage;
    cages and sums that do not match raise :class:`ParseError` at ``lineno``."""
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
