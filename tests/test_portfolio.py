"""The portfolio backend: engines taking turns with doubling budgets. Each lane alone, the
default lanes and three lanes taking turns after every conflict count the solutions of small
puzzles with rules as brute force does, never give a grid twice, and stop at the deadline; a
puzzle with rules beyond units goes to the portfolio when no backend is named."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from satdoku import count, solutions, uniqueness
from satdoku.constraints.arrow import Arrow
from satdoku.constraints.cage import Cage
from satdoku.constraints.littlekiller import LittleKiller
from satdoku.constraints.renban import Renban
from satdoku.constraints.thermometer import Thermometer
from satdoku.constraints.whisper import Whisper
from satdoku.formats.iss import parse_iss
from satdoku.model import Constraint
from satdoku.solver import portfolio
from satdoku.solver.bruteforce import brute_force_count
from satdoku.solver.defaults import DEFAULT_BACKEND, SUMS_BACKEND
from satdoku.solver.planner import Question, plan
from satdoku.solver.registry import get_backend
from tests.rules import with_rules

LOWER_ROWS_6 = dict(zip(range(24, 36), (3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2), strict=True))
"""The two lower rows of a 6x6 Sudoku, given."""
PUZZLES: list[tuple[tuple[Constraint, ...], tuple[int, int], dict[int, int]]] = [
    ((Thermometer((0, 1, 2, 3)),), (2, 2), {}),
    ((Renban((0, 5, 10)), Whisper((3, 7), 2)), (2, 2), {}),
    ((Arrow((0,), (1, 4)), Thermometer((12, 9, 6))), (2, 2), {}),
    ((Thermometer((0, 1, 2)), Renban((7, 8, 9, 10))), (2, 3), LOWER_ROWS_6),
]
LANES = {
    "every conflict": (("minisat22", 1), ("cadical195", 1), ("cpsat", 0.001)),
    "the default": portfolio.LANES,
    "minisat22": (("minisat22", 4000),),
    "glucose4": (("glucose4", 4000),),
    "gluecard4": (("gluecard4", 4000),),
    "gluecard4 and glucose4": (("gluecard4", 1), ("glucose4", 1)),
    "cadical195": (("cadical195", 4000),),
    "cpsat": (("cpsat", 0.05),),
}
HAILSTONE = (
    "..Cage~14~R5C3~R5C4~R6C4.Cage~19~R6C6~R6C5~R7C5.Cage~14~R4C4~R4C5~R3C5"
    ".Cage~14~R4C6~R5C6~R5C7.Diagonal~1.Diagonal~-1.LittleKiller~47~R3C1.LittleKiller~49~R2C1"
    ".LittleKiller~30~R8C9.LittleKiller~45~R7C9.LittleKiller~43~R1C7.LittleKiller~44~R1C8"
    ".LittleKiller~34~R9C2.LittleKiller~52~R9C3"
)
"""A variant puzzle whose proof of uniqueness takes every engine seconds."""


@pytest.mark.parametrize("lanes", list(LANES.values()), ids=list(LANES))
@pytest.mark.parametrize("rules, box, givens", PUZZLES, ids=lambda v: str(v)[:40])
def test_lanes_count_as_brute_force_does(
    monkeypatch: pytest.MonkeyPatch,
    lanes: tuple[tuple[str, float], ...],
    rules: tuple[Constraint, ...],
    box: tuple[int, int],
    givens: dict[int, int],
) -> None:
    monkeypatch.setattr(portfolio, "LANES", lanes)
    puzzle = with_rules(*rules, box=box, givens=givens)
    grids = [s.grid for s in solutions(puzzle, backend="portfolio")]
    assert len(grids) == len(set(grids)) == brute_force_count(puzzle)
    assert grids, "each of these puzzles has solutions"


def test_native_cardinality_only_when_every_cnf_lane_takes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle = with_rules(Thermometer((0, 1, 2, 3)), box=(2, 2))
    backend = get_backend("portfolio")
    monkeypatch.setattr(portfolio, "LANES", (("gluecard4", 10), ("cpsat", 0.05)))
    assert "native" in backend.encoding_for(puzzle, None).split("+")
    monkeypatch.setattr(portfolio, "LANES", (("gluecard4", 10), ("glucose4", 10)))
    assert "native" not in backend.encoding_for(puzzle, None).split("+")
    assert "native" in get_backend("gluecard4").encoding_for(puzzle, None).split("+")
    assert "native" not in get_backend("glucose4").encoding_for(puzzle, None).split("+")


def test_a_contradiction_has_no_solution() -> None:
    puzzle = with_rules(Thermometer((0, 1, 2, 3)), Thermometer((3, 7, 11, 15)))
    assert count(puzzle, backend="portfolio").count == 0


def test_the_lanes_block_each_others_grids(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a budget of one conflict each lane finds a few grids in turn; every lane's grids
    are blocked in the others, so the count is exact."""
    monkeypatch.setattr(portfolio, "LANES", LANES["every conflict"])
    puzzle = with_rules(LittleKiller((0, 5, 10, 15), 10), box=(2, 2))
    found = [s.stats.backend for s in solutions(puzzle, backend="portfolio")]
    assert len(found) == brute_force_count(puzzle)
    assert len(set(found)) > 1, f"one lane found every grid: {set(found)}"


def test_rules_beyond_units_go_to_the_portfolio() -> None:
    puzzle = with_rules(Thermometer((0, 1, 2, 3)))
    assert plan(puzzle, Question.SOLUTIONS, 2).backend.name == portfolio.NAME
    assert uniqueness(puzzle).status == "multiple"


def test_sums_get_the_sums_backend_and_keep_minisat_for_the_propagation_tree() -> None:
    killer = with_rules(Cage((0, 1), 7))
    assert plan(killer, Question.SOLUTIONS, 2).backend.name == SUMS_BACKEND != DEFAULT_BACKEND
    assert plan(killer, Question.COUNT, None, strategy="branching").backend.name == DEFAULT_BACKEND
    assert count(killer).count == brute_force_count(killer)


def test_the_portfolio_stops_at_the_deadline() -> None:
    started = time.process_time()  # the work done, however busy the machine is
    assert uniqueness(parse_iss(HAILSTONE), timeout=0.5, closest=False).status == "unknown"
    assert time.process_time() - started < 4


STOPPED = """\
import os, signal, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)
from satdoku.solver.portfolio import _stoppable
class Search:  # ends half a second after it is asked to stop, as a native search may
    def __init__(self):
        self.asked, self.ended = threading.Event(), False
    def solve(self, model):
        self.asked.wait(10)
        time.sleep(0.5)
        self.ended = True
    def stop_search(self):
        self.asked.set()
search = Search()
threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()
try:
    _stoppable(search, None)
except KeyboardInterrupt:
    print("KeyboardInterrupt, the search ended:", search.ended)
"""


def test_what_a_cpsat_turn_raises_is_raised_to_its_caller() -> None:
    class Failing:
        def solve(self, model: object) -> None:
            raise MemoryError("no room for the model")

    with pytest.raises(MemoryError, match="no room for the model"):
        portfolio._stoppable(Failing(), None)


def test_a_ctrl_c_during_a_cpsat_turn_waits_for_the_search_to_end() -> None:
    """The interrupt goes on only once the search thread has stopped: one still in native
    code when Python exits aborts the process."""
    run = subprocess.run(
        [sys.executable, "-c", STOPPED], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "KeyboardInterrupt, the search ended: True"
