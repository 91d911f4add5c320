"""Check ``satdoku generate`` end to end, with a counter apart from the generator's (CP-SAT).

    python scripts/check_generate.py --count 200 --seed 1

Runs ``satdoku generate --count K --seed S --minimal --format json`` twice and checks that
both runs wrote the same records; that the K puzzles are distinct; that each has exactly one
solution, the one written, and loses uniqueness when any one given is taken out; then that
``--label easy`` puzzles solve with singles and ``--rating 4.0-6.0`` puzzles rate in the band.
Prints what it checked; exit status 1 on the first failure.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from satdoku import count, parse_puzzle, rate
from satdoku.verify import violations


def generated(*options: str) -> list[dict[str, object]]:
    command = [sys.executable, "-m", "satdoku", "generate", "--format", "json", "-q", *options]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def solutions(givens: list[int], puzzle_text: str) -> int:
    puzzle = parse_puzzle(puzzle_text).with_givens(givens)
    return count(puzzle, limit=2, backend="cpsat").count


def fail(message: str) -> int:
    print(f"FAILED: {message}")
    return 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    options = ["--count", str(args.count), "--seed", args.seed, "--minimal"]
    started = time.perf_counter()
    first, again = generated(*options), generated(*options)
    if first != again:
        return fail("the same command gave other puzzles")
    if len({str(r["puzzle"]) for r in first}) != args.count:
        return fail("puzzles repeat")
    for r in first:
        text = str(r["puzzle"])
        puzzle = parse_puzzle(text)
        solution = parse_puzzle(str(r["solution"])).givens
        if count(puzzle, limit=2, backend="cpsat").count != 1:
            return fail(f"{text} is not unique")
        if violations(puzzle, solution):
            return fail(f"{text}: the solution written breaks a rule")
        givens = list(puzzle.givens)
        for cell, value in enumerate(givens):
            if value:
                givens[cell] = 0
                if solutions(givens, text) != 2:
                    return fail(f"{text} is not minimal: given {cell} can go")
                givens[cell] = value
    print(f"{args.count} puzzles: the same twice, distinct, unique, minimal (CP-SAT)")
    easy = generated("--count", "20", "--seed", args.seed, "--label", "easy")
    if any(rate(parse_puzzle(str(r["puzzle"])), "singles").score is None for r in easy):
        return fail("an easy puzzle needs more than singles")
    print("20 --label easy puzzles: each solves with singles")
    band = generated("--count", "20", "--seed", args.seed, "--rating", "4.0-6.0")
    scores = [rate(parse_puzzle(str(r["puzzle"]))).score or 0.0 for r in band]
    if any(not 4.0 <= s <= 6.0 for s in scores):
        return fail(f"a --rating 4.0-6.0 puzzle rates {scores}")
    print(f"20 --rating 4.0-6.0 puzzles: each rates in the band ({min(scores)}-{max(scores)})")
    print(f"{time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
