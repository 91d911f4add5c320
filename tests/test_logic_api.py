"""The logic functions as a caller meets them: puzzles as text, technique sets, statuses,
time limits, short reprs."""

from __future__ import annotations

import json
import pydoc
import time

import pytest

import satdoku
from satdoku.deadline import SolveTimeout
from satdoku.errors import ParseError, UsageError
from satdoku.formats import parse_puzzle, read_records
from satdoku.logic import (
    BY_NAME,
    SINGLES,
    TECHNIQUES,
    explain,
    hint,
    rate,
    technique_set,
)
from satdoku.status import Status
from tests.conftest import shared_file

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""Solved by the engine, but not by singles."""
STUCK = "6.2.5.........4.3..........43...8....1....2........7..5..27...........81...6....."
"""Needs search even with every technique."""
CLASH = "11" + "." * 79
SIX = "1.....\n..3...\n......\n......\n...4..\n.....6"


def test_text_and_puzzle_give_the_same_answer():
    assert explain(HARD).to_dict() == explain(parse_puzzle(HARD)).to_dict()
    assert rate(HARD) == rate(parse_puzzle(HARD))
    assert hint(HARD) == hint(parse_puzzle(HARD))


def test_rate_takes_text():
    rating = satdoku.logic.rate(HARD)
    assert rating.status is Status.SOLVED and rating.label == "medium"
    assert rating.score is not None and rating.score > 2.3


def test_box_keyword_reads_a_six_by_six():
    assert explain(SIX, box="2x3").puzzle == parse_puzzle(SIX, satdoku.Geometry(2, 3))
    with pytest.raises(ParseError):
        explain(SIX)


def test_bad_text_raises_parse_error():
    with pytest.raises(ParseError):
        rate(EASY[:80])


def test_statuses():
    solved = explain(EASY)
    assert solved.status is Status.SOLVED and solved.solved and not solved.reason
    stuck = explain(STUCK)
    assert stuck.status is Status.NEEDS_SEARCH and not stuck.solved
    clash = explain(CLASH)
    assert clash.status is Status.NO_SOLUTION and clash.reason == "1 appears twice in row 1"


def test_rating_label_is_the_difficulty_only():
    assert rate(EASY).label == "easy" and rate(EASY).status is Status.SOLVED
    for puzzle, status in ((STUCK, Status.NEEDS_SEARCH), (CLASH, Status.NO_SOLUTION)):
        rating = rate(puzzle)
        assert rating.status is status
        assert rating.label is None and rating.score is None and not rating.solved


def test_to_dict_is_plain_json_with_status_words():
    data = json.loads(json.dumps(rate(STUCK).to_dict()))
    assert data["status"] == "needs_search" and data["label"] is None
    assert type(rate(STUCK).to_dict()["status"]) is str
    explained = explain(CLASH).to_dict()
    assert explained["status"] == "no_solution" and type(explained["status"]) is str


def test_singles_set_is_full_house_hidden_and_naked_singles():
    assert technique_set("singles") == SINGLES
    assert [t.name for t in SINGLES] == [
        "full house",
        "hidden single in a box",
        "hidden single in a line",
        "naked single",
    ]
    assert technique_set("all") == TECHNIQUES


def test_singles_get_stuck_where_all_techniques_go_on():
    assert rate(HARD, "singles").status is Status.NEEDS_SEARCH
    assert rate(HARD).status is Status.SOLVED
    assert rate(HARD, "all") == rate(HARD) == rate(HARD, None)


def test_techniques_by_name_or_object_in_any_order():
    """Names and objects mix; the engine still tries them easiest first."""
    by_names = explain(HARD, ["pointing", "naked single", "singles"])
    by_spec = explain(HARD, "Pointing, Naked_Single,singles")
    by_objects = explain(HARD, [BY_NAME["pointing"], *SINGLES])
    assert by_names.to_dict() == by_spec.to_dict() == by_objects.to_dict()
    assert by_names.solved and by_names.steps[0].technique != "pointing"
    assert technique_set("x-wing") == (BY_NAME["X-Wing"],)
    assert technique_set("naked single,full house") == (SINGLES[0], SINGLES[3])


@pytest.mark.parametrize("spec", ["nonsense", "singles,nonsense", "", " , "])
def test_unknown_technique_names_the_choices(spec):
    with pytest.raises(UsageError) as error:
        technique_set(spec)
    message = str(error.value)
    assert "singles" in message and "all" in message and "X-Wing" in message
    assert "\n" not in message


def test_unknown_technique_in_a_list():
    with pytest.raises(UsageError, match="unknown technique 'Y-Wing'"):
        explain(EASY, ["naked single", "Y-Wing"])


def test_hint_is_the_easiest_next_step():
    step = hint(EASY)
    assert step is not None and str(step) == "r2c2 = 6 (hidden single in box 1)"
    stuck = parse_puzzle(HARD).with_givens(explain(HARD, "singles").grid.values)
    assert hint(stuck, "singles") is None
    after = hint(stuck)
    assert after is not None and after.technique == "pointing"
    assert hint(CLASH) is None


@pytest.mark.parametrize("function", [explain, rate, hint])
def test_a_passed_time_limit_raises(function):
    with pytest.raises(SolveTimeout):
        function(EASY, timeout=0)


@pytest.mark.parametrize("function", [explain, rate])
def test_time_limit_holds_on_a_big_grid(function):
    """A 100x100 takes the engine far longer than the limit; it stops close to it: within
    1.5 s of processor time past it (the limit is on the wall clock, which runs faster than
    the processor time of a process that shares a busy machine)."""
    with open(shared_file("larger/rkkautsar_100x100_1.txt")) as handle:
        puzzle = next(iter(read_records(handle))).puzzle
    assert puzzle is not None
    started = time.process_time()
    with pytest.raises(SolveTimeout):
        function(puzzle, timeout=1.0)
    assert time.process_time() - started < 2.5


def test_reprs_are_short():
    explanation = explain(HARD)
    rating = rate(HARD)
    texts = [repr(explanation), repr(rating), repr(explanation.grid)]
    texts += [repr(s) for s in explanation.steps]
    assert all(len(t) < 300 for t in texts), max(texts, key=len)
    assert repr(rating).startswith("Rating(status=solved, score=")
    assert repr(explain(CLASH)) == (
        "<Explanation no_solution: 0 steps, reason='1 appears twice in row 1'>"
    )


@pytest.mark.parametrize("function", [explain, rate, hint])
def test_help_is_short(function):
    text = pydoc.render_doc(function, renderer=pydoc.plaintext)
    signature = text.splitlines()[2]
    assert len(signature) < 200, signature
    assert "Raises:" in text and "Returns:" in text


def test_top_level_exports():
    assert satdoku.explain is explain and satdoku.rate is rate and satdoku.hint is hint
    assert satdoku.Status is Status and satdoku.Exit.BAD_INPUT == 2
    assert isinstance(satdoku.rate(EASY), satdoku.Rating)
    assert isinstance(satdoku.explain(EASY), satdoku.Explanation)
    assert isinstance(satdoku.hint(EASY), satdoku.Step)
