"""Encodings: a puzzle in, a CNF :class:`Formula` out. One class each, registered by name.

A spec names an encoding and its options joined by ``+``: ``extended``,
``extended+optimized`` (reduced by the givens), ``efficient+seqcounter`` (at-most-one by a
sequential counter), ``minimal+native+optimized``, ``extended+singles`` (reduced by the
givens, then by naked and hidden singles and locked candidates), ``augmented`` (extended +
triad variables), and a sum method (:mod:`satdoku.encodings.sums`): ``table`` (default),
``extended+pb`` (every sum as a pseudo-Boolean constraint) or ``extended+tree`` (every sum as
a totalizer). Adding an encoding is one class (``name``, ``encode``) and one entry in
``ENCODINGS``; see docs/encodings.md."""

from __future__ import annotations

from satdoku.encodings.cardinality import AMO_METHODS
from satdoku.encodings.classic import ClassicEncoding, Efficient, Extended, Minimal
from satdoku.encodings.context import LINEAR_METHODS
from satdoku.encodings.formula import Formula, VarMap
from satdoku.encodings.pbsum import require_pindakaas
from satdoku.encodings.triads import Augmented
from satdoku.errors import UsageError

ENCODINGS: dict[str, type[ClassicEncoding]] = {
    cls.name: cls for cls in (Minimal, Efficient, Extended, Augmented)
}
DEFAULT_ENCODING = "extended+optimized"


def get_encoding(spec: str = DEFAULT_ENCODING) -> ClassicEncoding:
    """The encoding a spec names, e.g. ``"extended+optimized"`` or ``"minimal+ladder"``."""
    name, *options = [part.strip().lower() for part in spec.split("+")]
    if name not in ENCODINGS:
        raise UsageError(f"unknown encoding {name!r}; choose from {', '.join(ENCODINGS)}")
    amo, optimized, sums, singles = "pairwise", False, "table", False
    for option in options:
        if option in ("optimized", "opt", "reduced"):
            optimized = True
        elif option == "singles":
            singles = True
        elif option in AMO_METHODS:
            amo = option
        elif option in LINEAR_METHODS:
            sums = option
        else:
            raise UsageError(
                f"unknown encoding option {option!r}; use optimized, singles, an at-most-one method"
                f" ({', '.join(AMO_METHODS)}) or a sum method ({', '.join(LINEAR_METHODS)})"
            )
    return ENCODINGS[name](amo=amo, optimized=optimized, sums=sums, singles=singles)


def require_extras(spec: str) -> None:
    """Raise :class:`UsageError` when an option of ``spec`` needs a package that is not
    installed (``pb``: pindakaas, the ``pb`` extra)."""
    if "pb" in (part.strip().lower() for part in spec.split("+")[1:]):
        require_pindakaas()


__all__ = [
    "DEFAULT_ENCODING",
    "ENCODINGS",
    "ClassicEncoding",
    "Formula",
    "VarMap",
    "get_encoding",
    "require_extras",
]
