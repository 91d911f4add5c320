"""Lines of text from a byte stream, with limits decided before reading.

A file or stdin is read line by line, never whole: a line ends at ``\n``, ``\r\n`` or a lone
``\r`` (old Mac files); a line longer than :data:`MAX_LINE` characters is cut (its rest skipped
in bounded pieces) and marked as :class:`LongLine`; binary data (``/dev/urandom``, ``/dev/zero``, an image) is refused from its first bytes; a
UTF-8 byte order mark is dropped; a read error is one :class:`~satdoku.errors.UsageError`.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import BinaryIO

from satdoku.errors import UsageError

MAX_LINE = 2 * 1024 * 1024
"""Characters in one line: more than the largest grid written on one line needs."""
_SNIFF = 8192
_PIECE = 1024 * 1024
_BOM = "\ufeff"
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v\x1b")


class LongLine(str):
    """A line cut at :data:`MAX_LINE` characters; ``length`` is how many characters it had."""

    length: int

    def __new__(cls, text: str, length: int) -> LongLine:
        line = super().__new__(cls, text)
        line.length = length
        return line


def text_lines(raw: BinaryIO, name: str) -> Iterator[str]:
    """The lines of ``raw`` (without their line ends) as text.

    Raises:
        UsageError: ``raw`` holds binary data, or reading it failed (naming ``name``).
    """
    try:
        head = _head(raw)
        if is_binary(head):
            raise UsageError(f"{name}: binary data, not text; expected puzzles as text")
        text = io.TextIOWrapper(raw, encoding="utf-8", errors="replace", newline=None)
        try:
            yield from _lines(text)
        finally:
            if not raw.closed:
                text.detach()  # ``raw`` stays open: its owner closes it
    except OSError as err:
        raise UsageError(f"cannot read {name}: {err.strerror or err}") from None


def _lines(text: io.TextIOWrapper) -> Iterator[str]:
    """The lines of ``text`` (read with universal line ends), long ones cut."""
    first = True
    while line := text.readline(MAX_LINE + 1):
        if not line.endswith("\n"):
            if len(line) > MAX_LINE:
                line = LongLine(line[:MAX_LINE], len(line) + _skip_line(text))
        else:
            line = line[:-1]
        if first:
            line = line.removeprefix(_BOM) if not isinstance(line, LongLine) else line
            first = False
        yield line


def _head(raw: BinaryIO) -> bytes:
    peek = getattr(raw, "peek", None)
    return peek(_SNIFF)[:_SNIFF] if peek is not None else b""


def is_binary(head: bytes) -> bool:
    """Whether the first bytes of an input are binary data rather than text: many control
    bytes, or many bytes that are not UTF-8."""
    if not head:
        return False
    controls = sum(1 for byte in head if byte < 32 and byte not in _TEXT_CONTROLS)
    if controls * 10 > len(head):
        return True
    text = head.decode("utf-8", errors="replace")
    return text.count("\ufffd") * 20 > len(head)


def _skip_line(text: io.TextIOWrapper) -> int:
    """Read past the rest of a long line in bounded pieces; the characters skipped."""
    skipped = 0
    while piece := text.readline(_PIECE):
        if piece.endswith("\n"):
            return skipped + len(piece) - 1
        skipped += len(piece)
    return skipped
