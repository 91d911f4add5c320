"""What a module makes on first use, not at its import: the names a package gives (its
``__getattr__`` imports the module that holds a name when the name is first asked for, so
importing the package loads none of them) and regular expressions (:func:`compiled`)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import cache, partial
from typing import Any


def lazy_names(
    module: str, namespace: dict[str, Any], table: dict[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of package ``module`` (its ``namespace``, the
    package's globals) for the names of ``table``: name -> the module that holds it."""

    def __getattr__(name: str) -> object:
        if name not in table:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(table[name]), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        """The module's names, with those imported on first use."""
        return sorted({*namespace, *table})

    return __getattr__, __dir__


def compiled(regex: str, flags: int = 0) -> Callable[[], re.Pattern[str]]:
    """A function giving ``regex`` compiled, at its first call: a module's regular
    expressions then cost its import nothing (each takes 0.2-1 M instructions to compile)."""
    return cache(partial(re.compile, regex, flags))
