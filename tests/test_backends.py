"""The backend protocol and registry: a toy backend registered here works through solve, count,
compare and batch with no other file edited; capabilities are honoured; no silent substitution."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from dataclasses import replace
from itertools import islice

import pytest

from satdoku import Geometry, Puzzle, count, parse_puzzle, solve, uniqueness
from satdoku.batch import BatchOptions, run_batch
from satdoku.compare import compare
from satdoku.compare.configuration import Configuration, configurations
from satdoku.constraints import Sum
from satdoku.deadline import Deadline
from satdoku.errors import UsageError, VerificationError
from satdoku.formats import read_records
from satdoku.results import Stats
from satdoku.solver import backends, get_backend
from satdoku.solver.backend import Capabilities, Found, ModelKind, PuzzleEngine, no_engine
from satdoku.solver.bruteforce import brute_force_count
from satdoku.solver.registry import register, unregister
from satdoku.status import Status

PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SMALL = "1...........2..3"  # a 4x4 with several solutions


class ToyBackend:
    """Fills blanks cell by cell with the first value no peer holds, backtracking: a tiny
    search written from the protocol alone."""

    name = "toy"
    capabilities = Capabilities(model=ModelKind.PUZZLE, encodings=("naive",), sums=False)

    def __init__(self, wrong: bool = False) -> None:
        self.wrong = wrong

    def encoding_for(self, puzzle: Puzzle, encoding: str | None) -> str:
        if encoding not in (None, "naive"):
            raise UsageError(f"the toy backend takes the model naive, not {encoding!r}")
        return "naive"

    def solutions(
        self,
        puzzle: Puzzle,
        encoding: str,
        limit: int | None,
        deadline: Deadline,
        strategy: str | None,
    ) -> Iterator[Found]:
        for grid in islice(self._fill(list(puzzle.givens), puzzle, deadline), limit):
            if self.wrong:
                grid = (grid[1], grid[0], *grid[2:])
            yield grid, Stats(encoding=encoding, backend=self.name)

    def _fill(
        self, grid: list[int], puzzle: Puzzle, deadline: Deadline
    ) -> Iterator[tuple[int, ...]]:
        deadline.check()
        blank = next((i for i, v in enumerate(grid) if not v), None)
        if blank is None:
            yield tuple(grid)
            return
        taken = {grid[p] for p in puzzle.peers[blank]}
        for value in range(1, puzzle.values + 1):
            if value not in taken:
                grid[blank] = value
                yield from self._fill(grid, puzzle, deadline)
        grid[blank] = 0

    def engine(
        self, geometry: Geometry, *, encoding: str | None = None, conflicts: int | None = None
    ) -> PuzzleEngine:
        raise no_engine(self)


@pytest.fixture
def toy() -> Iterator[ToyBackend]:
    backend = ToyBackend()
    register(backend)
    yield backend
    unregister(backend.name)


def test_a_registered_backend_is_listed_and_found(toy):
    assert "toy" in backends()
    assert get_backend("toy") is toy


def test_a_toy_backend_solves_counts_and_checks_uniqueness(toy):
    solution = solve(PUZZLE, backend="toy")
    assert solution is not None and solution.stats.backend == "toy"
    assert solution.grid == solve(PUZZLE).grid
    counted = count(SMALL, backend="toy")
    assert counted.complete and counted.backend == "toy"
    assert counted.count == brute_force_count(parse_puzzle(SMALL)) == count(SMALL).count
    assert uniqueness(PUZZLE, backend="toy").status is Status.UNIQUE
    assert uniqueness(SMALL, backend="toy").status is Status.MULTIPLE


def test_a_toy_backend_runs_in_compare_and_batch(toy):
    chosen = configurations(backends=["toy", "minisat22"], encodings=["naive", "extended"])
    assert chosen == [Configuration("naive", "toy"), Configuration("extended", "minisat22")]
    result = compare([parse_puzzle(PUZZLE)], chosen)
    assert not result.disagreements
    assert [t.status for t in result.trials[chosen[0]]] == [Status.SOLVED]
    records = list(read_records([PUZZLE, SMALL]))
    batch = list(run_batch(records, BatchOptions(backend="toy")))
    assert [(r.status, r.count, r.complete) for r in batch] == [
        (Status.SOLVED, 1, True),
        (Status.SOLVED, 2, False),
    ]


def test_the_toy_backend_capabilities_are_honoured(toy):
    with pytest.raises(UsageError, match="takes the model naive"):
        solve(PUZZLE, backend="toy", encoding="extended")
    with pytest.raises(UsageError, match="has no strategy"):
        count(SMALL, backend="toy", strategy="branching")
    puzzle = parse_puzzle(SMALL)
    with_sum = replace(puzzle, constraints=(*puzzle.constraints, Sum((1, 2), 7)))
    with pytest.raises(UsageError, match="takes no sums"):
        count(with_sum, backend="toy")
    with pytest.raises(UsageError, match="no persistent engine"):
        get_backend("toy").engine(Geometry(2, 2))


def test_an_engine_refuses_options_its_backend_does_not_take():
    if not get_backend("dpll").capabilities.available:
        pytest.skip("dpll is not installed")
    with pytest.raises(UsageError, match="conflict budget needs a CDCL backend"):
        get_backend("dpll").engine(Geometry(3, 3), conflicts=10)
    with pytest.raises(UsageError, match="takes the encodings exactcover, bitmask"):
        get_backend("dpll").engine(Geometry(3, 3), encoding="extended")
    with pytest.raises(UsageError, match="native cardinality"):
        get_backend("minisat22").engine(Geometry(3, 3), encoding="extended+native")
    with pytest.raises(UsageError, match="no persistent engine"):
        get_backend("cpsat").engine(Geometry(3, 3))


def test_a_wrong_answer_from_a_backend_never_gets_out():
    register(ToyBackend(wrong=True))
    try:
        with pytest.raises(VerificationError):
            solve(PUZZLE, backend="toy")
    finally:
        unregister("toy")


def test_an_unknown_backend_names_the_choices():
    with pytest.raises(UsageError, match="unknown backend 'nosuch'; choose from cpsat, dpll"):
        solve(PUZZLE, backend="nosuch")


def test_compare_refuses_a_backend_that_takes_none_of_the_encodings():
    with pytest.raises(UsageError, match="cpsat backend takes none of the encodings"):
        configurations(encodings=["extended+optimized"], backends=["minisat22", "cpsat"])
    with pytest.raises(UsageError, match="no backend given takes alldiff"):
        configurations(encodings=["alldiff", "extended"], backends=["minisat22"])


@pytest.mark.parametrize("backend", ["minisat22", "cadical153", "cpsat", "dpll", "brute"])
def test_a_pickled_puzzle_solves_and_counts_with_every_backend(backend):
    puzzle = pickle.loads(pickle.dumps(parse_puzzle(SMALL)))
    assert puzzle == parse_puzzle(SMALL) and puzzle.plain
    assert count(puzzle, backend=backend).count == brute_force_count(puzzle)
    assert solve(puzzle, backend=backend) is not None


@pytest.mark.parametrize("backend", ["minisat22", "minicard", "dpll"])
def test_a_pickled_puzzle_goes_through_every_engine(backend):
    puzzle = pickle.loads(pickle.dumps(parse_puzzle(PUZZLE)))
    if not get_backend(backend).capabilities.available:
        pytest.skip(f"{backend} is not installed")
    with get_backend(backend).engine(puzzle.geometry) as engine:
        result = engine.count(puzzle)
    assert result.unique and result.status is Status.SOLVED


def test_no_backend_name_is_compared_outside_the_registry():
    """Callers ask the registry and the capabilities; only the backends, the registry and the
    size defaults know backend names."""
    import re
    from pathlib import Path

    package = Path(__file__).resolve().parents[1] / "satdoku"
    compared = re.compile(r"""(==|!=|\bin)\s*\(?\s*["'](cpsat|dpll|brute|minisat22|minicard)["']""")
    offenders = [
        f"{path.relative_to(package)}:{number}"
        for path in package.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if compared.search(line)
    ]
    assert offenders == []
