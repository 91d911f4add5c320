"""The grid of an ISS constraint string: its shape, the units it starts with (rows, columns,
boxes, jigsaw regions), the cells its items name (``R1C1``; rows and columns past 9 in base
17: ``RgCg``), and the lines of cells its outside clues and layout rules stand for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku_units
from satdoku.kinds.regions import draw_regions
from satdoku.model import Constraint, Puzzle

MAX_SIDE = 16
"""The longest row or column ISS writes a cell of (``RgCg``)."""


def box_shape(nrows: int, ncols: int, size: int) -> tuple[int, int] | None:
    """The (rows, columns) of boxes of ``size`` cells that tile the grid, as ISS picks them:
    the sides nearest a square first, the shorter side across the rows first; None when no
    boxes of at least 2 x 2 fit."""
    for short in range(int(size**0.5), 1, -1):
        if size % short:
            continue
        long = size // short
        for rows, cols in ((short, long), (long, short)):
            if nrows % rows == 0 and ncols % cols == 0:
                return rows, cols
    return None


@dataclass(frozen=True)
class RegionDrawing:
    """Draws a grid without the usual boxes: borders around its boxes or jigsaw regions."""

    regions: tuple[tuple[int, ...], ...]
    """The region number of each cell, row by row (-1 for a cell of none)."""

    def draw(self, puzzle: Puzzle, grid: Sequence[int]) -> str:
        nrows, ncols = len(self.regions), len(self.regions[0])
        texts = {
            (i // ncols, i % ncols): str(puzzle.digit(v)) if v else "." for i, v in enumerate(grid)
        }
        return draw_regions(nrows, ncols, texts, lambda r, c: self.regions[r][c])


@dataclass(frozen=True)
class Grid:
    """An ISS grid: ``nrows`` x ``ncols`` cells of ``values`` values from ``first`` on (1, or
    0), with boxes unless ``boxless``, and jigsaw ``regions`` (each a tuple of cells,
    row-major numbers)."""

    nrows: int
    ncols: int
    values: int
    boxless: bool = False
    regions: tuple[tuple[int, ...], ...] = ()
    first: int = 1

    @property
    def digits(self) -> range:
        """The values as written, lowest first."""
        return range(self.first, self.first + self.values)

    @property
    def ncells(self) -> int:
        return self.nrows * self.ncols

    @property
    def shape(self) -> str:
        return f"{self.nrows}x{self.ncols}"

    @cached_property
    def boxes(self) -> tuple[tuple[int, ...], ...]:
        """The boxes of ``max(nrows, ncols)`` cells (none when boxless or none fit)."""
        dims = None if self.boxless else box_shape(self.nrows, self.ncols, self.side)
        if dims is None:
            return ()
        return self._blocks(dims, range(0, self.nrows, dims[0]), range(0, self.ncols, dims[1]))

    @property
    def side(self) -> int:
        return max(self.nrows, self.ncols)

    @cached_property
    def geometry(self) -> Geometry | None:
        """The box shape when the grid is a square Sudoku with its usual boxes."""
        dims = None if self.boxless else box_shape(self.nrows, self.ncols, self.side)
        if dims is None or self.nrows != self.ncols or self.values != self.nrows:
            return None
        return Geometry(*dims)

    def units(self) -> tuple[Constraint, ...]:
        """Rows, columns, boxes and jigsaw regions as named units."""
        if self.geometry is not None:
            units: tuple[Constraint, ...] = sudoku_units(self.geometry)
        else:
            rows = tuple(
                tuple(range(r * self.ncols, (r + 1) * self.ncols)) for r in range(self.nrows)
            )
            cols = tuple(tuple(range(c, self.ncells, self.ncols)) for c in range(self.ncols))
            units = (
                tuple(AllDifferent(u, f"row {i + 1}", "row") for i, u in enumerate(rows))
                + tuple(AllDifferent(u, f"column {i + 1}", "column") for i, u in enumerate(cols))
                + tuple(AllDifferent(u, f"box {i + 1}", "box") for i, u in enumerate(self.boxes))
            )
        return units + tuple(
            AllDifferent(u, f"region {i + 1}", "region") for i, u in enumerate(self.regions)
        )

    def layout(self) -> RegionDrawing | None:
        """How a grid without a box shape draws its boxes or regions (None: plain rows)."""
        areas = self.regions or self.boxes
        if self.geometry is not None or not areas:
            return None
        number = [-1] * self.ncells
        for i, area in enumerate(areas):
            for cell in area:
                number[cell] = i
        return RegionDrawing(
            tuple(tuple(number[r * self.ncols : (r + 1) * self.ncols]) for r in range(self.nrows))
        )

    def cell(self, token: str) -> int | None:
        """The cell ``R1C1`` names (row and column one base-17 digit each), or None."""
        if len(token) != 4 or token[0] not in "Rr" or token[2] not in "Cc":
            return None
        row, col = _digit(token[1]), _digit(token[3])
        if row is None or col is None or row >= self.nrows or col >= self.ncols:
            return None
        return row * self.ncols + col

    def line(self, name: str, forward: bool = True) -> tuple[int, ...] | None:
        """The cells of row ``R3`` or column ``C3`` (decimal), left to right or top to bottom
        when ``forward``; None when there is no such row or column."""
        kind, number = name[:1].upper(), name[1:]
        if kind not in ("R", "C") or not number.isdigit() or len(number) > 3:
            return None
        index = int(number) - 1
        if kind == "R" and 0 <= index < self.nrows:
            cells = tuple(range(index * self.ncols, (index + 1) * self.ncols))
        elif kind == "C" and 0 <= index < self.ncols:
            cells = tuple(range(index, self.ncells, self.ncols))
        else:
            return None
        return cells if forward else cells[::-1]

    def diagonal_from(self, cell: int) -> tuple[int, ...]:
        """The little killer diagonal that starts at ``cell`` on the edge, as ISS runs it:
        down-right from the left edge, up-left from the right, down-left from the top, up-right
        from the bottom; empty when the cell starts none."""
        row, col = divmod(cell, self.ncols)
        last_row, last_col = self.nrows - 1, self.ncols - 1
        if col == 0 and row < last_row:
            step = (1, 1)
        elif col == last_col and 0 < row < last_row:
            step = (-1, -1)
        elif row == 0 and col > 0:
            step = (1, -1)
        elif row == last_row and 0 < col < last_col:
            step = (-1, 1)
        else:
            return ()
        cells = []
        while 0 <= row < self.nrows and 0 <= col < self.ncols:
            cells.append(row * self.ncols + col)
            row, col = row + step[0], col + step[1]
        return tuple(cells) if len(cells) > 1 else ()

    def neighbours(self) -> tuple[tuple[int, int], ...]:
        """Every pair of orthogonal neighbours (lower cell number first)."""
        pairs = []
        for cell in range(self.ncells):
            row, col = divmod(cell, self.ncols)
            if col + 1 < self.ncols:
                pairs.append((cell, cell + 1))
            if row + 1 < self.nrows:
                pairs.append((cell, cell + self.ncols))
        return tuple(pairs)

    def adjacent(self, a: int, b: int) -> bool:
        (ra, ca), (rb, cb) = divmod(a, self.ncols), divmod(b, self.ncols)
        return abs(ra - rb) + abs(ca - cb) == 1

    def windows(self) -> tuple[tuple[int, ...], ...]:
        """Windoku's extra boxes (of ``values`` cells): one cell in from the edges, one cell
        apart."""
        dims = box_shape(self.nrows, self.ncols, self.values)
        if dims is None:
            return ()
        rows, cols = dims
        tops = range(1, self.nrows - rows, rows + 1)
        lefts = range(1, self.ncols - cols, cols + 1)
        return self._blocks(dims, tops, lefts)

    def disjoint_sets(self) -> tuple[tuple[int, ...], ...]:
        """The cells at the same place in each box, one set per place."""
        boxes = self.boxes
        return tuple(tuple(box[k] for box in boxes) for k in range(len(boxes[0]))) if boxes else ()

    def _blocks(
        self, dims: tuple[int, int], tops: range, lefts: range
    ) -> tuple[tuple[int, ...], ...]:
        rows, cols = dims
        return tuple(
            tuple((top + dr) * self.ncols + left + dc for dr in range(rows) for dc in range(cols))
            for top in tops
            for left in lefts
        )


def _digit(char: str) -> int | None:
    """A row or column digit of a cell name: ``1``-``9`` then ``a``-``g`` (base 17), 0-based."""
    try:
        value = int(char, 17)
    except ValueError:
        return None
    return value - 1 if 1 <= value <= MAX_SIDE else None
