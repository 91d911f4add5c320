"""The thermometer rule, through nothing but its module: every engine that takes it agrees with
brute force, the verifier rejects a grid that breaks it, and the picture draws it."""

from dataclasses import replace
from itertools import pairwise

import pytest

from satdoku import count, solutions, violations
from satdoku.constraints.thermometer import Thermometer
from satdoku.errors import UsageError
from satdoku.formats.svg import puzzle_svg
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.solver.bruteforce import brute_force_count


def with_thermometers(*lines, givens=None, box=(2, 2)):
    geometry = Geometry(*box)
    blank = sudoku(geometry, givens or [0] * geometry.ncells)
    return replace(blank, constraints=blank.constraints + tuple(Thermometer(c) for c in lines))


ROW_1 = (0, 1, 2, 3)


def test_a_thermometer_along_a_whole_row_leaves_the_twelve_grids_of_row_1234():
    puzzle = with_thermometers(ROW_1)
    assert brute_force_count(puzzle) == 12  # 288 4x4 grids, 24 orders of the first row
    for backend in ("minisat22", "cadical195", "cpsat", "brute"):
        assert count(puzzle, backend=backend).count == 12


@pytest.mark.parametrize(
    "lines",
    [
        [(0, 4, 8)],
        [(5, 1), (6, 7, 3)],
        [(12, 9, 6, 3)],  # a diagonal line across boxes
        [(0, 1), (1, 2)],
        [(0, 1, 2, 3), (4, 5)],  # no room left: no solution
    ],
)
@pytest.mark.parametrize("encoding", ["minimal", "efficient+optimized", "extended+singles"])
def test_cnf_counts_match_brute_force_and_cpsat(lines, encoding):
    puzzle = with_thermometers(*lines)
    expected = brute_force_count(puzzle)
    assert count(puzzle, encoding=encoding, backend="minisat22").count == expected
    assert count(puzzle, backend="cpsat").count == expected


SOLVED_6X6 = (1, 2, 4, 5, 3, 6, 3, 5, 6, 1, 2, 4, 2, 4, 1, 6, 5, 3)
"""The top three rows of a 6x6 grid (2x3 boxes) whose first row rises to r1c4."""


def test_givens_are_folded_into_the_thermometer_on_6x6():
    givens = [0] * 36
    givens[2] = 4  # r1c3 = 4 on a line r1c1 -> r1c2 -> r1c3 -> r1c4: r1c4 in 5..6
    givens[12:18] = SOLVED_6X6[12:18]  # row 3 given: the count stays small
    puzzle = with_thermometers((0, 1, 2, 3), givens=givens, box=(2, 3))
    expected = brute_force_count(puzzle)
    assert expected > 1
    assert count(puzzle, backend="cpsat").count == expected
    for encoding in ("extended+optimized", "extended+singles", "minimal"):
        assert count(puzzle, encoding=encoding, backend="minisat22").count == expected
    for solution in solutions(puzzle, limit=None):
        grid = solution.grid
        assert grid[3] in (5, 6) and grid[0] < grid[1] < 4


def test_every_solution_rises_along_each_line():
    lines = [(12, 8, 4), (3, 2)]
    puzzle = with_thermometers(*lines)
    for solution in solutions(puzzle, limit=None):
        for line in lines:
            grid = solution.grid
            assert all(grid[a] < grid[b] for a, b in pairwise(line))


def test_the_verifier_names_a_thermometer_that_does_not_rise():
    puzzle = with_thermometers(ROW_1)
    grid = (2, 1, 3, 4, 3, 4, 1, 2, 1, 2, 4, 3, 4, 3, 2, 1)
    assert violations(puzzle, grid) == ["thermometer: [2, 1, 3, 4] does not rise from the bulb"]


def test_the_exact_cover_search_refuses_it_in_one_line():
    with pytest.raises(UsageError, match="takes no thermometer rules"):
        count(with_thermometers(ROW_1), backend="dpll")


def test_the_picture_draws_the_line_and_its_bulb():
    svg = puzzle_svg(with_thermometers((0, 5, 10)))
    assert svg.count('<path class="line"') == 1
    assert svg.count('<circle class="bulb"') == 1


def test_the_example_of_the_guide_prints_what_its_comments_say(capsys):
    import re
    from pathlib import Path

    guide = (Path(__file__).parent.parent / "docs" / "adding-a-constraint.md").read_text()
    block = re.findall(r"```python\n(.*?)```", guide, re.S)[-1]
    exec(compile(block, "docs/adding-a-constraint.md", "exec"), {})
    said = [line.split("#")[1].split(":")[0].strip() for line in block.splitlines() if "# " in line]
    assert capsys.readouterr().out.split("\n")[:-1] == said
