"""What ``satdoku compare`` runs: configurations (an encoding on a backend), checked up front."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from satdoku.encodings import require_extras
from satdoku.errors import UsageError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle
from satdoku.solver.backend import Backend
from satdoku.solver.registry import get_backend

CNF_BACKEND = "minisat22"
NATIVE_BACKEND = "minicard"
NATURAL_ORDER = (CNF_BACKEND, NATIVE_BACKEND, "cpsat", "dpll")
"""Where an encoding runs when no backend is named: the first of these that takes it."""
_PROBE = sudoku(Geometry(3, 3), [0] * 81)
"""The puzzle an encoding is checked against before any real puzzle (a 9x9 Sudoku)."""


@dataclass(frozen=True)
class Configuration:
    """One way to solve: an encoding (or model) on a backend."""

    encoding: str
    backend: str

    @property
    def label(self) -> str:
        return f"{self.encoding}@{self.backend}"

    def check(self) -> None:
        """Raise :class:`UsageError` if this configuration cannot run (before any puzzle),
        an optional package it needs missing included."""
        try:
            require_extras(get_backend(self.backend).encoding_for(_PROBE, self.encoding))
        except UsageError as error:
            raise UsageError(f"{self.label}: {error}") from None


DEFAULT_CONFIGURATIONS = tuple(
    Configuration(encoding, backend)
    for encoding, backend in (
        ("minimal", CNF_BACKEND),
        ("efficient", CNF_BACKEND),
        ("extended", CNF_BACKEND),
        ("extended+optimized", CNF_BACKEND),
        ("extended+seqcounter", CNF_BACKEND),
        ("augmented", CNF_BACKEND),
        ("augmented+optimized", CNF_BACKEND),
        ("minimal+native", NATIVE_BACKEND),
        ("extended+optimized+native", NATIVE_BACKEND),
        ("extended+optimized", "cadical153"),
        ("alldiff", "cpsat"),
        ("onehot", "cpsat"),
    )
)
"""The defaults for puzzles of units only (Sudoku, X, jigsaw, ...): the classic encodings."""
SUM_CONFIGURATIONS = tuple(
    Configuration(encoding, backend)
    for encoding, backend in (
        ("extended+optimized", CNF_BACKEND),
        ("extended+optimized+pb", CNF_BACKEND),
        ("extended+optimized+tree", CNF_BACKEND),
        ("extended+optimized", "cadical153"),
        ("alldiff", "cpsat"),
        ("onehot", "cpsat"),
    )
)
"""The defaults for puzzles with rules beyond units (killer cages, arrows, thermometers, ...):
the three sum methods (``table``, ``pb``, ``tree``) side by side, and both CP-SAT models."""


def beyond_units(puzzles: Iterable[Puzzle]) -> bool:
    """Whether some puzzle has a rule other than "these cells all differ"."""
    return any(
        rule.needs(puzzle.values) not in ("unit", "partial-unit")
        for puzzle in puzzles
        for rule in puzzle.constraints
    )


def defaults(rules: bool = False) -> tuple[Configuration, ...]:
    """:data:`SUM_CONFIGURATIONS` for puzzles with ``rules`` beyond units, else
    :data:`DEFAULT_CONFIGURATIONS`."""
    return SUM_CONFIGURATIONS if rules else DEFAULT_CONFIGURATIONS


def runnable(chosen: Sequence[Configuration]) -> tuple[list[Configuration], list[str]]:
    """The configurations of ``chosen`` that can run here, and why each other cannot (an
    optional package missing, e.g. pindakaas for ``+pb``)."""
    kept: list[Configuration] = []
    left_out: list[str] = []
    for configuration in chosen:
        try:
            configuration.check()
        except UsageError as error:
            left_out.append(f"{error} (left out)")
            continue
        kept.append(configuration)
    return kept, left_out


def takes(backend: Backend, encoding: str) -> bool:
    """Whether ``backend`` runs ``encoding``."""
    try:
        backend.encoding_for(_PROBE, encoding)
    except UsageError:
        return False
    return True


def configurations(
    encodings: Sequence[str] | None = None,
    backends: Sequence[str] | None = None,
    rules: bool = False,
) -> list[Configuration]:
    """The configurations for lists of encodings and backends (either may be None), for
    puzzles with ``rules`` beyond units or not (:func:`beyond_units`).

    Neither: the defaults (:func:`defaults`). Only encodings: each on its natural backend
    (the first of :data:`NATURAL_ORDER` that takes it). Only backends: the default
    configurations' encodings that each backend takes, or its own default when it takes none
    of them. Both: every encoding on every backend that takes it; a backend that takes none of
    the encodings, or an encoding that no backend takes, is a :class:`UsageError` (nothing is
    dropped without a word).
    """
    if encodings is None and backends is None:
        return list(defaults(rules))
    if backends is None:
        return [Configuration(e, _natural_backend(e)) for e in encodings or ()]
    out: list[Configuration] = []
    for name in backends:
        backend = get_backend(name)
        if encodings is None:
            names = [c.encoding for c in defaults(rules) if takes(backend, c.encoding)]
            names = list(dict.fromkeys(names)) or [backend.encoding_for(_PROBE, None)]
        else:
            names = [e for e in encodings if takes(backend, e)]
            if not names:
                raise UsageError(
                    f"the {name} backend takes none of the encodings given"
                    f" ({', '.join(encodings)}); its default is"
                    f" {backend.encoding_for(_PROBE, None) or 'no encoding'}"
                )
        out += [Configuration(e, name) for e in names]
    if encodings is not None:
        unused = [e for e in encodings if all(c.encoding != e for c in out)]
        if unused:
            raise UsageError(
                f"no backend given takes {', '.join(unused)} (backends: {', '.join(backends)})"
            )
    return out


def _natural_backend(encoding: str) -> str:
    for name in NATURAL_ORDER:
        if takes(get_backend(name), encoding):
            return name
    raise UsageError(f"no backend takes the encoding {encoding!r}")
