"""Sudoku geometry: the box shape R x C that generates rows, columns and boxes of an N x N grid."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property

from satdoku.errors import UsageError

MAX_BOX_SIDE = 20


@dataclass(frozen=True)
class Geometry:
    """Boxes of ``box_rows`` x ``box_cols`` cells; the grid is N x N with N = box_rows * box_cols.

    Cells are numbered row-major from 0: cell ``r * N + c``.
    """

    box_rows: int
    box_cols: int

    def __post_init__(self) -> None:
        if not (1 <= self.box_rows <= MAX_BOX_SIDE and 1 <= self.box_cols <= MAX_BOX_SIDE):
            raise UsageError(f"box sides must be 1..{MAX_BOX_SIDE}, got {self}")
        if self.size < 2:
            raise UsageError("a grid needs at least 2 values")

    def __str__(self) -> str:
        return f"{self.box_rows}x{self.box_cols}"

    @property
    def size(self) -> int:
        """N: values 1..N, N rows, N columns, N boxes."""
        return self.box_rows * self.box_cols

    @property
    def ncells(self) -> int:
        return self.size * self.size

    def cell(self, row: int, col: int) -> int:
        return row * self.size + col

    def box_index(self, row: int, col: int) -> int:
        """0-based box number, boxes counted row-major."""
        return (row // self.box_rows) * self.box_rows + col // self.box_cols

    @cached_property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        n = self.size
        return tuple(tuple(r * n + c for c in range(n)) for r in range(n))

    @cached_property
    def cols(self) -> tuple[tuple[int, ...], ...]:
        n = self.size
        return tuple(tuple(r * n + c for r in range(n)) for c in range(n))

    @cached_property
    def boxes(self) -> tuple[tuple[int, ...], ...]:
        n, br, bc = self.size, self.box_rows, self.box_cols
        return tuple(
            tuple((top + dr) * n + left + dc for dr in range(br) for dc in range(bc))
            for top in range(0, n, br)
            for left in range(0, n, bc)
        )

    @classmethod
    def square(cls, size: int) -> Geometry:
        side = math.isqrt(size)
        if side * side != size:
            raise UsageError(f"{size} is not a square number; give the box shape")
        return cls(side, side)

    @classmethod
    def parse(cls, text: str) -> Geometry:
        """``"2x3"`` -> 2 rows by 3 columns per box."""
        m = re.fullmatch(r"\s*(\d+)\s*[xX*]\s*(\d+)\s*", text)
        if not m:
            raise UsageError(f"box shape must look like RxC (e.g. 2x3), got {text!r}")
        return cls(int(m.group(1)), int(m.group(2)))

    @classmethod
    def for_size(cls, size: int) -> Geometry:
        """The box shape for an N x N grid when it is unambiguous (N a square number)."""
        side = math.isqrt(size)
        if side * side == size:
            return cls(side, side)
        shapes = [f"{r}x{size // r}" for r in range(2, size) if size % r == 0]
        if not shapes:
            raise UsageError(f"no box shape makes a {size}x{size} Sudoku")
        raise UsageError(
            f"a {size}x{size} grid has more than one box shape; give --box "
            + " or --box ".join(shapes)
        )
