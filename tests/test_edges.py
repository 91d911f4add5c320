"""The edges of the doors: outputs that would overwrite their input, outputs that cannot be
written, time limits kept everywhere, numbers at their bounds, and names that a module lists."""

from __future__ import annotations

import subprocess
import sys

import satdoku


def test_dir_lists_the_names_imported_on_first_use():
    names = dir(satdoku)
    assert {"explain", "hint", "rate", "Rating", "solve"} <= set(names)
    assert names == sorted(names)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, satdoku; dir(satdoku); print('satdoku.logic' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == "False\n"
