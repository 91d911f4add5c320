"""True candidates as text: one word per cell (its values), the words on one line or laid out
as the grid, and the counts of a limited count."""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.formats.output import Drawing
from satdoku.formats.records import OutputRecord
from satdoku.kinds.regions import aligned_words
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
    lines = aligned_words(puzzle, words, boxes=not isinstance(puzzle.layout, Drawing))
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
