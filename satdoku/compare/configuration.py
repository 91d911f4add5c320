"""What ``satdoku compare`` runs: configurations (an encoding on a backend), checked up front."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.encodings import get_encoding
from satdoku.errors import UsageError
from satdoku.solver.cpsat_backend import CPSAT_MODELS
from satdoku.solver.dpll import BACKEND as DPLL
from satdoku.solver.dpll import MATRIX
from satdoku.solver.pysat_backend import NATIVE_CARD_SOLVERS, parse_backend

CNF_BACKEND = "minisat22"
NATIVE_BACKEND = "minicard"


@dataclass(frozen=True)
class Configuration:
    """One way to solve: a CNF encoding spec on a python-sat solver, or a CP-SAT model."""

    encoding: str
    backend: str

    @property
    def label(self) -> str:
        return f"{self.encoding}@{self.backend}"

    @property
    def cpsat(self) -> bool:
        return self.backend == "cpsat"

    def check(self) -> None:
        """Raise :class:`UsageError` if this configuration cannot run (before any puzzle)."""
        if self.backend == DPLL or self.encoding == MATRIX:
            if (self.encoding, self.backend) != (MATRIX, DPLL):
                raise UsageError(f"{self.label}: {DPLL} searches the {MATRIX} matrix only")
            return
        if self.cpsat:
            if self.encoding not in CPSAT_MODELS:
                raise UsageError(
                    f"{self.label}: cpsat runs the models {', '.join(CPSAT_MODELS)},"
                    f" not {self.encoding!r}"
                )
            return
        try:
            name, _ = parse_backend(self.backend)
        except UsageError as error:
            raise UsageError(f"{self.label}: {error}") from None
        spec = get_encoding(self.encoding).spec
        if "native" in spec.split("+") and name not in NATIVE_CARD_SOLVERS:
            raise UsageError(
                f"{self.label}: native cardinality needs {', '.join(NATIVE_CARD_SOLVERS)}"
            )


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
DEFAULT_ENCODINGS = tuple(dict.fromkeys(c.encoding for c in DEFAULT_CONFIGURATIONS if not c.cpsat))


def configurations(
    encodings: Sequence[str] | None = None, backends: Sequence[str] | None = None
) -> list[Configuration]:
    """The configurations for lists of encodings and backends (either may be None).

    Neither: :data:`DEFAULT_CONFIGURATIONS`. Only encodings: each on its natural backend
    (``cpsat`` for CP-SAT models, Minicard for ``+native``, else MiniSat). Backends: every
    encoding that fits each backend (CP-SAT models on ``cpsat``, ``+native`` only on the
    cardinality solvers); without encodings, the default ones.
    """
    if encodings is None and backends is None:
        return list(DEFAULT_CONFIGURATIONS)
    if backends is None:
        return [Configuration(e, _natural_backend(e)) for e in encodings or ()]
    out = []
    for backend in backends:
        if backend == DPLL:
            names = [MATRIX]
        elif backend == "cpsat":
            names = [e for e in encodings or CPSAT_MODELS if e in CPSAT_MODELS]
        else:
            names = [
                e
                for e in encodings or DEFAULT_ENCODINGS
                if e not in (*CPSAT_MODELS, MATRIX)
                and ("native" not in e.split("+") or backend in NATIVE_CARD_SOLVERS)
            ]
        out += [Configuration(e, backend) for e in names]
    if not out:
        raise UsageError("no encoding fits any of the backends given")
    return out


def _natural_backend(encoding: str) -> str:
    if encoding == MATRIX:
        return DPLL
    if encoding in CPSAT_MODELS:
        return "cpsat"
    return NATIVE_BACKEND if "native" in encoding.split("+") else CNF_BACKEND
