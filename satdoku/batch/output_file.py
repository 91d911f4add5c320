"""A batch output file read back: its whole records, and where to cut it to resume."""

from __future__ import annotations

from satdoku.batch.chunks import CHUNK


def output_records(path: str, fmt: str) -> int:
    """The whole records (lines) of a batch output in ``fmt``, header left out."""
    return max(0, _lines(path) - _head(fmt))


def resume_point(
    path: str, fmt: str, chunk: int = CHUNK, at_most: int | None = None
) -> tuple[int, int]:
    """Where to resume an interrupted output file: (records to keep, bytes to keep).

    Keeps the whole records up to the last chunk boundary (a partial last line is never
    kept), at most ``at_most`` of them, so that rerunning from there reproduces the rest
    exactly. Streams the file twice in blocks: memory stays flat however long it is.
    """
    head = _head(fmt)
    lines = _lines(path)
    if lines < head:
        return 0, 0
    records = (lines - head) // chunk * chunk
    if at_most is not None:
        records = min(records, at_most)
    return records, _offset_after(path, records + head)


def _head(fmt: str) -> int:
    """Lines before the first record: the CSV header."""
    return 1 if fmt == "csv" else 0


def _lines(path: str) -> int:
    """The newlines of the file at ``path``, read in blocks."""
    with open(path, "rb") as handle:
        return sum(block.count(b"\n") for block in iter(lambda: handle.read(1 << 20), b""))


def _offset_after(path: str, lines: int) -> int:
    """The byte offset just after the first ``lines`` newlines of the file."""
    offset = 0
    with open(path, "rb") as handle:
        while lines and (block := handle.read(1 << 20)):
            count = block.count(b"\n")
            if count < lines:
                lines -= count
                offset += len(block)
                continue
            at = -1
            for _ in range(lines):
                at = block.index(b"\n", at + 1)
            return offset + at + 1
    return offset
