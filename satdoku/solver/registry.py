"""The one registry of backends: every caller looks a backend up here by name.

Backends with one name are registered as objects (:func:`register`); a family of names (any
python-sat solver spec) as a lookup function (:func:`register_family`). Adding a backend is one
module that implements :class:`~satdoku.solver.backend.Backend` and one line in
:data:`BUILTIN` (or a call to :func:`register`).
"""

from __future__ import annotations

from collections.abc import Callable

from satdoku.errors import UsageError
from satdoku.solver.backend import Backend
from satdoku.solver.bruteforce import BruteForceBackend
from satdoku.solver.cpsat_backend import CpsatBackend
from satdoku.solver.dpll_backend import DpllBackend
from satdoku.solver.pysat_backend import lookup as pysat_lookup
from satdoku.solver.pysat_solver import solver_names

Lookup = Callable[[str], "Backend | None"]

_NAMED: dict[str, Backend] = {}
_FAMILIES: list[tuple[Lookup, Callable[[], list[str]]]] = []


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
    if backend is not None:
        return backend
    for lookup, _ in _FAMILIES:
        found = lookup(name)
        if found is not None:
            return found
    raise UsageError(f"unknown backend {name!r}; choose from {', '.join(backends())}")


def backends() -> list[str]:
    """Every backend name: the named ones, then each family's."""
    names = list(_NAMED)
    for _, family in _FAMILIES:
        names += family()
    return names


BUILTIN: tuple[Backend, ...] = (CpsatBackend(), DpllBackend(), BruteForceBackend())
"""The backends with one name each."""
for _backend in BUILTIN:
    register(_backend)
register_family(pysat_lookup, solver_names)
