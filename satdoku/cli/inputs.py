"""Where a command's puzzles come from (a PUZZLE argument, ``-f FILE`` or ``-`` for stdin) and
where its output goes (``-o FILE``, ``-`` for stdout): the options every command shares."""

from __future__ import annotations

import functools
import os
import re
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from itertools import islice
from typing import NamedTuple, TextIO

from satdoku.errors import ParseError, SatdokuError, UsageError
from satdoku.formats.iss_start import is_iss
from satdoku.formats.notation_start import is_notation
from satdoku.formats.record import Record
from satdoku.formats.source import text_lines
from satdoku.geometry import Geometry

STDIO = "-"
"""The name that means stdin for an input and stdout for an output."""

DEFAULT_KIND = "sudoku"
"""The puzzle kind read when ``--kind`` is not given."""

ALPHABETS = ("auto", "1-9A-Z", "0-F")
"""The characters of one-line puzzles above 9x9 (``--alphabet``); the first is the default."""


class Streams(NamedTuple):
    """The input and output options of one command, as given (a field left out: its option
    left out)."""

    puzzle: str | None
    file: str | None = None
    box: str | None = None
    alphabet: str = ALPHABETS[0]
    kind: str = DEFAULT_KIND
    first: int | None = None
    output: str | None = None
    quiet: bool = False
    key: str | None = None


class Inputs(NamedTuple):
    """The puzzles to work on: ``name`` of the input (None for a PUZZLE argument), ``path`` of
    the file read (None for stdin or an argument) and its ``records``."""

    name: str | None
    path: str | None
    records: Iterator[Record]

    @property
    def walks_a_file(self) -> bool:
        return self.name is not None


def read_inputs(streams: Streams, positional_files: bool = False) -> Inputs:
    """The puzzles of ``streams``, read as its kind.

    A PUZZLE argument that does not parse raises at once (naming a missing file when it looks
    like a path; an existing file given as PUZZLE is refused with a pointer to ``-f``, unless
    ``positional_files``: then it is read as FILE). Records of files carry their errors so that
    one bad line never stops the others.
    """
    from satdoku.formats.kinds import get_kind

    spec = get_kind(streams.kind)
    geometry = Geometry.parse(streams.box) if streams.box else None
    puzzle, file = streams.puzzle, streams.file
    if puzzle is not None and file is not None:
        raise UsageError("give a PUZZLE or -f FILE, not both")
    if puzzle is None and file is None:
        raise UsageError("give a PUZZLE, -f FILE or - for stdin")
    if puzzle is not None and puzzle != STDIO and _is_file(puzzle):
        if not positional_files:
            raise UsageError(f"{puzzle} is a file, not a puzzle: read it with -f {puzzle}")
        puzzle, file = None, puzzle
    read = spec.read
    if streams.key is not None:
        if spec.read_table is None:
            raise UsageError(f"--key: {spec.name} puzzles are not read from tables")
        read = functools.partial(spec.read_table, key=streams.key)
    if STDIO in (puzzle, file):
        if sys.stdin is None:
            raise UsageError("stdin is closed: give a PUZZLE or -f FILE")
        lines = text_lines(sys.stdin.buffer, "stdin")
        records = read(lines, geometry, streams.alphabet)
        return Inputs("stdin", None, _first(streams, nonempty("stdin", records)))
    if file is not None:
        records = _file_records(file, geometry, streams.alphabet, read)
        return Inputs(file, file, _first(streams, nonempty(file, records)))
    assert puzzle is not None
    if streams.key is not None:
        raise UsageError("--key names a column of a table read with -f FILE or from stdin")
    try:
        parsed = spec.parse(puzzle, geometry, streams.alphabet)
    except ParseError:
        if _looks_like_a_path(puzzle):
            raise UsageError(
                f"no such file: {puzzle} (a puzzle argument is the puzzle itself;"
                " read a file with -f FILE)"
            ) from None
        raise
    return Inputs(None, None, iter([Record(1, puzzle, parsed)]))


def _is_file(text: str) -> bool:
    return "\n" not in text and len(text) < 4096 and os.path.isfile(text)


_PATH = r"[^\s]*[/\\][^\s]*|[^\s]*\.[A-Za-z][A-Za-z0-9]{0,5}"
"""A file name; compiled when a puzzle argument fails to parse."""


def _looks_like_a_path(text: str) -> bool:
    """A file name (``nosuchfile.txt``, ``data/p.csv``) rather than a mistyped puzzle."""
    if "://" in text or is_iss(text) or is_notation(text):
        return False  # a link or a puzzle notation: its own message says what is wrong
    return re.fullmatch(_PATH, text) is not None and any(c.islower() for c in text)


def _first(streams: Streams, records: Iterator[Record]) -> Iterator[Record]:
    return records if streams.first is None else islice(records, streams.first)


def _file_records(
    path: str,
    geometry: Geometry | None,
    alphabet: str,
    read: Callable[[Iterable[str], Geometry | None, str], Iterator[Record]],
) -> Iterator[Record]:
    try:
        handle = open(path, "rb")  # noqa: SIM115
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror}") from None
    with handle:
        yield from read(text_lines(handle, path), geometry, alphabet)


def nonempty(name: str, records: Iterator[Record]) -> Iterator[Record]:
    """``records``, raising a :class:`ParseError` at the end when there were none."""
    empty = True
    for record in records:
        empty = False
        yield record
    if empty:
        raise ParseError(f"{name}: no puzzle found (empty input)")


def check_output(streams: Streams, inputs: Inputs) -> str | None:
    """The output path (None for stdout); refuses one that is the input file."""
    output = streams.output
    if output is None or output == STDIO:
        return None
    refuse_the_input("-o", output, inputs)
    return output


def refuse_the_input(option: str, path: str, inputs: Inputs) -> None:
    """One :class:`UsageError` when ``path``, written by ``option``, is the input file."""
    if inputs.path is not None and _same_file(path, inputs.path):
        raise UsageError(f"{option} {path} is the input file; refusing to overwrite it")


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # the output does not exist yet
        return False


@contextmanager
def open_output(streams: Streams, inputs: Inputs) -> Iterator[TextIO]:
    """The output of the command: ``-o FILE``, or stdout (left open).

    A regular file (or a new one) is written as a temporary file beside it, renamed over it
    when the command ends without an error: a failed run leaves FILE as it was. Other paths
    (``/dev/null``, a pipe) are written in place.
    """
    path = check_output(streams, inputs)
    if path is None:
        with written_stdout() as out:
            yield out
        return
    target = os.path.realpath(path)
    if os.path.exists(target) and not os.path.isfile(target):
        with _open_for_writing(path, path) as handle:
            yield handle
        return
    import tempfile  # only when writing a file (0.01 s to import)

    try:
        fd, temp = tempfile.mkstemp(
            prefix=f".{os.path.basename(target)}.", suffix=".part", dir=os.path.dirname(target)
        )
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror}") from None
    try:
        os.chmod(temp, _mode_for(target))
        with _open_for_writing(fd, path) as handle:
            yield handle
        os.replace(temp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise


def stdout() -> TextIO:
    """Standard output, or one :class:`UsageError` when it is closed (``>&-``)."""
    if sys.stdout is None:
        raise UsageError("stdout is closed: write to -o FILE")
    return sys.stdout


@contextmanager
def written_stdout() -> Iterator[TextIO]:
    """Standard output, flushed when the command's work ends, so that a write or a flush that
    fails (a full disk) ends the run with its error; what stays buffered then is dropped, and
    leaving Python adds no second error."""
    out = stdout()
    try:
        yield out
        out.flush()
    except OSError:
        try:
            out.flush()
        except OSError:
            _drop_buffered(out)
        raise


def _drop_buffered(out: TextIO) -> None:
    """Point ``out``'s descriptor at the null device: its buffer goes nowhere."""
    with suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        os.close(devnull)


@contextmanager
def _open_for_writing(file: str | int, name: str) -> Iterator[TextIO]:
    try:
        handle = open(file, "w", encoding="utf-8", newline="")  # noqa: SIM115
    except OSError as err:
        raise UsageError(f"cannot write {name}: {err.strerror}") from None
    with handle:
        yield handle


def _mode_for(path: str) -> int:
    """The permissions of ``path``, or those a new file gets under the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def describe(source: str | None, err: SatdokuError) -> str:
    """An error message prefixed with the input's name when it came from a file."""
    return f"{source}: {err}" if source else str(err)


def only_record(source: str | None, records: Iterator[Record], why_one: str) -> Record:
    """The one puzzle of an input that must hold exactly one; ``why_one`` ends the error when
    it holds more ("dimacs writes one at a time")."""
    first = next(records)
    if first.puzzle is None:
        assert first.error is not None
        raise UsageError(describe(source, first.error))
    if next(records, None) is not None:
        raise UsageError(f"{source} holds more than one puzzle; {why_one}")
    return first
