"""Where things go in a puzzle's picture: the pixel coordinates of the grid lines and how a
coordinate is written."""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.formats.marks import Position

PAPER = "#fff"
INK = "#000"


@dataclass(frozen=True)
class Pen:
    """Pixel coordinates of the grid lines: column ``c`` starts at ``x(c)``."""

    cell: int
    margin: float

    def x(self, col: float) -> float:
        return self.margin + col * self.cell

    def y(self, row: float) -> float:
        return self.margin + row * self.cell

    def centre(self, place: Position) -> tuple[float, float]:
        """The centre of the cell at ``place`` (row, column)."""
        r, c = place
        return self.x(c + 0.5), self.y(r + 0.5)

    def between(self, a: Position, b: Position) -> tuple[float, float]:
        """The middle of the edge between neighbours ``a`` and ``b`` (the middle of their
        centres)."""
        (xa, ya), (xb, yb) = self.centre(a), self.centre(b)
        return (xa + xb) / 2, (ya + yb) / 2

    @property
    def thin(self) -> float:
        return max(0.5, self.cell * 0.025)

    @property
    def thick(self) -> float:
        return max(1.5, self.cell * 0.07)


def num(x: float) -> str:
    """A coordinate with at most two decimals."""
    return f"{x:.2f}".rstrip("0").rstrip(".")
