"""Print the markdown tables of docs/encodings.md by running ``satdoku compare``.

Each shared puzzle set gets one ``satdoku compare`` run, and its table comes under the exact
command that produced it.

    python benchmarks/compare_encodings.py ../shared/data [--only NAME ...] [--plots DIR]
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

from satdoku.encodings.cardinality import AMO_METHODS

# name, file under the data directory, extra compare arguments
SETS = [
    ("easy50", "9x9/norvig_easy50.txt", ["--repeat", "3"]),
    ("top95", "9x9/norvig_top95.txt", ["--repeat", "3"]),
    ("17-clue", "9x9/royle_17clue_49151.txt", ["--first", "200", "--repeat", "3"]),
    ("forum-hardest", "9x9/tdoku_forum_hardest_1106.txt", ["--first", "200", "--repeat", "3"]),
    ("16x16", "16x16/gecode_16x16.txt", []),
    ("25x25", "25x25/rkkautsar_25x25.txt", ["--repeat", "3"]),
    (
        "25x25-gecode",
        "25x25/gecode_25x25.txt",
        [
            "--first",
            "6",
            "--timeout",
            "30",
            "--encodings",
            "extended+optimized,augmented+optimized,alldiff,onehot",
        ],
    ),
    (
        "amo-top95",
        "9x9/norvig_top95.txt",
        [
            "--repeat",
            "3",
            "--encodings",
            ",".join(f"extended+optimized+{m}" for m in AMO_METHODS),
        ],
    ),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path, help="the shared data directory (../shared/data)")
    parser.add_argument(
        "--only", nargs="*", help="run only these sets: " + ", ".join(s[0] for s in SETS)
    )
    parser.add_argument("--plots", type=Path, help="write NAME.png plots into this directory")
    args = parser.parse_args()
    for name, relative, extra in SETS:
        if args.only and name not in args.only:
            continue
        command = ["satdoku", "compare", "-f", str(args.data / relative), *extra]
        if args.plots:
            args.plots.mkdir(parents=True, exist_ok=True)
            command += ["--plot", str(args.plots / f"{name}.png")]
        print(f"### {name}\n\n`{shlex.join(command)}`\n", flush=True)
        done = subprocess.run(
            [sys.executable, "-m", "satdoku", *command[1:]], capture_output=True, text=True
        )
        print(done.stdout)
        if done.stderr.strip():
            print("stderr:\n```\n" + done.stderr.strip() + "\n```\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
