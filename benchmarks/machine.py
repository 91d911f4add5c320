"""The header every benchmark prints: the exact command, the machine and the versions."""

from __future__ import annotations

import os
import platform
import shlex
import sys
from importlib.metadata import PackageNotFoundError, version


def header(argv: list[str]) -> str:
    def ver(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "absent"

    return "\n".join(
        [
            f"`python {shlex.join(argv)}`",
            "",
            f"Machine: {os.cpu_count()} cores ({platform.machine()}, {platform.system()}), "
            f"Python {platform.python_version()}, python-sat {ver('python-sat')}, "
            f"ortools {ver('ortools')}, pindakaas {ver('pindakaas')}, satdoku {ver('satdoku')}",
            "",
        ]
    )


__all__ = ["header", "sys"]
