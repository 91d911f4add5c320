"""Draw a grid as text: borders around regions (jigsaw regions, killer cages, boxes), or words
aligned in columns."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from satdoku.model import Puzzle

Region = Callable[[int, int], Hashable]
"""The region of the cell at (row, column); cells of one region are drawn without borders
between them."""


def draw_regions(
    nrows: int,
    ncols: int,
    texts: Mapping[tuple[int, int], str],
    region: Region,
    footer: Sequence[str] = (),
) -> str:
    """Rows of cell texts, with ``|`` and ``-`` borders wherever neighbouring cells lie in
    different regions (and around the grid); ``footer`` lines follow."""
    width = max((len(t) for t in texts.values()), default=1) + 2
    outside = object()

    def reg(r: int, c: int) -> Hashable:
        return region(r, c) if 0 <= r < nrows and 0 <= c < ncols else outside

    def across(r: int, c: int) -> bool:  # border above cell (r, c)
        return reg(r - 1, c) != reg(r, c)

    def down(r: int, c: int) -> bool:  # border left of cell (r, c)
        return reg(r, c - 1) != reg(r, c)

    lines = []
    for r in range(nrows + 1):
        rule = []
        for c in range(ncols + 1):
            if across(r, c - 1) or across(r, c):
                rule.append("+")
            else:
                rule.append("|" if down(r - 1, c) or down(r, c) else " ")
            if c < ncols:
                rule.append(("-" if across(r, c) else " ") * width)
        if "-" in "".join(rule):  # a rule with no border across it adds nothing
            lines.append("".join(rule).rstrip())
        if r == nrows:
            break
        row = []
        for c in range(ncols + 1):
            row.append("|" if down(r, c) else " ")
            if c < ncols:
                row.append(texts.get((r, c), "").center(width))
        lines.append("".join(row).rstrip())
    return "\n".join([*lines, *footer])


def aligned_words(puzzle: Puzzle, words: Sequence[str], boxes: bool = True) -> list[str]:
    """One line per row of ``puzzle``: each cell's word (``words[cell]``) where the cell is,
    columns as wide as the widest word; with ``boxes``, ``|`` and ``-`` lines between the boxes
    of a Sudoku."""
    width = max(map(len, words), default=1)
    cells = dict(zip(puzzle.positions, words, strict=True))
    geometry = puzzle.geometry if boxes else None
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
    return lines
