"""One f-puzzles puzzle being read: its cells (``R1C1``, clues outside the grid ``R0C3``),
lines, pairs of neighbours and numbers, each checked where it is read so that a bad item is
one :class:`ParseError` naming it (``thermometer 2: ...``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from satdoku.errors import ParseError
from satdoku.formats.puzzlespec import Line, PuzzleSpec, cell_index, integer, items, short
from satdoku.model import Constraint

_CELL_REF = re.compile(r"[Rr](\d{1,3})[Cc](\d{1,3})")


@dataclass
class Reading:
    """The spec being filled, the input line, the keys the puzzle holds (a drawing of a rule
    is skipped when its rule is there), and what the strict rules read last need: the pairs
    of neighbours with a dot or a letter, and which negative rules are on."""

    spec: PuzzleSpec
    lineno: Line
    keys: frozenset[str] = frozenset()
    dots: set[tuple[int, int]] = field(default_factory=set)
    letters: set[tuple[int, int]] = field(default_factory=set)
    strict: set[str] = field(default_factory=set)
    """``white`` (nonconsecutive), ``black`` (negative ratio), ``xv`` (negative xv)."""
    traced: set[tuple[int, ...]] = field(default_factory=set)
    """The lines of the rules read."""
    drawn: list[tuple[int, ...]] = field(default_factory=list)
    """Lines drawn as the rules of an extension, each to be one of :attr:`traced`."""

    @property
    def size(self) -> int:
        return self.spec.size

    def add(self, *rules: Constraint) -> None:
        self.spec.rules.extend(rules)

    def error(self, message: str) -> ParseError:
        return ParseError(message, self.lineno)

    def each(self, key: str, value: object) -> Iterator[tuple[str, dict[str, Any]]]:
        """Each item of a key's list with its name in messages (``thermometer 2``)."""
        for k, item in enumerate(items(value, key, self.lineno)):
            yield f"{key} {k + 1}", item

    def position(self, ref: object, what: str) -> tuple[int, int]:
        """The 0-based (row, column) of ``R1C1`` (-1 and N are outside the grid)."""
        m = _CELL_REF.fullmatch(ref) if isinstance(ref, str) else None
        if m is None:
            raise self.error(f"{what} cell {short(ref)} is not a cell like 'R1C1'")
        return int(m.group(1)) - 1, int(m.group(2)) - 1

    def cell(self, ref: object, what: str) -> int:
        r, c = self.position(ref, what)
        return cell_index(r, c, self.size, what, self.lineno)

    def cells(self, refs: object, what: str) -> tuple[int, ...]:
        """The cells of a list of references, in order, without repeats."""
        if not isinstance(refs, list) or not refs:
            raise self.error(f"{what} needs a list of cells like 'R1C1'")
        return tuple(dict.fromkeys(self.cell(ref, what) for ref in refs))

    def lines(
        self, item: dict[str, Any], what: str, least: int = 2, rule: bool = True
    ) -> Iterator[tuple[int, ...]]:
        """The cells of each of an item's ``lines``, in order; at least ``least`` each; a
        ``rule``'s lines are kept in :attr:`traced`."""
        lines = item.get("lines")
        if not isinstance(lines, list) or not lines:
            raise self.error(f"{what} needs lines: lists of cells like 'R1C1'")
        for refs in lines:
            if not isinstance(refs, list):
                raise self.error(f"{what}: a line must be a list of cells, not {short(refs)}")
            cells = tuple(self.cell(ref, what) for ref in refs)
            if len(cells) < least:
                found = ", ".join(map(str, refs)) or "no cells"
                raise self.error(
                    f"{what}: a line of {len(cells)} cell{'s' * (len(cells) != 1)} ({found});"
                    f" it needs at least {least}"
                )
            if rule:
                self.traced.add(cells)
            yield cells

    def pair(self, refs: object, what: str) -> tuple[int, int]:
        """Two orthogonal neighbours (the earlier cell first)."""
        cells = self.cells(refs, what)
        if len(cells) == 2:
            a, b = sorted(cells)
            n = self.size
            if b - a == n or (b - a == 1 and b % n):
                return a, b
        names = ", ".join(map(str, refs)) if isinstance(refs, list) else short(refs)
        raise self.error(f"{what} must sit between two neighbouring cells, not {names}")

    def outside(self, ref: object, what: str) -> tuple[int, ...]:
        """The row or column a clue outside the grid stands at the end of, from the clue
        inwards (``R0C3``: column 3 downwards; ``R3C10`` on a 9x9: row 3 leftwards)."""
        r, c = self.position(ref, what)
        n = self.size
        if r in (-1, n) and 0 <= c < n:
            cells = tuple(k * n + c for k in range(n))
            return cells if r == -1 else cells[::-1]
        if c in (-1, n) and 0 <= r < n:
            cells = tuple(r * n + k for k in range(n))
            return cells if c == -1 else cells[::-1]
        raise self.error(
            f"{what}: clue R{r + 1}C{c + 1} is not outside the grid at the end of a row or column"
        )

    def number(
        self, value: object, what: str, noun: str, low: int, high: int, default: int | None = None
    ) -> int:
        """``value`` (a number, or digits in text) in ``low..high``; ``default`` when absent."""
        if default is not None and value in (None, ""):
            return default
        got = integer(value)
        if got is None or not low <= got <= high:
            raise self.error(f"{what}: {noun} {short(value)} is not {low}-{high}")
        return got

    def clue(self, value: object, noun: str) -> int | None:
        """A clue's number; None when it has none (nothing to read) or a text label (noted
        as unsupported)."""
        if value in (None, ""):
            return None
        got = integer(value)
        if got is None:
            self.spec.note(f"a {noun} labelled {short(value)}")
        return got

    def switch(self, key: str, value: object) -> None:
        """A grid-wide rule is on when its key is ``true``."""
        if value is not True:
            raise self.error(f"{key} must be true or false, not {short(value)}")
