"""Write the example puzzles of tests/data/variants/ (X-sudoku, windoku, jigsaw, killer).

Each is made from a random solved grid of its kind (found by the SAT solver), then clues are
removed one by one in random order while the puzzle stays unique (killer: cages are cut from
the solved grid and keep their sums). Deterministic for a given --seed.

    python scripts/make_variant_examples.py --seed 7 tests/data/variants
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from satdoku.formats.kinds import get_kind
from satdoku.model import Puzzle
from satdoku.solver import solutions

EMPTY9 = "." * 81


def solved_grid(puzzle: Puzzle, rng: random.Random) -> tuple[int, ...]:
    """A random solution: fix a random permutation of a random row first, then solve."""
    perm = list(range(1, puzzle.values + 1))
    rng.shuffle(perm)
    givens = list(puzzle.givens)
    for c, v in enumerate(perm):
        givens[c] = v
    solution = next(solutions(puzzle.with_givens(givens), limit=1))
    return solution.grid


def unique(puzzle: Puzzle) -> bool:
    return len(list(solutions(puzzle, limit=2))) == 1


def minimise(puzzle: Puzzle, grid: tuple[int, ...], rng: random.Random, keep: int) -> Puzzle:
    """Remove clues of the full ``grid`` in random order while the puzzle stays unique."""
    givens = list(grid)
    order = list(range(len(grid)))
    rng.shuffle(order)
    for cell in order:
        if sum(1 for v in givens if v) <= keep:
            break
        saved, givens[cell] = givens[cell], 0
        if not unique(puzzle.with_givens(givens)):
            givens[cell] = saved
    return puzzle.with_givens(givens)


def line(givens: tuple[int, ...]) -> str:
    return "".join(str(v) if v else "." for v in givens)


def jigsaw_regions(rng: random.Random, n: int = 9, swaps: int = 400) -> list[list[str]]:
    """Boxes made irregular by swapping border cells between regions, keeping each connected."""
    b = 3
    region = [[chr(ord("A") + (r // b) * b + c // b) for c in range(n)] for r in range(n)]

    def connected(label: str) -> bool:
        cells = {(r, c) for r in range(n) for c in range(n) if region[r][c] == label}
        start = next(iter(cells))
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        return len(seen) == len(cells)

    def cells_of(label: str) -> list[tuple[int, int]]:
        return [(r, c) for r in range(n) for c in range(n) if region[r][c] == label]

    def touches(cell: tuple[int, int], label: str, but: tuple[int, int]) -> bool:
        r, c = cell
        return any(
            0 <= rr < n and 0 <= cc < n and (rr, cc) != but and region[rr][cc] == label
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
        )

    for _ in range(swaps):
        r, c = rng.randrange(n), rng.randrange(n)
        rr, cc = rng.choice(((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
        if not (0 <= rr < n and 0 <= cc < n) or region[r][c] == region[rr][cc]:
            continue
        a, b2 = region[r][c], region[rr][cc]
        back = [s for s in cells_of(b2) if s != (rr, cc) and touches(s, a, (r, c))]
        if not back:
            continue
        s = rng.choice(back)
        region[r][c], region[s[0]][s[1]] = b2, a
        if not (connected(a) and connected(b2)):
            region[r][c], region[s[0]][s[1]] = a, b2
    return region


def killer_cages(grid: tuple[int, ...], rng: random.Random, n: int = 9) -> list[list[str]]:
    """Cut the grid into connected cages of 1-4 cells with no repeated value."""
    labels = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    cage = [[""] * n for _ in range(n)]
    count = 0
    for r in range(n):
        for c in range(n):
            if cage[r][c]:
                continue
            label = labels[count % len(labels)]
            count += 1
            cells = [(r, c)]
            cage[r][c] = label
            size = rng.choice((1, 2, 2, 3, 3))
            while len(cells) < size:
                options = [
                    (rr, cc)
                    for (pr, pc) in cells
                    for rr, cc in ((pr + 1, pc), (pr, pc + 1), (pr, pc - 1))
                    if 0 <= rr < n
                    and 0 <= cc < n
                    and not cage[rr][cc]
                    and grid[rr * n + cc] not in {grid[x * n + y] for x, y in cells}
                ]
                if not options:
                    break
                rr, cc = rng.choice(options)
                cage[rr][cc] = label
                cells.append((rr, cc))
    return cage


def killer_text(cages: list[list[str]], sums: dict[str, int]) -> str:
    items = [f"{label}={total}" for label, total in sums.items()]
    rows = ["".join(row) for row in cages]
    return "\n".join(rows + [" ".join(items[i : i + 9]) for i in range(0, len(items), 9)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder to write the example files into")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)

    for name in ("x", "windoku"):
        kind = get_kind(name)
        empty = kind.parse(EMPTY9, None, "auto")
        puzzle = minimise(empty, solved_grid(empty, rng), rng, keep=0)
        (args.out / f"{name}.txt").write_text(
            f"# {name}: generated by scripts/make_variant_examples.py --seed {args.seed}\n"
            f"{line(puzzle.givens)}\n"
        )

    regions = jigsaw_regions(rng)
    kind = get_kind("jigsaw")
    empty = kind.parse(EMPTY9 + " " + "".join("".join(r) for r in regions), None, "auto")
    puzzle = minimise(empty, solved_grid(empty, rng), rng, keep=0)
    rows = [line(puzzle.givens[r * 9 : (r + 1) * 9]) for r in range(9)]
    (args.out / "jigsaw.txt").write_text(
        f"# jigsaw: generated by scripts/make_variant_examples.py --seed {args.seed}\n"
        "# 9 rows of givens, then 9 rows of the region map\n"
        + "\n".join(rows + ["".join(r) for r in regions])
        + "\n"
    )

    sudoku = get_kind("sudoku").parse(EMPTY9, None, "auto")
    grid = solved_grid(sudoku, rng)
    while True:
        cages = killer_cages(grid, rng)
        sums: dict[str, int] = {}
        for r in range(9):
            for c in range(9):
                sums[cages[r][c]] = sums.get(cages[r][c], 0) + grid[r * 9 + c]
        text = killer_text(cages, sums)
        if unique(get_kind("killer").parse(text, None, "auto")):
            break
    (args.out / "killer.txt").write_text(
        f"# killer: generated by scripts/make_variant_examples.py --seed {args.seed}\n"
        "# 9 rows of cage labels, then label=sum for every cage\n" + text + "\n"
    )


if __name__ == "__main__":
    main()
