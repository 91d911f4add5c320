"""For each technique, the first step of it in the given puzzle files: the puzzle, the step's
number in ``satdoku explain`` and its description (used for the examples in docs/logic.md)."""

from __future__ import annotations

import argparse
from pathlib import Path

from satdoku.formats import format_line, read_records
from satdoku.logic import TECHNIQUES, explain


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="puzzle files")
    args = parser.parse_args(argv)
    wanted = {t.name for t in TECHNIQUES}
    found: dict[str, str] = {}
    for path in args.files:
        with open(path) as handle:
            for record in read_records(handle):
                if record.puzzle is None or not wanted - set(found):
                    continue
                explanation = explain(record.puzzle)
                for number, step in enumerate(explanation.steps, 1):
                    if step.technique in wanted and step.technique not in found:
                        line = format_line(record.puzzle, record.puzzle.givens)
                        found[step.technique] = (
                            f"{path.name} line {record.line}, step {number}\n"
                            f"  satdoku explain '{line}'\n  {step}"
                        )
    for technique in TECHNIQUES:
        print(f"## {technique.name}\n{found.get(technique.name, '(not found)')}\n")


if __name__ == "__main__":
    main()
