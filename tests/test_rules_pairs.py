"""Rules between two cells (Kropki dots, XV, greater than, anti-consecutive and the strict
forms) and grid-wide rules made of units (anti-knight, anti-king, disjoint sets): every engine
that takes them agrees with brute force, the verifier names a broken rule, engines that take
full units only refuse two-cell units in one line, and each rule draws its mark."""

from __future__ import annotations

import pytest

from satdoku import count, solutions, violations
from satdoku.constraints.antichess import anti_king, anti_knight, disjoint_sets
from satdoku.constraints.difference import NotConsecutive, anti_consecutive
from satdoku.constraints.greaterthan import GreaterThan
from satdoku.constraints.kropki import Kropki, NoKropki, related
from satdoku.constraints.pairs import neighbour_pairs
from satdoku.constraints.xv import XV, NoXV
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.model import Constraint
from satdoku.solver.bruteforce import brute_force_count
from tests.rules import agree, with_rules

G4 = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
G4_BOXES = (1, 2, 3, 4, 3, 4, 2, 1, 4, 3, 1, 2, 2, 1, 4, 3)
"""A 4x4 grid whose boxes start with 1, 3, 4, 1."""
G6 = (
    *(1, 2, 3, 4, 5, 6),
    *(4, 5, 6, 1, 2, 3),
    *(2, 3, 1, 5, 6, 4),
    *(5, 6, 4, 2, 3, 1),
    *(3, 1, 2, 6, 4, 5),
    *(6, 4, 5, 3, 1, 2),
)
KNIGHT_6 = (5, 3, 2, 1, 4, 6, 6, 4, 1, 5, 3, 2, 2, 1, 4, 6, 5, 3)
KING_6 = (3, 6, 5, 1, 2, 4, 4, 1, 2, 6, 5, 3, 6, 5, 4, 3, 1, 2)
CONSECUTIVE_6 = (6, 2, 4, 1, 3, 5, 3, 5, 1, 4, 6, 2, 5, 1, 3, 6, 2, 4)
"""The first three rows of 6x6 grids that keep the anti-knight, anti-king and
anti-consecutive rules."""


def rows(grid: tuple[int, ...], cells: int = 18) -> dict[int, int]:
    """The first ``cells`` values of ``grid`` as givens."""
    return dict(enumerate(grid[:cells]))


def strict(grid: tuple[int, ...], kropki: bool) -> tuple[Constraint, ...]:
    """Every pair of neighbours of the 6x6 ``grid`` marked as its values say: a dot (or a
    letter) where they have the relation, the strict rule elsewhere."""
    rules: list[Constraint] = []
    for a, b in neighbour_pairs(6, 6):
        v, w = grid[a], grid[b]
        if kropki:
            colour = next((c for c in ("white", "black") if related(c, v, w)), None)
            rules.append(Kropki(a, b, colour) if colour else NoKropki(a, b))
        else:
            rules.append(XV(a, b, v + w) if v + w in (5, 10) else NoXV(a, b))
    return tuple(rules)


SIX = {"box": (2, 3), "givens": rows(G6)}

CASES = {
    "white": ([Kropki(0, 1, "white")], {}),
    "black down": ([Kropki(4, 8, "black")], {}),
    "dots in a row": ([Kropki(0, 1, "white"), Kropki(1, 2, "black"), Kropki(5, 9, "white")], {}),
    "black given": ([Kropki(0, 1, "black")], {"givens": {0: 2}}),
    "black row: no solution": ([Kropki(a, a + 1, "black") for a in range(3)], {}),
    "dots 6x6": (
        [Kropki(18, 19, "white"), Kropki(20, 21, "black"), Kropki(24, 30, "black")],
        SIX,
    ),
    "dot given 6x6": ([Kropki(16, 22, "black"), Kropki(21, 22, "white")], SIX),
    "no dot": ([NoKropki(0, 1)], {}),
    "no dot, one colour": ([NoKropki(0, 1, ("white",)), NoKropki(0, 4, ("black",))], {}),
    "no dot given": ([NoKropki(0, 1), NoKropki(0, 4)], {"givens": {0: 1}}),
    "no dots in a row: no solution": ([NoKropki(a, a + 1) for a in range(3)], {}),
    "strict kropki 6x6": (strict(G6, kropki=True), {"box": (2, 3), "givens": rows(G6, 12)}),
    "v": ([XV(0, 1, 5)], {}),
    "v twice": ([XV(0, 4, 5), XV(5, 6, 5)], {}),
    "v given": ([XV(0, 1, 5)], {"givens": {0: 1}}),
    "x on 4x4: no solution": ([XV(0, 1, 10)], {}),
    "xv 6x6": ([XV(21, 22, 5), XV(30, 31, 10), XV(27, 28, 10)], SIX),
    "no letter": ([NoXV(0, 1)], {}),
    "no letters in a row": ([NoXV(a, a + 1) for a in range(3)], {}),
    "no letter given": ([NoXV(0, 1), NoXV(0, 4, (5,))], {"givens": {0: 2}}),
    "letter and none: no solution": ([XV(0, 1, 5), NoXV(0, 1)], {}),
    "strict xv 6x6": (strict(G6, kropki=False), {"box": (2, 3), "givens": rows(G6, 12)}),
    "greater": ([GreaterThan(0, 1)], {}),
    "falling row": ([GreaterThan(a, a + 1) for a in range(3)], {}),
    "greater given": ([GreaterThan(0, 1), GreaterThan(4, 0)], {"givens": {0: 3}}),
    "greater in a ring: no solution": (
        [GreaterThan(0, 1), GreaterThan(1, 5), GreaterThan(5, 4), GreaterThan(4, 0)],
        {},
    ),
    "greater 6x6": ([GreaterThan(19, 20), GreaterThan(27, 33), GreaterThan(29, 23)], SIX),
    "not consecutive": ([NotConsecutive(0, 1)], {}),
    "not consecutive down": ([NotConsecutive(0, 4), NotConsecutive(4, 5)], {}),
    "not consecutive given": ([NotConsecutive(0, 1)], {"givens": {0: 2}}),
    "anti-consecutive 4x4: no solution": (anti_consecutive(4, 4), {}),
    "anti-consecutive 6x6": (
        anti_consecutive(6, 6),
        {"box": (2, 3), "givens": rows(CONSECUTIVE_6, 12)},
    ),
    "anti-knight": (anti_knight(4, 4), {}),
    "anti-knight given": (anti_knight(4, 4), {"givens": {0: 1, 1: 2}}),
    "anti-knight clash: no solution": (anti_knight(4, 4), {"givens": {0: 1, 6: 1}}),
    "anti-knight 6x6": (anti_knight(6, 6), {"box": (2, 3), "givens": rows(KNIGHT_6, 12)}),
    "anti-king 4x4: no solution": (anti_king(4, 4), {}),
    "anti-king 6x6": (anti_king(6, 6), {"box": (2, 3), "givens": rows(KING_6, 12)}),
    "disjoint sets": (disjoint_sets(Geometry(2, 2)), {}),
    "disjoint sets given": (disjoint_sets(Geometry(2, 2)), {"givens": {0: 1, 2: 2}}),
    "disjoint sets 6x6": (disjoint_sets(Geometry(2, 3)), SIX),
}
NO_SOLUTION = [name for name in CASES if "no solution" in name]


@pytest.mark.parametrize("name", CASES)
def test_every_engine_agrees_with_brute_force(name):
    rules, options = CASES[name]
    found = agree(with_rules(*rules, **options))
    assert (found == 0) == (name in NO_SOLUTION)


KING = next(unit for unit in anti_king(4, 4) if unit.cells == (5, 10))
BROKEN = [
    (Kropki(0, 4, "white"), "kropki: 1 and 3 are not consecutive (white dot)"),
    (Kropki(1, 2, "black"), "kropki: 2 and 3 are not one twice the other (black dot)"),
    (NoKropki(0, 1), "no kropki dot: 1 and 2 are consecutive or one twice the other (no dot"),
    (NoKropki(1, 5, ("black",)), "no kropki dot: 2 and 4 are one twice the other (no dot"),
    (XV(0, 1, 10), "xv: 1 and 2 do not add up to 10"),
    (NoXV(1, 2), "no xv letter: 2 and 3 add up to 10 or 5 (no letter between them)"),
    (GreaterThan(0, 1), "greater than: 1 and 2 do not fall (the first must be greater)"),
    (NotConsecutive(2, 3), "anti-consecutive: 3 and 4 are consecutive"),
    (anti_knight(4, 4)[0], "knight's move r1c1-r2c3: repeated value in [1, 1]"),
    (KING, "king's move r2c2-r3c3: repeated value in [4, 4]"),
]


@pytest.mark.parametrize(("rule", "message"), BROKEN, ids=[m for _, m in BROKEN])
def test_the_verifier_names_a_broken_rule(rule, message):
    found = violations(with_rules(rule), G4)
    assert len(found) == 1 and found[0].startswith(message)


def test_the_verifier_names_a_disjoint_set_with_a_repeated_value():
    puzzle = with_rules(*disjoint_sets(Geometry(2, 2)))
    assert violations(puzzle, G4) == []
    found = violations(puzzle, G4_BOXES)
    assert found[0] == "disjoint set 1: repeated value in [1, 3, 4, 1]"
    assert all(line.startswith("disjoint set ") for line in found)


def test_two_cell_units_are_peers_and_verified():
    puzzle = with_rules(*anti_knight(4, 4))
    assert {6, 9} <= puzzle.peers[0]  # r2c3 and r3c2, a knight's move from r1c1
    assert 6 not in with_rules().peers[0]
    assert violations(puzzle, G4)[0] == "knight's move r1c1-r2c3: repeated value in [1, 1]"


@pytest.mark.parametrize("backend", [None, "minisat22", "cadical195", "cpsat", "brute"])
def test_two_cell_units_are_taken_by_the_cnf_and_cpsat_backends(backend):
    puzzle = with_rules(*anti_knight(4, 4))
    assert count(puzzle, backend=backend).count == brute_force_count(puzzle)


@pytest.mark.parametrize("encoding", ["matrix", "bitmask"])
@pytest.mark.parametrize(
    ("rules", "said"),
    [
        (anti_knight(4, 4), "takes units of 4 cells only"),
        ((Kropki(0, 1, "white"),), "takes no kropki rules"),
        ((NoXV(0, 1),), "takes no no-xv rules"),
    ],
)
def test_the_compiled_search_refuses_them_in_one_line(rules, said, encoding):
    with pytest.raises(UsageError, match=said) as refused:
        count(with_rules(*rules), backend="dpll", encoding=encoding)
    assert "\n" not in str(refused.value)


def test_disjoint_sets_are_full_units_the_compiled_search_takes():
    puzzle = with_rules(*disjoint_sets(Geometry(2, 2)))
    assert count(puzzle, backend="dpll").count == brute_force_count(puzzle) == 168


class Marks:
    """A canvas that records what is drawn on it."""

    def __init__(self) -> None:
        self.drawn: list[tuple[object, ...]] = []

    def dot(self, a: int, b: int, filled: bool) -> None:
        self.drawn.append(("dot", a, b, filled))

    def edge(self, a: int, b: int, text: str) -> None:
        self.drawn.append(("edge", a, b, text))


@pytest.mark.parametrize(
    ("rule", "drawn"),
    [
        (Kropki(0, 1, "white"), [("dot", 0, 1, False)]),
        (Kropki(0, 4, "black"), [("dot", 0, 4, True)]),
        (XV(0, 1, 10), [("edge", 0, 1, "X")]),
        (XV(0, 1, 5), [("edge", 0, 1, "V")]),
        (GreaterThan(5, 1), [("edge", 5, 1, ">")]),
        (NoKropki(0, 1), []),
        (NoXV(0, 1), []),
        (NotConsecutive(0, 1), []),
    ],
)
def test_each_rule_draws_its_mark(rule, drawn):
    marks = Marks()
    rule.draw(marks)
    assert marks.drawn == drawn


def test_a_pair_rule_knows_its_cells_and_refuses_unknown_colours():
    assert Kropki(3, 7, "black").cells == (3, 7)
    assert GreaterThan(2, 1).cells == (2, 1)
    assert NoKropki(0, 1, ["white"]) == NoKropki(0, 1, ("white",))
    with pytest.raises(ValueError, match="white or black, not grey"):
        Kropki(0, 1, "grey")


def test_neighbour_pairs_cover_each_edge_once():
    pairs = neighbour_pairs(2, 3)
    assert pairs == ((0, 1), (0, 3), (1, 2), (1, 4), (2, 5), (3, 4), (4, 5))
    assert len(neighbour_pairs(9, 9)) == 2 * 9 * 8
    assert len(anti_king(9, 9)) == 2 * 8 * 8
    assert len(anti_knight(9, 9)) == 4 * 7 * 8


ISS = {
    "strict kropki": (
        ".BlackDot~R1C6~R1C7~R2C7~R4C9~R4C8~R5C8~R8C7~R9C7~R9C6~R7C4~R7C5~R6C5~R6C6~R9C4~R9C3"
        "~R8C3~R5C1~R5C2.BlackDot~R4C5~R5C5.WhiteDot~R3C9~R4C9~R4C7~R5C7~R5C6~R7C8~R7C9~R1C8"
        "~R2C8~R1C6~R2C6~R3C5~R3C4~R4C4~R5C3~R5C2~R6C2~R8C2~R8C3~R8C5~R8C6.WhiteDot~R8C8~R8C9"
        "~R5C8~R5C9~R6C2~R6C3~R4C4~R4C5~R7C1~R8C1.WhiteDot~R1C2~R1C1.WhiteDot~R5C1~R6C1~R2C1"
        "~R2C2.StrictKropki",
        "983162475451793862627458319169325748845917623732684951316249587298576134574831296",
    ),
    "strict xv": (
        ".~R2C5_1~R8C5_2.X~R1C3~R2C3~R2C1~R3C1~R1C8~R1C9~R3C9~R3C8~R5C6~R5C5~R6C3~R6C4~R8C4"
        "~R9C4~R7C8~R8C8.X~R6C2~R7C2~R7C4~R7C5~R7C9~R8C9~R3C7~R3C6.X~R7C3~R8C3.V~R7C3~R7C4"
        "~R4C1~R5C1~R2C8~R2C9~R5C7~R5C8.StrictXV",
        "683472519947516832152983764361849275295637148478251396834195627516724983729368451",
    ),
}
"""Two puzzles of the Interactive Sudoku Solver's collection, with the solution it gives."""


def from_iss(text: str) -> tuple[tuple[Constraint, ...], dict[int, int]]:
    """The rules and givens of a 9x9 ISS puzzle made of dots, letters and givens: a list of
    cells marks each orthogonal neighbour listed after a cell."""
    marked: list[Constraint] = []
    givens: dict[int, int] = {}
    strict_rules = set()
    for part in text.split(".")[1:]:
        kind, *args = part.split("~")
        if not args:
            strict_rules.add(kind)
            continue
        if not kind:
            for arg in args:
                givens[(int(arg[1]) - 1) * 9 + int(arg[3]) - 1] = int(arg[5])
            continue
        cells = [(int(a[1]) - 1) * 9 + int(a[3]) - 1 for a in args]
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                if abs(a - b) == 9 or (abs(a - b) == 1 and a // 9 == b // 9):
                    mark = {"WhiteDot": "white", "BlackDot": "black", "X": 10, "V": 5}[kind]
                    marked.append(Kropki(a, b, mark) if isinstance(mark, str) else XV(a, b, mark))
    family = "kropki" if "StrictKropki" in strict_rules else "xv"
    seen = {frozenset(rule.cells) for rule in marked if rule.family == family}
    unmarked = [pair for pair in neighbour_pairs(9, 9) if frozenset(pair) not in seen]
    strict_form = NoKropki if family == "kropki" else NoXV
    return tuple(marked) + tuple(strict_form(a, b) for a, b in unmarked), givens


@pytest.mark.parametrize("name", ISS)
@pytest.mark.parametrize("backend", ["minisat22", "cpsat"])
def test_strict_puzzles_of_the_iss_collection_have_its_one_solution(name, backend):
    text, solution = ISS[name]
    rules, givens = from_iss(text)
    puzzle = with_rules(*rules, box=(3, 3), givens=givens)
    found = solutions(puzzle, backend=backend, limit=2)
    assert ["".join(map(str, s.grid)) for s in found] == [solution]
