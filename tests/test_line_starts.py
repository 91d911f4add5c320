"""The quick tests that tell a line is no table header or one-line notation before any regular
expression runs say no only where the expression says no."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from satdoku.formats.iss_start import is_iss
from satdoku.formats.notation_start import is_killer_codes, is_pencilmarks, is_short_killer
from satdoku.formats.tables import CSV_HEADER, TABLE_HEADER, may_head
from satdoku.lazy import compiled

HEADERISH = st.text(alphabet=' \t\u00a0"|,_-.aZ9é', max_size=12)
STARTS = st.text(alphabet=" \t\u00a0.~3x:dkAb_9", max_size=12)
ARROWS = st.text(alphabet="0123456789.Aj<>^v`', ", min_size=79, max_size=84)
MARKS = st.lists(st.sampled_from(["123456789", "1.3......", "........."]), min_size=81, max_size=81)


@given(HEADERISH)
def test_a_header_is_never_told_no(text: str) -> None:
    if CSV_HEADER().fullmatch(text) or TABLE_HEADER().fullmatch(text):
        assert may_head(text)


@given(STARTS)
def test_iss_and_killer_codes_as_their_expressions_say(text: str) -> None:
    iss = r"\s*(?:\.\s*)+(?:~|[A-Za-z]\w*\s*~|[A-Z]\w*[a-z]\w*\s*(?:\.|$))"
    assert is_iss(text) == (re.match(iss, text) is not None)
    assert is_killer_codes(text) == (re.match(r"\s*3x3:d?:k:", text) is not None)


@given(ARROWS)
def test_short_killer_as_its_expression_says(text: str) -> None:
    shape = r"\s*(?=[^<>^v`',]*[<>^v`',])[0-9A-Za-j<>^v`',.]{81}\s*"
    assert is_short_killer(text) == (re.fullmatch(shape, text) is not None)


@given(MARKS, st.sampled_from(["", " ", "\n"]))
def test_pencilmarks_as_their_expression_says(cells: list[str], end: str) -> None:
    text = "".join(cells) + end
    assert is_pencilmarks(text)
    assert not is_pencilmarks(text[1:])


def test_an_expression_is_compiled_once_at_first_use() -> None:
    pattern = compiled(r"[0-9]+", re.ASCII)
    assert pattern() is pattern()
    assert pattern().flags & re.ASCII
