"""What a command says on stderr while it walks its puzzles: a progress bar (on a terminal
only), messages, and a summary at the end (``--quiet`` keeps the bar and the summary off).
It also keeps the statuses, whose worst gives the exit code."""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from types import TracebackType
from typing import Any

from satdoku.cli.inputs import Inputs, Streams
from satdoku.cli.stderr import say
from satdoku.formats.record import Record
from satdoku.status import Exit, Status, worst


class Report:
    """The stderr side of one command run over ``inputs``."""

    def __init__(self, streams: Streams, inputs: Inputs, unit: str = "puzzle") -> None:
        self.inputs = inputs
        self.quiet = streams.quiet
        self.unit = unit
        self.statuses: Counter[Status] = Counter()
        self.started = time.perf_counter()
        self._bar: Any = None

    def __enter__(self) -> Report:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def walk(self, records: Iterable[Record] | None = None) -> Iterator[Record]:
        """The records of the input, with a progress bar by input line when it is a file and
        stderr a terminal."""
        records = self.inputs.records if records is None else records
        if self.shows_progress:
            self.bar(line_count(self.inputs.path))
        if self._bar is None:
            yield from records
            return
        done = 0
        for record in records:
            yield record
            self._bar.update(record.line - done)
            done = record.line

    @property
    def shows_progress(self) -> bool:
        """True for a file input with stderr a terminal, unless quiet."""
        return not self.quiet and self.inputs.walks_a_file and sys.stderr.isatty()

    def bar(self, total: int | None, unit: str = "line") -> Any:
        """A tqdm bar on stderr when :attr:`shows_progress`, else None."""
        if not self.shows_progress:
            return None
        from tqdm import tqdm

        self._bar = tqdm(total=total, unit=unit, file=sys.stderr, smoothing=0.1, leave=False)
        return self._bar

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def note(self, message: str) -> None:
        """One line on stderr (above the progress bar, if any)."""
        if self._bar is not None:
            self._bar.write(message, file=sys.stderr)
        else:
            say(message)

    def error(self, message: str) -> None:
        self.note(f"error: {message}")

    def add(self, status: Status | str) -> None:
        self.statuses[Status(status)] += 1

    def add_all(self, statuses: Iterable[Status]) -> None:
        """Count many statuses at once."""
        self.statuses.update(statuses)

    @property
    def exit(self) -> Exit:
        return worst(self.statuses)

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started

    def summary(self, lines: Iterable[str] = ()) -> None:
        """The summary on stderr, unless quiet: ``lines`` if given, else the statuses counted
        (for a file input only)."""
        self.close()
        if self.quiet:
            return
        if sys.stdout is not None:
            sys.stdout.flush()  # the output first: one that cannot be written claims nothing
        text = list(lines)
        if not text and self.inputs.walks_a_file:
            text = [self.tally()]
        for line in text:
            say(line)

    def tally(self) -> str:
        """``5 puzzles: 3 solved, 1 no_solution, 1 invalid (0.12 s)``."""
        total = sum(self.statuses.values())
        counts = ", ".join(f"{self.statuses[s]} {s}" for s in Status if self.statuses[s])
        plural = "" if total == 1 else "s"
        return f"{total} {self.unit}{plural}: {counts} ({self.seconds:.2f} s)"


def line_count(path: str | None) -> int | None:
    """Lines of the file at ``path`` (a progress bar's total), None for stdin or an argument."""
    if path is None:
        return None
    count = 0
    with open(path, "rb") as handle:
        while block := handle.read(1 << 20):
            count += block.count(b"\n")
    return count
