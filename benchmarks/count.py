"""Counting speed: the plain blocking-clause loop against the propagation tree, in one run.

Counts every solution of one 9x9 (default: a puzzle with 34,649 solutions, made by removing
givens from a tdoku serg benchmark puzzle) with each method, ``--repeat`` times, and prints a
markdown table of medians: wall and CPU seconds, solutions per second, and the ratio to the
plain loop on the same solver. Levers are measured one by one:

* ``plain``: one blocking clause per solution over the blank cells (``strategy="blocking"``);
* ``cubes``: split on the candidates of the first ``k`` open cells (cube and conquer); each
  cube is enumerated with blocking clauses guarded by the cube's own literal, retired when the
  cube is done, so clauses do not pile up (an experiment, defined in this script);
* ``tree``: tree search in Python over ``propagate()`` (``strategy="branching"``, the default);
  ``tree, unverified`` shows what verifying every grid costs;
* ``cpsat``: OR-Tools CP-SAT native enumeration.

With ``--unique FILE`` it also times the uniqueness check (stop at the second solution) per
puzzle on the first ``--sample`` puzzles of FILE (e.g. the 17-clue set).

    python benchmarks/count.py --repeat 3 --unique ../shared/data/9x9/tdoku_17_clue_49158.txt
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from importlib.metadata import version

from satdoku import count, parse_puzzle, uniqueness
from satdoku.encodings import get_encoding
from satdoku.model import Puzzle
from satdoku.solver import PysatSolver
from satdoku.solver.branching import PropagationTree
from satdoku.verify import batch_checker

P34K = "..........9........67.........628497...954213...713586......765....3.942....7.138"
"""34,649 solutions: ``8.........95.......67.........628497...954213...713586......765....3.942....7.138``
(1,555 solutions in tdoku's serg benchmark) without its givens r1c1 and r2c3."""


def count_cubes(puzzle: Puzzle, backend: str, depth: int) -> int:
    """Cube and conquer: open cells of the propagation tree down to ``depth`` give the cubes;
    each cube is enumerated with blocking clauses that carry the cube's activation literal."""
    tree = PropagationTree(puzzle, get_encoding())
    cubes = _cubes(tree, backend, depth)
    formula = tree.formula
    var, blanks = formula.varmap.var, puzzle.blanks
    grids = []
    with PysatSolver(backend) as solver:
        solver.load(formula)
        top = formula.nvars
        for cube in cubes:
            top += 1  # this cube's activation literal
            while solver.solve([*cube, top]):
                grid = formula.decode(solver.model())
                grids.append(grid)
                solver.add_clause([-top, *(-var(c, grid[c]) for c in blanks)])
            solver.add_clause([-top])  # retire the cube's blocking clauses
    batch_checker(puzzle)(grids)
    return len(grids)


def _cubes(tree: PropagationTree, backend: str, depth: int) -> list[list[int]]:
    """Assumption lists at ``depth`` of the propagation tree (conflicts dropped)."""
    level: list[list[int]] = [[]]
    formula, varmap = tree.formula, tree.formula.varmap
    with PysatSolver(backend) as solver:
        solver.load(formula)
        for _ in range(depth):
            nxt: list[list[int]] = []
            for cube in level:
                ok, lits = solver.propagate(cube)
                if not ok:
                    continue
                assigned = {abs(x) for x in lits}
                open_cells = [
                    c
                    for c in range(tree.puzzle.ncells)
                    if varmap.cell_vars(c) and not assigned.issuperset(varmap.cell_vars(c))
                ]
                if not open_cells:
                    nxt.append(cube)
                    continue
                cell = min(open_cells, key=lambda c: len(set(varmap.cell_vars(c)) - assigned))
                nxt += [
                    [*cube, x]
                    for x in varmap.cell_vars(cell)
                    if x not in assigned and -x not in lits
                ]
            level = nxt
    return level


def _tree_only(puzzle: Puzzle, backend: str) -> int:
    """The tree's grids without verification: what the checking costs (never do this)."""
    return sum(1 for _ in PropagationTree(puzzle, get_encoding()).grids(backend))


def timed(run: Callable[[], int], repeat: int) -> tuple[int, float, float]:
    """(solutions, median wall s, median CPU s) over ``repeat`` runs."""
    walls, cpus, found = [], [], 0
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        found = run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return found, statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzle", default=P34K, help="a 9x9 with many solutions")
    parser.add_argument("--repeat", type=int, default=3, help="runs per method (median)")
    parser.add_argument("--backends", default="minisat22,cadical153", help="python-sat solvers")
    parser.add_argument("--unique", help="file of puzzles for the uniqueness timing")
    parser.add_argument("--sample", type=int, default=2000, help="puzzles of --unique to time")
    args = parser.parse_args()
    puzzle = parse_puzzle(args.puzzle)
    print(f"command: `python {' '.join(sys.argv)}`  ")
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores,"
        f" load {os.getloadavg()[0]:.1f}; Python {platform.python_version()},"
        f" python-sat {version('python-sat')}, ortools {version('ortools')}  "
    )
    print(f"puzzle: `{args.puzzle}`, median of {args.repeat} runs\n")
    print(
        "| method | solver | solutions | wall s | CPU s | solutions/s (wall) | solutions/s (CPU) | x plain (CPU) |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    runs: list[tuple[str, str, Callable[[], int]]] = []
    for backend in args.backends.split(","):
        runs += [
            (
                "plain",
                backend,
                lambda b=backend: count(puzzle, backend=b, strategy="blocking").count,
            ),
            ("cubes k=1", backend, lambda b=backend: count_cubes(puzzle, b, 1)),
            ("cubes k=3", backend, lambda b=backend: count_cubes(puzzle, b, 3)),
            ("tree", backend, lambda b=backend: count(puzzle, backend=b).count),
            ("tree, unverified", backend, lambda b=backend: _tree_only(puzzle, b)),
        ]
    runs.append(("cpsat", "cpsat", lambda: count(puzzle, backend="cpsat").count))
    plain: dict[str, float] = {}
    counts = set()
    for name, backend, run in runs:
        found, wall, cpu = timed(run, args.repeat)
        counts.add(found)
        if name == "plain":
            plain[backend] = cpu
        ratio = f"{plain[backend] / cpu:.1f}" if backend in plain else ""
        print(
            f"| {name} | {backend} | {found} | {wall:.2f} | {cpu:.2f} | {found / wall:,.0f} |"
            f" {found / cpu:,.0f} | {ratio} |",
            flush=True,
        )
    print(
        f"\nevery method found the same count: {len(counts) == 1} ({', '.join(map(str, counts))})"
    )
    if args.unique:
        _unique_table(args.unique, args.sample)


def _unique_table(path: str, sample: int) -> None:
    """Per puzzle, every configuration in turn (so load drift hits all alike); CPU ms."""
    with open(path) as handle:
        lines = [line.strip() for line, _ in zip(handle, range(sample), strict=False)]
    configs = [
        ("minisat22", "blocking"),
        ("cadical153", "blocking"),
        ("minisat22", "branching"),
        ("cpsat", "blocking"),
    ]
    cpu: dict[tuple[str, str], list[float]] = {c: [] for c in configs}
    wall: dict[tuple[str, str], list[float]] = {c: [] for c in configs}
    unique: dict[tuple[str, str], int] = dict.fromkeys(configs, 0)
    for line in lines:
        for backend, strategy in configs:
            started = time.process_time()
            result = uniqueness(line, backend=backend, strategy=strategy)
            cpu[backend, strategy].append((time.process_time() - started) * 1000)
            wall[backend, strategy].append(result.time * 1000)
            unique[backend, strategy] += result.unique
    print(f"\nuniqueness check per puzzle, first {len(lines)} puzzles of `{path}`")
    print("(parse, encode, solve twice, verify; CPU ms unless marked wall)\n")
    print("| backend | strategy | unique | median | mean | 95th pct | max | median wall |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for backend, strategy in configs:
        times = sorted(cpu[backend, strategy])
        print(
            f"| {backend} | {strategy if backend != 'cpsat' else '-'} | {unique[backend, strategy]} |"
            f" {statistics.median(times):.1f} | {statistics.fmean(times):.1f} |"
            f" {times[int(len(times) * 0.95)]:.1f} | {times[-1]:.1f} |"
            f" {statistics.median(wall[backend, strategy]):.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
