"""What a resume checks of the input: a :class:`Mark` (records read, a SHA-256 over them) taken
by a :class:`Fingerprint` as the records pass through."""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice

from satdoku.batch.chunks import CHUNK
from satdoku.formats import Record


@dataclass(frozen=True)
class Mark:
    """A point in the input: ``records`` read, ``line`` where the last of them starts, and a
    SHA-256 over their lines, texts and errors (everything of a record that reaches the
    output)."""

    records: int = 0
    line: int = 0
    sha256: str = hashlib.sha256().hexdigest()


_HASHED_AT_ONCE = 1024
"""Records a :class:`Fingerprint` hashes in one update (the digest is that of one at a time)."""


class Fingerprint:
    """The records of an input, passed through and hashed as they go (see :class:`Mark`).

    ``marks`` receives the mark after every ``chunk`` records (what a resume keeps ends at
    one; :meth:`mark_at` takes them out), ``end`` the mark after the last record once the
    input is exhausted. One thread may read records through it while another takes the
    marks (as with ``run_batch(..., jobs > 1)``).
    """

    def __init__(self, records: Iterable[Record], chunk: int = CHUNK) -> None:
        self._records = iter(records)
        self._chunk = chunk
        self._hash = hashlib.sha256()
        self._pending: list[str] = []
        """What is read but not hashed yet (hashed :data:`_HASHED_AT_ONCE` records at once)."""
        self._count = 0
        self._line = 0
        self.marks: deque[Mark] = deque()
        self.end: Mark | None = None

    def __iter__(self) -> Iterator[Record]:
        return self

    def __next__(self) -> Record:
        try:
            record = next(self._records)
        except StopIteration:
            self.end = self.mark()
            raise
        text = record.text
        if record.error is None and not record.key:  # the commonest record, the same text
            self._pending.append(f"{record.line} {len(text)} 0 0\n{text}")
        else:
            error = "" if record.error is None else str(record.error)
            key = record.key or ""
            self._pending.append(
                f"{record.line} {len(text)} {len(error)} {len(key)}\n{text}{error}{key}"
            )
        self._count += 1
        self._line = record.line
        if self._count % self._chunk == 0:
            self.marks.append(self.mark())
        elif len(self._pending) >= _HASHED_AT_ONCE:
            self._hash_pending()
        return record

    def mark(self) -> Mark:
        """The mark after the records read so far."""
        self._hash_pending()
        return Mark(self._count, self._line, self._hash.hexdigest())

    def _hash_pending(self) -> None:
        self._hash.update("".join(self._pending).encode("utf-8", "surrogatepass"))
        self._pending.clear()

    def skip(self, records: int) -> Mark:
        """Read the next records up to ``records`` in all (fewer when the input ends first);
        the mark after them."""
        for _ in islice(self, max(0, records - self._count)):
            pass
        return self.mark()

    def mark_at(self, records: int) -> Mark:
        """The mark after ``records`` records, a multiple of ``chunk`` already read past;
        the marks before it are dropped."""
        while self.marks[0].records < records:
            self.marks.popleft()
        return self.marks.popleft()
