"""True candidates as text: one word per cell (its values), the words on one line or laid out
as the grid, and the counts of a limited count."""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.formats.output import Drawing
from satdoku.formats.records import OutputRecord
from satdoku.model import Puzzle


def cell_word(size: int, values: Sequence[int]) -> str:
    """A cell's values as one word: digits run together up to 9x9 (``347``), numbers joined by
    ``/`` above (``3/12/16``); ``-`` for none."""
    if not values:
        return "-"
    return "".join(map(str, values)) if size <= 9 else "/".join(map(str, values))


def candidates_words(puzzle: Puzzle, record: OutputRecord) -> str:
    """One word per cell, in cell order, separated by spaces."""
    return " ".join(cell_word(puzzle.values, v) for v in record["candidates"])


def counts_words(record: OutputRecord) -> str:
    """Per cell, the counts of its values joined by ``/``, cells separated by spaces."""
    return " ".join("/".join(map(str, counts)) or "-" for counts in record["counts"])


def candidates_grid(puzzle: Puzzle, record: OutputRecord) -> str:
    """The cells' words where the cells are, columns aligned (box lines for a Sudoku); with
    counts, a line per cell of several values: ``r1c3: 3 x12, 4 x20+`` (``+``: the limit
    stopped the count)."""
    words = [cell_word(puzzle.values, v) for v in record["candidates"]]
    width = max(map(len, words), default=1)
    cells = dict(zip(puzzle.positions, words, strict=True))
    geometry = None if isinstance(puzzle.layout, Drawing) else puzzle.geometry
    lines = []
    for r in range(puzzle.nrows):
        parts = []
        for c in range(puzzle.ncols):
            if geometry is not None and c and c % geometry.box_cols == 0:
                parts.append("|")
            parts.append(cells.get((r, c), "").ljust(width))
        if geometry is not None and r and r % geometry.box_rows == 0:
            lines.append("-" * len(" ".join(parts)))
        lines.append(" ".join(parts).rstrip())
    if "counts" in record:
        limit = record["limit"]
        for cell, (values, counts) in enumerate(
            zip(record["candidates"], record["counts"], strict=True)
        ):
            if len(values) > 1:
                shown = ", ".join(
                    f"{v} x{n}{'+' if n >= limit else ''}"
                    for v, n in zip(values, counts, strict=True)
                )
                lines.append(f"{puzzle.cell_name(cell)}: {shown}")
    return "\n".join(lines)
