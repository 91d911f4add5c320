"""Check a ``satdoku batch --format jsonl`` output against its input, independently.

Reads both files in step: one record per input puzzle, same line numbers in the same order,
every solution re-parsed and passed through :func:`satdoku.verify.check` against its puzzle.
Prints the totals; exit status 1 on the first mismatch.

Example:
    satdoku batch ../shared/data/9x9/tdoku_17_clue_49158.txt -o 17.jsonl
    python scripts/check_batch_output.py ../shared/data/9x9/tdoku_17_clue_49158.txt 17.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from itertools import zip_longest

from satdoku.formats import parse_line, read_records
from satdoku.verify import check


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("input", help="the puzzle file given to satdoku batch")
    parser.add_argument("output", help="its JSON Lines output")
    args = parser.parse_args(argv)
    totals: Counter[str] = Counter()
    with open(args.input) as source, open(args.output) as results:
        pairs = zip_longest(read_records(source), results)
        for number, (record, text) in enumerate(pairs, 1):
            if record is None or text is None:
                print(f"record {number}: input and output differ in length", file=sys.stderr)
                return 1
            result = json.loads(text)
            if result["line"] != record.line:
                print(f"record {number}: line {result['line']} != {record.line}", file=sys.stderr)
                return 1
            status = result["status"]
            totals[status] += 1
            if status == "invalid":
                if record.puzzle is not None or not result.get("error"):
                    print(f"line {record.line}: wrongly marked invalid", file=sys.stderr)
                    return 1
                continue
            assert record.puzzle is not None
            if status == "solved":
                solution = parse_line(result["solution"], record.puzzle.geometry)
                check(record.puzzle, solution.givens)  # raises VerificationError if wrong
                totals["verified"] += 1
                totals["unique" if result["complete"] and result["count"] == 1 else "multiple"] += 1
    print(
        json.dumps(
            {
                "records": sum(totals[s] for s in ("solved", "no_solution", "invalid", "unknown")),
                **totals,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
