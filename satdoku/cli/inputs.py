"""Where a command's puzzles come from: a puzzle argument, ``-f FILE`` or ``-`` (stdin)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import click

from satdoku.cli.options import shape_options, stack
from satdoku.errors import ParseError, SatdokuError, UsageError
from satdoku.formats import Record, read_records
from satdoku.geometry import Geometry

F = TypeVar("F", bound=Callable[..., Any])


def puzzle_input_options(func: F) -> F:
    """Decorate a command with PUZZLE, ``-f/--file``, ``--box`` and ``--alphabet``."""
    return stack(
        click.argument("puzzle", required=False),
        click.option(
            "-f",
            "--file",
            "file",
            type=click.Path(dir_okay=False, allow_dash=True),
            help="Read every puzzle of FILE ('-' for stdin).",
        ),
        shape_options,
    )(func)


def kind_option(func: F) -> F:
    """Decorate a command with ``--kind`` (the puzzle kind of its inputs)."""
    from satdoku.kinds import KINDS

    return click.option(
        "--kind",
        default="sudoku",
        show_default=True,
        metavar="KIND",
        help=f"Puzzle kind: {', '.join(KINDS)} (formats in docs/variants.md, docs/kakuro.md).",
    )(func)


def read_inputs(
    puzzle: str | None,
    file: str | None,
    box: str | None,
    alphabet: str,
    kind: str = "sudoku",
) -> tuple[str | None, Iterator[Record]]:
    """The input's name (None for a puzzle argument) and its records, read as ``kind``.

    A puzzle argument that does not parse raises at once; records of files carry their
    errors so that one bad line never stops the others.
    """
    from satdoku.kinds import get_kind

    spec = get_kind(kind)
    geometry = Geometry.parse(box) if box else None
    if puzzle is not None and file is not None:
        raise UsageError("give a PUZZLE or -f FILE, not both")
    if puzzle is None and file is None:
        raise UsageError("give a PUZZLE, -f FILE or - for stdin")
    if puzzle == "-" or file == "-":
        return "stdin", nonempty("stdin", spec.read(sys.stdin, geometry, alphabet))
    if file is not None:
        return file, nonempty(file, _file_records(file, geometry, alphabet, spec.read))
    assert puzzle is not None
    return None, iter([Record(1, puzzle, spec.parse(puzzle, geometry, alphabet))])


def _file_records(
    path: str,
    geometry: Geometry | None,
    alphabet: str,
    read: Callable[[Iterable[str], Geometry | None, str], Iterator[Record]] = read_records,
) -> Iterator[Record]:
    try:
        handle = open(path, encoding="utf-8", errors="replace")  # noqa: SIM115
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror}") from None
    with handle:
        yield from read(handle, geometry, alphabet)


def nonempty(name: str, records: Iterator[Record]) -> Iterator[Record]:
    empty = True
    for record in records:
        empty = False
        yield record
    if empty:
        raise ParseError(f"{name}: no puzzle found (empty input)")


def start_result(record: Record, source: str | None) -> dict[str, object]:
    """A command's result for one record: its ``line`` (for files) and, when the record is not
    a puzzle, ``status: invalid`` with the ``error``."""
    result: dict[str, object] = {"line": record.line} if source else {}
    if record.puzzle is None:
        assert record.error is not None
        result.update(status="invalid", error=describe(source, record.error))
    return result


def describe(source: str | None, err: SatdokuError) -> str:
    """An error message prefixed with the input's name when it came from a file."""
    return f"{source}: {err}" if source else str(err)
