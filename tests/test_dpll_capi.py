"""The compiled search's Python interface (``satdoku.solver._dpll.Cover``) cannot be crashed:
every call, in any state and with any arguments, either works or raises a one-line
ValueError, TypeError or RuntimeError and leaves the object usable. Each check runs in a
child interpreter, so that a crash fails its test instead of ending pytest."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import satdoku
from satdoku.encodings.exactcover import ExactCover
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku as sudoku_puzzle
from satdoku.solver.dpll import available
from satdoku.verify import check
from tests.conftest import ROOT, data_lines

pytestmark = pytest.mark.skipif(not available(), reason="the C extension is not built")

CHILD_TIMEOUT = 300


def run_child(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new interpreter that imports this satdoku and these tests."""
    home = Path(satdoku.__file__).resolve().parents[1]
    paths = [str(home), str(ROOT)]
    if os.environ.get("PYTHONPATH"):
        paths.append(os.environ["PYTHONPATH"])
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=home,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(paths)},
        timeout=CHILD_TIMEOUT,
    )


PRELUDE = """
import copy, gc, pickle
from satdoku import Geometry, Puzzle, parse_puzzle
from satdoku.encodings.exactcover import ExactCover
from satdoku.kinds.classic import sudoku as sudoku_puzzle
from satdoku.solver._dpll import Cover

def one():  # one row, one column, one slot
    return Cover(1, 1, [0, 1], [0], [0], [1])

def sudoku(rows, cols, givens=None):
    geometry = Geometry(rows, cols)
    matrix = ExactCover.of(sudoku_puzzle(geometry, [0] * geometry.ncells))
    start, columns = matrix.rows_columns
    args = (len(matrix.columns), matrix.ncells, start, columns, matrix.row_cells,
            matrix.row_values)
    return Cover(*args), args

HARD = parse_puzzle(
    "1....6.8....7......9..5.......56..3.3.............38.15....1.6.....2.4..8.2..5.1."
).givens  # no solution, and almost 2,000 nodes to find that out

def refused(call):
    try:
        call()
    except (ValueError, TypeError, RuntimeError) as error:
        assert "\\n" not in str(error), str(error)
        print(type(error).__name__)
        return
    print("accepted")

def drain(cover, *args):
    found = []
    while (grid := cover.next(*args)) is not None:
        found.append(grid)
    return found
"""

# Each: what it does, then the lines it must print.
SEQUENCES = {
    "a failing __init__ in mid-search leaves the matrix and the search as they were": (
        """
        c = one()
        c.start([1])
        refused(lambda: c.__init__(1, 1, [0, 1], [5], [0], [1]))
        print(c.next(), c.next(), c.exhausted)
        """,
        "ValueError\n(1,) None True",
    ),
    "failing __init__ of every sort, then the object still searches": (
        """
        c, args = sudoku(2, 2)
        c.start([0] * 16)
        c.next()
        for bad in [(), (1,), (-1, 1, [0], [], [], []), (2**24, 1, [0], [], [], []),
                    (0, 2**31, [0], [], [], []), (2**70, 1, [0], [], [], []),
                    (1.5, 1, [0], [], [], []), (1, 1, 5, [0], [0], [1]),
                    (1, 1, [], [], [], []), (1, 1, [0, 2], [0, 0], [0], [1]),
                    (1, 1, [1, 1], [0], [0], [1]), (1, 1, [0, 1], [0], [0], [0]),
                    (1, 1, [0, 1], [0], [1], [1]), (1, 1, [0, 1], [0], [0], [2**16]),
                    (1, 1, [0, 1], ["0"], [0], [1]), (1, 1, [0, 1], [None], [0], [1]),
                    (1, 1, (x for x in [0, 1]), [0], [0], [1]), (2, 1, [0, 1, 1], [0], [0, 0], [1, 1])]:
            refused(lambda: c.__init__(*bad))
        print(len(drain(c)) + 1, c.exhausted)
        """,
        "TypeError\n" * 2
        + "ValueError\n" * 4
        + "TypeError\n" * 2
        + "ValueError\n" * 6
        + "TypeError\n" * 3
        + "ValueError\n288 True",
    ),
    "methods of an object whose __init__ never ran": (
        """
        c = Cover.__new__(Cover)
        print(c.nodes, c.exhausted)
        refused(lambda: c.next())
        refused(lambda: c.start([]))
        refused(lambda: c.__init__(1, 1, [0, 1], [5], [0], [1]))
        refused(lambda: c.next())
        c.__init__(1, 1, [0, 1], [0], [0], [1])
        c.start([0])
        print(c.next(), c.next(), c.exhausted, c.nodes)
        """,
        "0 True\nRuntimeError\nRuntimeError\nValueError\nRuntimeError\n(1,) None True 2",
    ),
    "copying and pickling are refused": (
        """
        c = one()
        c.start([1])
        refused(lambda: copy.copy(c))
        refused(lambda: pickle.dumps(c))
        print(c.next())
        """,
        "TypeError\nTypeError\n(1,)",
    ),
    "__init__ again, good, in mid-search and after exhaustion": (
        """
        c, args = sudoku(2, 2)
        c.start([0] * 16)
        c.next()
        c.__init__(*args)
        print(c.exhausted, c.nodes, c.next())
        c.start([0] * 16)
        print(len(drain(c)))
        print(c.next(), c.exhausted)
        c.__init__(1, 1, [0, 1], [0], [0], [1])
        c.start([1])
        print(c.next())
        """,
        "True 0 None\n288\nNone True\n(1,)",
    ),
    "start with bad givens leaves the search going; start again in mid-search starts afresh": (
        """
        c, args = sudoku(2, 2)
        c.start([0] * 16)
        first = c.next()
        for bad in [[0] * 15, [0] * 17, [5] + [0] * 15, [-1] + [0] * 15, ["1"] + [0] * 15,
                    [1.0] + [0] * 15, [None] + [0] * 15, [2**80] + [0] * 15, None, 5,
                    {0: 0}, {0}, iter([0] * 16), "0" * 16]:
            refused(lambda: c.start(bad))
        print(len(drain(c)) + 1)
        c.start([0] * 16)
        c.next()
        c.start(tuple(first))
        print(c.next() == first, c.next(), c.exhausted)
        c.start(bytes(16))
        print(len(drain(c)))
        """,
        "ValueError\n" * 4
        + "TypeError\n" * 3
        + "ValueError\n"
        + "TypeError\n" * 6
        + "288\nTrue None True\n288",
    ),
    "next before start, and after exhaustion": (
        """
        c, args = sudoku(2, 3)
        print(c.next(), c.exhausted, c.nodes)
        c.start([0] * 36)
        print(c.next() is not None, c.exhausted)
        c = one()
        c.start([0])
        print(c.next(), c.next(), c.next(), c.exhausted)
        """,
        "None True 0\nTrue False\n(1,) None None True",
    ),
    "odd budgets": (
        """
        c, args = sudoku(3, 3)
        c.start(HARD)
        for budget in (-1, -2**70, 1.5, "1", None):
            refused(lambda: c.next(budget))
        print(c.next(1), c.nodes, c.exhausted)
        print(c.next(budget=100), c.nodes)
        print(c.next(2**70), c.exhausted)
        fresh, _ = sudoku(3, 3)
        fresh.start(HARD)
        print(fresh.next(), c.nodes == fresh.nodes)
        """,
        "ValueError\nValueError\nTypeError\nTypeError\nTypeError\n"
        "None 1 False\nNone 100\nNone True\nNone True",
    ),
    "a poll that raises, or is not callable": (
        """
        c, args = sudoku(3, 3)
        c.start(HARD)
        refused(lambda: c.next(0, 5))
        refused(lambda: c.next(poll="x"))
        def poll():
            raise KeyError("stop")
        for _ in range(3):
            try:
                c.next(0, poll)
            except KeyError:
                print("KeyError", c.nodes, c.exhausted)
        print(c.next(0, lambda: 1), c.exhausted)
        fresh, _ = sudoku(3, 3)
        fresh.start(HARD)
        print(fresh.next(), c.nodes == fresh.nodes)
        """,
        "TypeError\nTypeError\n" + "KeyError 1023 False\n" * 3 + "None True\nNone True",
    ),
    "a poll that calls the object back is refused, and the search goes on": (
        """
        c, args = sudoku(3, 3)
        c.start(HARD)
        def poll():
            print(c.nodes, c.exhausted)
            refused(lambda: c.__init__(*args))
            refused(lambda: c.__init__(1, 1, [0, 1], [5], [0], [1]))
            refused(lambda: c.start([0] * 81))
            refused(lambda: c.next())
            gc.collect()
        print(c.next(0, poll), c.exhausted)
        """,
        "1024 False\nRuntimeError\nValueError\nRuntimeError\nRuntimeError\nNone True",
    ),
    "Python code inside start and __init__ (__index__, __len__) that calls the object": (
        """
        c, args = sudoku(2, 2)
        givens = [0] * 16
        class Shrink:
            def __index__(self):
                givens.clear()  # the list start() is reading
                gc.collect()
                return 0
        givens[0] = Shrink()
        c.start(givens)
        print(len(drain(c)))
        class Swap:
            def __index__(self):
                c.__init__(1, 1, [0, 1], [0], [0], [1])  # nslots 16 -> 1
                return 0
        refused(lambda: c.start([Swap()] + [0] * 15))
        c.start([1])
        print(c.next())
        c, args = sudoku(2, 2)
        class Again:
            def __index__(self):
                c.__init__(*args)
                c.start([0] * 16)
                c.next()
                return 0
        c.__init__(1, 1, [0, 1], [Again()], [0], [1])
        c.start([1])
        print(c.next(), c.next())
        """,
        "288\nValueError\n(1,)\n(1,) None",
    ),
    "a column twice in a row, empty columns, empty matrices": (
        """
        refused(lambda: Cover(2, 1, [0, 3], [0, 1, 0], [0], [1]))
        c = Cover(0, 0, [0], [], [], [])
        c.start([])
        print(c.next(), c.next(), c.exhausted)
        c = Cover(2, 2, [0, 1], [0], [1], [1])  # column 1 has no row
        c.start([0, 0])
        print(c.next(), c.exhausted)
        c = Cover(0, 3, [0], [], [], [])
        c.start([0, 0, 0])
        print(c.next())
        refused(lambda: c.start([0, 1, 0]))
        """,
        "ValueError\n() None True\nNone True\n(0, 0, 0)\nValueError",
    ),
    "objects dropped in mid-search, in garbage-collected cycles": (
        """
        for _ in range(50):
            c, args = sudoku(2, 3)
            c.start([0] * 36)
            c.next()
            loop = [c]
            loop.append(loop)
        gc.collect()
        c, args = sudoku(2, 3)
        c.start([0] * 36)
        holder = {"cover": c}
        holder["self"] = holder
        del c
        gc.collect()
        print(holder["cover"].next() is not None)
        del holder
        gc.collect()
        print("done")
        """,
        "True\ndone",
    ),
}


@pytest.mark.parametrize("name", list(SEQUENCES))
def test_call_sequences_end_cleanly(name):
    """The sequence runs in a child interpreter: a crash is its exit status, not pytest's."""
    code, expected = SEQUENCES[name]
    child = run_child(PRELUDE + textwrap.dedent(code))
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == expected.strip()


# The state machine: random call sequences on one Cover, checked against a model.


class PollError(Exception):
    """What the raising poll raises."""


@dataclass(frozen=True)
class Matrix:
    """Arguments of Cover and, for a Sudoku's rules, its geometry (None: a small random
    matrix, whose slots are all different, checked against a brute-force count)."""

    args: tuple[Any, ...]
    geometry: Geometry | None = None

    @property
    def nslots(self) -> int:
        return int(self.args[1])

    def slot_labels(self) -> dict[int, int]:
        """The label of the row in each slot (small matrices have one row per slot)."""
        return dict(zip(self.args[4], self.args[5], strict=True))


@cache
def sudoku_matrix(rows: int, cols: int) -> Matrix:
    geometry = Geometry(rows, cols)
    matrix = ExactCover.of(sudoku_puzzle(geometry, [0] * geometry.ncells))
    start, columns = matrix.rows_columns
    args = (len(matrix.columns), matrix.ncells, start, columns, matrix.row_cells, matrix.row_values)
    return Matrix(args, geometry)


@cache
def a_6x6_solution() -> tuple[int, ...]:
    from satdoku.solver._dpll import Cover

    cover = Cover(*sudoku_matrix(2, 3).args)
    cover.start([0] * 36)
    grid: tuple[int, ...] = cover.next()
    return grid


@cache
def hard_9x9_givens() -> list[tuple[int, ...]]:
    """The tdoku test puzzles with at most one solution whose search takes more nodes than
    there are between two polls (1,024, as next() says)."""
    from satdoku.solver._dpll import Cover

    cover = Cover(*sudoku_matrix(3, 3).args)
    found = []
    for line in data_lines("tdoku_test_puzzles.txt"):
        text, count = line.split(":")[:2]
        givens = tuple(int(c) if c.isdigit() else 0 for c in text)
        if int(count) <= 1:
            cover.start(givens)
            list(iter(cover.next, None))
            if cover.nodes > 1024:
                found.append(givens)
    return found


@st.composite
def small_matrices(draw: st.DrawFn) -> Matrix:
    ncols = draw(st.integers(0, 4))
    nrows = draw(st.integers(0, 6)) if ncols else 0
    nslots = nrows + draw(st.integers(0, 2))
    slots = draw(st.permutations(range(nslots)))[:nrows]
    start, cols = [0], []
    for _ in range(nrows):
        cols += sorted(draw(st.sets(st.integers(0, ncols - 1), min_size=1)))
        start.append(len(cols))
    labels = draw(st.lists(st.integers(1, 3), min_size=nrows, max_size=nrows))
    return Matrix((ncols, nslots, start, cols, list(slots), labels))


MATRICES = st.one_of(
    st.sampled_from([(3, 3), (2, 3), (2, 2)]).map(lambda shape: sudoku_matrix(*shape)),
    small_matrices(),
)

BAD_ITEMS = [1.5, "1", None, 2**80, -(2**80), object()]


@st.composite
def bad_arguments(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Arguments of Cover that are wrong in one way."""
    args = list(draw(small_matrices()).args)
    args[2:] = [list(a) for a in args[2:]]
    ncols, nslots, start, cols, slots, labels = args
    nrows = len(slots)
    how = draw(st.sampled_from(["arity", "keyword", "size", "type", "sequence", "item"]))
    if how == "arity":
        return tuple(args[: draw(st.integers(0, 5))]), {}
    if how == "keyword":
        return tuple(args[:5]), {"labels": labels}
    if how == "size":
        args[draw(st.integers(0, 1))] = draw(st.sampled_from([-1, 2**24, 2**31, 2**70]))
    elif how == "type":
        args[draw(st.integers(0, 5))] = draw(st.sampled_from([1.5, "3", None, iter([0])]))
    elif how == "sequence":
        which = draw(st.integers(2, 5))
        args[which] = (
            args[which] + [0] if draw(st.booleans()) or not args[which] else args[which][1:]
        )
    else:
        choices = ["start0"]
        if cols:
            choices += ["column", "twice"]
        if nrows:
            choices += ["slot", "label", "empty", "item"]
        match draw(st.sampled_from(choices)):
            case "start0":
                start[0] = 1
            case "column":
                cols[draw(st.integers(0, len(cols) - 1))] = ncols
            case "twice":
                cols.insert(0, cols[0])
                start[1:] = [s + 1 for s in start[1:]]
            case "slot":
                slots[draw(st.integers(0, nrows - 1))] = draw(st.sampled_from([-1, nslots]))
            case "label":
                labels[draw(st.integers(0, nrows - 1))] = draw(st.sampled_from([0, 2**16, -5]))
            case "empty":
                start[1] = 0
            case "item":
                target = draw(st.sampled_from([start, slots, labels]))
                target[draw(st.integers(0, len(target) - 1))] = draw(st.sampled_from(BAD_ITEMS))
    return tuple(args), {}


def exact_covers(matrix: Matrix, givens: list[int]) -> list[tuple[int, ...]]:
    """Every grid of a small matrix with these givens, by trying every set of rows."""
    ncols, nslots, start, cols, slots, labels = matrix.args
    rows = [set(cols[start[r] : start[r + 1]]) for r in range(len(slots))]
    chosen = {r for r in range(len(rows)) if givens[slots[r]] == labels[r]}
    found = []
    for k in range(len(rows) + 1):
        for subset in combinations(range(len(rows)), k):
            covered = sorted(c for r in subset for c in rows[r])
            if chosen <= set(subset) and covered == list(range(ncols)):
                grid = [0] * nslots
                for r in subset:
                    grid[slots[r]] = labels[r]
                found.append(tuple(grid))
    return sorted(found)


@dataclass
class SearchModel:
    """A search started on the Cover: its givens, what it returned, what it must return."""

    matrix: Matrix
    givens: list[int]
    found: list[tuple[int, ...]] = field(default_factory=list)
    exhausted: bool = False

    def verify(self, grid: tuple[int, ...]) -> None:
        assert isinstance(grid, tuple) and len(grid) == self.matrix.nslots
        assert grid not in self.found
        if self.matrix.geometry is not None:
            check(sudoku_puzzle(self.matrix.geometry, self.givens), grid)
        self.found.append(grid)

    def finish(self, nodes: int) -> None:
        """The search says it is exhausted: it gave what a fresh search gives, in as many
        nodes; on a small matrix, every exact cover."""
        from satdoku.solver._dpll import Cover

        fresh = Cover(*self.matrix.args)
        fresh.start(self.givens)
        grids = list(iter(fresh.next, None))
        assert grids == self.found
        assert fresh.nodes == nodes
        if self.matrix.geometry is None:
            assert exact_covers(self.matrix, self.givens) == sorted(self.found)
        self.exhausted = True


def refuse(call: Any, *kinds: type[Exception]) -> Exception:
    """Call, expecting one of ``kinds`` with a one-line message."""
    try:
        call()
    except kinds as error:
        assert "\n" not in str(error) and str(error)
        return error
    raise AssertionError(f"accepted, expected {kinds}")


class CoverMachine(RuleBasedStateMachine):
    """One Cover, driven by random calls; the model says what each must do."""

    def __init__(self) -> None:
        super().__init__()
        from satdoku.solver._dpll import Cover

        self.type = Cover
        self.cover = Cover.__new__(Cover)
        self.matrix: Matrix | None = None
        self.search: SearchModel | None = None
        self.problems: list[str] = []

    @initialize(matrix=MATRICES, how=st.sampled_from(["new", "built", "started"]), data=st.data())
    def begin(self, matrix: Matrix, how: str, data: st.DataObject) -> None:
        """An object whose __init__ never ran, a built one, or one with a search started."""
        if how != "new":
            self.init(matrix)
        if how == "started":
            self.start(data, list)

    @rule(matrix=MATRICES)
    def init(self, matrix: Matrix) -> None:
        self.cover.__init__(*matrix.args)
        self.matrix, self.search = matrix, None

    @rule(matrix=MATRICES, data=st.data())
    def init_and_start(self, matrix: Matrix, data: st.DataObject) -> None:
        self.init(matrix)
        self.start(data, tuple)

    @rule(index=st.integers(0, 2), poll=st.sampled_from(["raise", "reenter", "count"]))
    def search_long(self, index: int, poll: str) -> None:
        """A 9x9 search long enough to call the poll, then next() with it."""
        hard = hard_9x9_givens()
        if self.matrix != sudoku_matrix(3, 3):
            self.init(sudoku_matrix(3, 3))
        self.cover.start(hard[index % len(hard)])
        self.search = SearchModel(sudoku_matrix(3, 3), list(hard[index % len(hard)]))
        self.next_once(0, poll)

    @rule(bad=bad_arguments())
    def init_badly(self, bad: tuple[tuple[Any, ...], dict[str, Any]]) -> None:
        args, kwargs = bad
        refuse(lambda: self.cover.__init__(*args, **kwargs), ValueError, TypeError)

    @rule(data=st.data(), shape=st.sampled_from([list, tuple, bytes]))
    @precondition(lambda self: self.matrix is not None)
    def start(self, data: st.DataObject, shape: type) -> None:
        assert self.matrix is not None
        givens = data.draw(self.givens_of(self.matrix))
        if shape is bytes and max(givens, default=0) > 255:
            shape = list
        self.cover.start(shape(givens))
        self.search = SearchModel(self.matrix, givens)

    def givens_of(self, matrix: Matrix) -> st.SearchStrategy[list[int]]:
        if matrix.geometry is None:
            labels = matrix.slot_labels()
            return st.tuples(
                *[
                    st.sampled_from([0, labels[s]]) if s in labels else st.just(0)
                    for s in range(matrix.nslots)
                ]
            ).map(list)
        size = matrix.geometry.size
        if size == 4:
            return st.lists(st.integers(0, 4), min_size=16, max_size=16)
        if size == 9:
            return st.sampled_from(hard_9x9_givens()).map(list)

        @st.composite
        def near_6x6(draw: st.DrawFn) -> list[int]:
            """A solution with its digits renamed, some cells blanked, maybe one changed."""
            names = draw(st.permutations(range(1, 7)))
            givens = [names[v - 1] for v in a_6x6_solution()]
            for cell in draw(st.sets(st.integers(0, 35), max_size=18)):
                givens[cell] = 0
            if draw(st.booleans()):
                givens[draw(st.integers(0, 35))] = draw(st.integers(1, 6))
            return givens

        return near_6x6()

    @rule(data=st.data())
    def start_badly(self, data: st.DataObject) -> None:
        n = self.matrix.nslots if self.matrix else 3
        labels = self.matrix.slot_labels() if self.matrix and not self.matrix.geometry else {}
        missing = [s for s in range(n) if s not in labels]
        bad: Any
        how = data.draw(st.sampled_from(["length", "item", "label", "sequence"]))
        if how == "length":
            bad = [0] * data.draw(st.sampled_from([n + 1, max(n - 1, 0) if n else 2]))
        elif how == "sequence":
            bad = data.draw(st.sampled_from([None, 5, {0}, {0: 0}, iter([0] * n)]))
        elif not n:
            bad = [1]
        elif how == "item":
            bad = [0] * n
            bad[data.draw(st.integers(0, n - 1))] = data.draw(st.sampled_from(BAD_ITEMS))
        else:  # a label no row has
            bad = [0] * n
            if self.matrix and self.matrix.geometry:
                bad[data.draw(st.integers(0, n - 1))] = self.matrix.geometry.size + 1
            elif missing:
                bad[data.draw(st.sampled_from(missing))] = 1
            else:
                slot = data.draw(st.integers(0, n - 1))
                bad[slot] = labels[slot] + 1
        kinds = (ValueError, TypeError) if self.matrix else (RuntimeError,)
        refuse(lambda: self.cover.start(bad), *kinds)

    @rule(
        budget=st.one_of(st.sampled_from([0, 1, 2, 2**70, -1, -(2**70)]), st.integers(0, 3000)),
        poll=st.sampled_from(["raise", "reenter", "none", "count", "not callable"]),
        calls=st.one_of(st.integers(1, 30), st.just(2000)),
    )
    def next(self, budget: int, poll: str, calls: int) -> None:
        """``calls`` calls of next(budget, poll), or fewer when one returns None."""
        for _ in range(calls):
            if not self.next_once(budget, poll):
                break

    def next_once(self, budget: int, poll: str) -> bool:
        callback: Any = {
            "none": None,
            "count": lambda: None,
            "raise": self.raise_poll,
            "reenter": self.reenter,
            "not callable": 5,
        }[poll]
        if budget < 0:
            refuse(lambda: self.cover.next(budget, callback), ValueError)
            return False
        if poll == "not callable":
            refuse(lambda: self.cover.next(budget, callback), TypeError)
            return False
        if self.matrix is None:
            refuse(lambda: self.cover.next(budget, callback), RuntimeError)
            return False
        try:
            grid = self.cover.next(budget, callback)
        except PollError:
            return False
        assert not self.problems, self.problems
        if grid is not None:
            assert self.search is not None and not self.search.exhausted
            self.search.verify(grid)
            return True
        if self.cover.exhausted:
            if self.search is not None and not self.search.exhausted:
                self.search.finish(self.cover.nodes)
        else:
            assert 0 < budget < 2**63 and self.cover.nodes >= budget
        return False

    def raise_poll(self) -> None:
        raise PollError

    def reenter(self) -> None:
        """A poll that calls the Cover back: all refused while next() runs."""
        assert self.matrix is not None
        args = self.matrix.args
        for call in (
            lambda: self.cover.__init__(*args),
            lambda: self.cover.start([0] * self.matrix.nslots),  # type: ignore[union-attr]
            lambda: self.cover.next(),
        ):
            try:
                call()
                self.problems.append("a call back was accepted")
            except RuntimeError as error:
                if "busy" not in str(error):
                    self.problems.append(str(error))
        gc.collect()

    @rule(built=st.booleans(), matrix=MATRICES)
    def replace(self, built: bool, matrix: Matrix) -> None:
        """Drop the Cover in whatever state, some of the time inside a reference cycle."""
        loop: list[Any] = [self.cover]
        loop.append(loop)
        del loop
        if built:
            self.cover = self.type(*matrix.args)
            self.matrix = matrix
        else:
            self.cover = self.type.__new__(self.type)
            self.matrix = None
        self.search = None
        gc.collect()

    @invariant()
    def attributes(self) -> None:
        nodes, exhausted = self.cover.nodes, self.cover.exhausted
        assert isinstance(nodes, int) and nodes >= 0 and isinstance(exhausted, bool)
        if self.search is None:
            assert exhausted and nodes == 0
        elif self.search.exhausted:
            assert exhausted


MACHINE_SETTINGS = settings(
    max_examples=50,
    stateful_step_count=20,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def run_machine() -> None:
    """The state machine's whole run (in a child interpreter: see below)."""
    run_state_machine_as_test(CoverMachine, settings=MACHINE_SETTINGS)


def test_random_call_sequences_keep_the_cover_whole_and_its_answers_right():
    """Every grid a random sequence of calls returns is verified, each search gives what a
    fresh one gives, every refusal is a clean exception; the child exits 0."""
    child = run_child("from tests.test_dpll_capi import run_machine; run_machine()")
    assert child.returncode == 0, child.stdout[-3000:] + child.stderr[-3000:]
