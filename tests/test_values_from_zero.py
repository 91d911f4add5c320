"""Grids of values from 0 (ISS's ``.Shape~4x4~0-3``): every rule sees the values as written,
0..N-1, in its check, its CNF and its CP-SAT form. Brute force, CNF and CP-SAT count each
rule alike on a 4x4 of values 0-3; rules that only compare values count as on 1-4; sums
count as on 1-4 with each cell's part of the total moved by one; answers are written from 0."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from satdoku import count, solve
from satdoku.constraints.cage import Cage
from satdoku.constraints.entropic import Entropic
from satdoku.constraints.littlekiller import LittleKiller
from satdoku.constraints.thermometer import Thermometer
from satdoku.constraints.values import Values
from satdoku.constraints.whisper import Whisper
from satdoku.formats.output import format_grid, format_line
from satdoku.formats.svg import puzzle_svg
from satdoku.model import Constraint, Puzzle
from tests import test_rules_lines, test_rules_pairs, test_rules_sums
from tests.rules import agree, with_rules

RULES: list[tuple[Constraint, ...]] = [
    *test_rules_lines.ON_4X4,
    *test_rules_sums.ON_4X4,
    *(rules for rules, options in test_rules_pairs.CASES.values() if not options.get("box")),
]


def from_zero(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with its values written 0..N-1 (entropic lines told so)."""
    rules = tuple(
        replace(rule, first=0) if isinstance(rule, Entropic) else rule
        for rule in puzzle.constraints
    )
    return replace(puzzle, constraints=rules, first=0)


def name(rules: tuple[Constraint, ...]) -> str:
    return "+".join(f"{type(r).__name__}{list(r.cells)}" for r in rules)


@pytest.mark.parametrize("rules", RULES, ids=name)
def test_every_engine_agrees_from_zero(rules):
    agree(from_zero(with_rules(*rules)))


@pytest.mark.parametrize(
    "rules",
    [
        (Thermometer((0, 1, 5)),),
        (Whisper((0, 1, 2), 2),),
        (Entropic((0, 5, 10), 4),),
    ],
    ids=name,
)
def test_rules_that_compare_values_count_as_from_one(rules):
    """Orders, differences and value classes do not move with the values: the same count."""
    from_one = with_rules(*rules)
    assert agree(from_zero(from_one)) == agree(from_one) > 0


def test_even_cells_from_zero_hold_0_or_2():
    from_one = with_rules(Values.even(0, 4), Values.odd(5, 4))
    zero = from_zero(with_rules(Values.even(0, 4, first=0), Values.odd(5, 4, first=0)))
    assert agree(zero) == agree(from_one) > 0
    assert {solve(zero).grid[0]} <= {1, 3}  # grid values of the written 0 and 2


@pytest.mark.parametrize(
    "rule, moved",
    [
        (Cage((0, 1, 4), 6), Cage((0, 1, 4), 3)),
        (LittleKiller((0, 5, 10), 6), LittleKiller((0, 5, 10), 3)),
    ],
    ids=lambda r: f"{type(r).__name__}{r.total}",
)
def test_sums_move_by_one_per_cell(rule, moved):
    assert agree(from_zero(with_rules(moved))) == agree(with_rules(rule)) > 0


def test_answers_are_written_from_zero():
    puzzle = from_zero(with_rules(Thermometer((0, 1, 2, 3))))
    solved = solve(puzzle)
    line = format_line(puzzle, solved.grid)
    assert line[:4] == "0123"
    assert sorted(line) == sorted("0123" * 4)
    assert format_grid(puzzle, solved.grid).splitlines()[0] == "0 1 | 2 3"
    assert solved.rows[0] == [0, 1, 2, 3]
    assert [v for row in solved.rows for v in row] == [int(ch) for ch in line]
    assert count(puzzle, backend="cpsat").count == count(puzzle).count


def test_pictures_write_values_from_zero():
    puzzle = from_zero(with_rules(givens={0: 1, 5: 4}))
    texts = re.findall(r'<text class="given"[^>]*>(\w)</text>', puzzle_svg(puzzle))
    assert sorted(texts) == ["0", "3"]
