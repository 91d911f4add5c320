"""Draw a grid with borders around regions (jigsaw regions, killer cages, boxes)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

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
