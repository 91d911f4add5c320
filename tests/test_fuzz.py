"""Every parser, fed random text: it returns puzzles or records carrying a SatdokuError, and
never raises anything else."""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satdoku.errors import SatdokuError
from satdoku.formats import parse_puzzle, read_records
from satdoku.formats.kinds import KINDS, get_kind
from satdoku.formats.source import text_lines

PIECES = [
    "0",
    "1",
    "9",
    "16",
    "25",
    "99999999999999999999999",
    "9" * 5000,
    "[" * 3000,
    '{"grid": ' * 2000,
    ".",
    "_",
    "*",
    " ",
    ",",
    "|",
    "-",
    "+",
    "\\",
    "=",
    "[",
    "]",
    "(",
    ")",
    '"',
    "'",
    ";",
    "#",
    "\n",
    "\t",
    "\r",
    "\n\n",
    "Grid 01\n",
    "[Puzzle]\n",
    "[State]\n",
    "id,puzzle\n",
    "id | puzzle\n---+---\n",
    "type P = ",
    "a=10 ",
    "{",
    "}",
    '"grid": ',
    "\ufeff",
    "\x00",
    "\u202e",
    "A",
    "z",
    "-" * 11 + "\n",
    "..3|.2.|6..\n",
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300\n",
]
"""Fragments of real notations: random texts made of them reach deep into the parsers."""

texts = st.one_of(
    st.text(max_size=400),
    st.lists(st.sampled_from(PIECES), max_size=120).map("".join),
)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_records(records: object) -> None:
    for record in records:  # type: ignore[attr-defined]
        assert (record.puzzle is None) != (record.error is None)
        if record.error is not None:
            assert isinstance(record.error, SatdokuError)


@FUZZ
@given(texts)
def test_the_sudoku_reader_never_raises(text):
    check_records(read_records(io.StringIO(text)))


@FUZZ
@given(texts)
def test_one_puzzle_from_text_raises_only_satdoku_errors(text):
    with contextlib.suppress(SatdokuError):
        parse_puzzle(text)


@FUZZ
@given(st.binary(max_size=2000))
def test_bytes_become_lines_or_one_usage_error(data):
    with contextlib.suppress(SatdokuError):
        check_records(read_records(text_lines(io.BufferedReader(io.BytesIO(data)), "input")))


@pytest.mark.parametrize("kind", sorted(KINDS))
@FUZZ
@given(text=texts)
def test_every_kind_reads_and_parses_without_tracebacks(kind, text):
    spec = get_kind(kind)
    check_records(spec.read(io.StringIO(text), None, "auto"))
    with contextlib.suppress(SatdokuError):
        spec.parse(text, None, "auto")
