"""The one registry of backends: every caller looks a backend up here by name.

Backends with one name are registered as objects (:func:`register`) or, for the built-in ones,
as the ``module:Class`` that makes them (:data:`BUILTIN`), imported at the first lookup of their
name: a plain solve loads the compiled search's module, not CP-SAT's nor python-sat's. A family
of names (any python-sat solver spec) is a lookup function (:func:`register_family`). Adding a
backend is one module that implements :class:`~satdoku.solver.backend.Backend` and one line in
:data:`BUILTIN` (or a call to :func:`register`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from satdoku.errors import UsageError

if TYPE_CHECKING:
    from satdoku.solver.backend import Backend

Lookup = Callable[[str], "Backend | None"]

BUILTIN: dict[str, str] = {
    "cpsat": "satdoku.solver.cpsat_backend:CpsatBackend",
    "dpll": "satdoku.solver.dpll_backend:DpllBackend",
    "brute": "satdoku.solver.bruteforce:BruteForceBackend",
    "portfolio": "satdoku.solver.portfolio:PortfolioBackend",
}
"""The backends with one name each: the class that makes each, as ``module:Class``."""

FAMILIES: tuple[tuple[str, str], ...] = (
    ("satdoku.solver.pysat_backend:lookup", "satdoku.solver.pysat_solver:solver_names"),
)
"""Families of names: the lookup of a spec and the list of names, as ``module:function``."""

_NAMED: dict[str, Backend | str] = dict(BUILTIN)
_FAMILIES: list[tuple[Lookup | str, Callable[[], list[str]] | str]] = list(FAMILIES)


def _load(target: str) -> Any:
    """The object ``module:name`` names, its module imported."""
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


def register(backend: Backend) -> Backend:
    """Make ``backend`` reachable by its name (a later registration under a name replaces
    the earlier one); returns it."""
    _NAMED[backend.name] = backend
    return backend


def unregister(name: str) -> None:
    """Forget the backend registered as ``name``."""
    _NAMED.pop(name, None)


def register_family(lookup: Lookup, names: Callable[[], list[str]]) -> None:
    """Make a family of names reachable: ``lookup(spec)`` gives the backend for a spec of the
    family, or None when the spec is not one of its names; ``names()`` lists them."""
    _FAMILIES.append((lookup, names))


def get_backend(name: str) -> Backend:
    """The backend called ``name``; :class:`UsageError` naming the choices when none is."""
    backend = _NAMED.get(name)
    if isinstance(backend, str):
        backend = _NAMED[name] = _load(backend)()
    if backend is not None:
        return backend
    for lookup, _ in _FAMILIES:
        found = (_load(lookup) if isinstance(lookup, str) else lookup)(name)
        if found is not None:
            return found
    raise UsageError(f"unknown backend {name!r}; choose from {', '.join(backends())}")


def backends() -> list[str]:
    """Every backend name: the named ones, then each family's."""
    names = list(_NAMED)
    for _, family in _FAMILIES:
        names += (_load(family) if isinstance(family, str) else family)()
    return names
