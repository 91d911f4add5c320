"""Optional parts of satdoku, imported where they are used.

A part that is not installed is one clear error naming the extra that brings it, raised by
:func:`require` at the place of use, so the rest of satdoku never needs it.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from satdoku.errors import UsageError


def require(module: str, extra: str | None, what: str) -> ModuleType:
    """Import and return ``module``, which ``what`` (e.g. ``"compare --plot"``) needs.

    ``extra`` names the extra of satdoku that installs it (``pip install 'satdoku[extra]'``);
    None marks a required dependency, whose absence means a broken install. The module's top
    package is taken as the name to install.

    Raises:
        UsageError: the module cannot be imported; its message names what needs it and how
            to install it (and the module that failed, when that is another one).
    """
    try:
        return importlib.import_module(module)
    except ImportError as err:
        if _interrupted(err):  # a compiled module whose start-up a Ctrl-C cut short
            raise KeyboardInterrupt from err
        package = module.split(".")[0]
        if extra:
            message = f"{what} needs {package}: pip install 'satdoku[{extra}]'"
        else:
            message = f"{what} needs {package}, which satdoku requires: pip install {package}"
        if err.name is not None and err.name.split(".")[0] != package:
            message += f" ({package} is there but cannot load {err.name})"
        raise UsageError(message) from None


def _interrupted(err: BaseException) -> bool:
    """Whether a KeyboardInterrupt lies behind ``err``: a pybind11 module interrupted while it
    starts raises ``ImportError("initialization failed")`` from it."""
    seen: BaseException | None = err
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return False
