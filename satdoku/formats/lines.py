"""The lines of an input as the readers take them: numbered from 1, without line ends and
``#`` comments, with lookahead; and the record of one puzzle's text."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator

from satdoku.errors import ParseError, SatdokuError
from satdoku.formats.record import Record
from satdoku.formats.source import MAX_LINE, LongLine
from satdoku.formats.text import SEPARATOR_LINE
from satdoku.model import Puzzle

Numbered = tuple[int, str]
SHOWN = 80
"""Characters of an over-long line kept in its record."""
_LINE_END = re.compile(r"\r\n?|\n")


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, ending at ``\\n``, ``\\r\\n`` or a lone ``\\r`` as in files."""
    return _LINE_END.split(text)


class NumberedLines:
    """Numbered lines without their line ends (``#`` comments dropped), with lookahead."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._source = _numbered(lines)
        self._ahead: deque[Numbered] = deque()

    def peek(self, k: int = 0) -> Numbered | None:
        """The ``k``-th line ahead, not taken."""
        while len(self._ahead) <= k:
            item = next(self._source, None)
            if item is None:
                return None
            self._ahead.append(item)
        return self._ahead[k]

    def pop(self) -> Numbered | None:
        return self._ahead.popleft() if self._ahead else next(self._source, None)

    def skip_blanks(self) -> None:
        while (item := self.peek()) is not None and not item[1].strip():
            self.pop()

    def next_content(self) -> Numbered | None:
        while (item := self.pop()) is not None and (not item[1] or item[1].isspace()):
            pass
        return item

    def next_row(self) -> Numbered | None:
        """The next row of the current block (rules skipped), not taken; None at a blank line."""
        k = 0
        while (item := self.peek(k)) is not None and item[1].strip():
            if not SEPARATOR_LINE().fullmatch(item[1]):
                return item
            k += 1
        return None

    def __iter__(self) -> Iterator[Numbered]:
        while (item := self.pop()) is not None:
            yield item


def _numbered(lines: Iterable[str]) -> Iterator[Numbered]:
    """The lines numbered from 1, without line ends, ``#`` comments left out."""
    for i, line in enumerate(lines, 1):
        text = _strip(line, i == 1)
        start = text[:1]
        if start != "#" and not (start.isspace() and text.lstrip().startswith("#")):
            yield i, text


def _strip(line: str, first: bool) -> str:
    if isinstance(line, LongLine):
        return line
    line = line.rstrip("\r\n")
    return line.removeprefix("\ufeff") if first else line


def long_line(lineno: int, text: LongLine) -> Record:
    """The invalid record of a line longer than any puzzle (its start kept)."""
    error = ParseError(
        f"a line of {text.length:,} characters is longer than any puzzle (at most {MAX_LINE:,})",
        lineno,
    )
    return Record(lineno, text[:SHOWN] + "...", error=error)


def parsed_record(
    lineno: int, text: str, parse: Callable[[], Puzzle], key: str | None = None
) -> Record:
    """The record of ``text``: the puzzle ``parse`` makes, or the error it raises."""
    try:
        return Record(lineno, text, puzzle=parse(), key=key)
    except SatdokuError as err:
        return Record(lineno, text, error=err, key=key)
