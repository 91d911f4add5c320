"""Names a package gives on first use: its ``__getattr__`` imports the module that holds a
name when the name is first asked for, so importing the package loads none of them."""

from __future__ import annotations

import importlib
from collections.abc import Callable
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
