"""What a setter may take out of a puzzle: its givens, and its rule instances (a cage, a
dot, an arrow, ...: the constraints beyond the rows, columns, boxes and regions that make
the grid), each an :class:`Item` named as people name it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from satdoku.errors import UsageError
from satdoku.kinds.killer import NO_CAGE, KillerDrawing
from satdoku.model import Constraint, Puzzle

CONSIDER = ("givens", "rules", "both")
"""What the setter tools weigh: the givens, the rule instances, or both."""
GRID_FAMILIES = frozenset({"row", "column", "box", "region"})
"""Units that make the grid itself: always kept, never weighed."""


@dataclass(frozen=True, eq=False)
class Item:
    """A given (``cell`` and its value) or a rule instance (its ``rules``: the constraints
    of one cage, dot or line, such as a killer cage's all-different and sum)."""

    name: str
    cell: int | None = None
    value: int = 0
    rules: tuple[Constraint, ...] = ()


def items(puzzle: Puzzle, consider: str = "givens") -> list[Item]:
    """The items of ``puzzle`` that ``consider`` weighs, givens first in cell order, then the
    rule instances in the order of the puzzle's constraints."""
    if consider not in CONSIDER:
        raise UsageError(f"cannot consider {consider!r}; choose {', '.join(CONSIDER)}")
    found: list[Item] = []
    if consider != "rules":
        found += [Item(puzzle.cell_name(c), c, v) for c, v in enumerate(puzzle.givens) if v]
    if consider != "givens":
        found += _rule_items(puzzle)
    return found


def _rule_items(puzzle: Puzzle) -> list[Item]:
    """The rule instances: constraints outside :data:`GRID_FAMILIES` grouped by family,
    name and cells, named by :func:`rule_names`."""
    groups: dict[tuple[str, str, tuple[int, ...]], list[Constraint]] = {}
    for rule in puzzle.constraints:
        if rule.family not in GRID_FAMILIES:
            groups.setdefault((rule.family, rule.name, rule.cells), []).append(rule)
    named = rule_names(puzzle, list(groups))
    return [
        Item(name, rules=tuple(rules)) for name, rules in zip(named, groups.values(), strict=True)
    ]


def rule_names(puzzle: Puzzle, keys: Sequence[tuple[str, str, tuple[int, ...]]]) -> list[str]:
    """A name of its own for each rule instance of ``keys`` (family, name, cells): its name
    (else its family), spelled with its first cell, then with all its cells, then with a
    number while another instance shares it."""
    cell = puzzle.cell_name
    spellings = [
        (
            name or family,
            f"{name or family} at {cell(cells[0])}" if cells else name or family,
            f"{name or family} at {'-'.join(map(cell, cells))}",
        )
        for family, name, cells in keys
    ]
    names = [spelled[0] for spelled in spellings]
    for k in (1, 2):
        names = [
            spelled[k] if names.count(name) > 1 else name
            for name, spelled in zip(names, spellings, strict=True)
        ]
    return [
        f"{name} ({names[:i].count(name) + 1})" if names.count(name) > 1 else name
        for i, name in enumerate(names)
    ]


def without(puzzle: Puzzle, dropped: Iterable[Item]) -> Puzzle:
    """``puzzle`` without the ``dropped`` givens and rule instances. A killer that loses
    cages keeps the others in its layout; another puzzle that loses rules loses its kind's
    layout (which would still show them)."""
    dropped = list(dropped)
    cells = {item.cell for item in dropped if item.cell is not None}
    rules = {id(rule) for item in dropped for rule in item.rules}
    givens = tuple(0 if c in cells else v for c, v in enumerate(puzzle.givens))
    if not rules:
        return puzzle.with_givens(givens)
    kept = tuple(rule for rule in puzzle.constraints if id(rule) not in rules)
    uncaged = {cell for item in dropped for rule in item.rules for cell in rule.cells}
    return replace(puzzle, constraints=kept, givens=givens, layout=_layout(puzzle, uncaged))


def _layout(puzzle: Puzzle, uncaged: set[int]) -> KillerDrawing | None:
    """A killer's layout without the cages of the cells ``uncaged``; None for other kinds."""
    layout = puzzle.layout
    if not isinstance(layout, KillerDrawing):
        return None
    free = {puzzle.positions[cell] for cell in uncaged}
    cages = tuple(
        tuple(NO_CAGE if (r, c) in free else label for c, label in enumerate(row))
        for r, row in enumerate(layout.cages)
    )
    labels = {label for row in cages for label in row}
    return KillerDrawing(cages, tuple((lb, total) for lb, total in layout.sums if lb in labels))


def names(found: Sequence[Item]) -> list[str]:
    return [item.name for item in found]
