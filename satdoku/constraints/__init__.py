"""Rule types, one module each: a constraint knows its cells, how it checks a finished grid,
how it becomes CNF and a CP-SAT model, what a search engine must take to take it, and how it
is drawn. ``CONSTRAINTS`` names them; adding a rule type is one module and one line here (see
docs/adding-a-constraint.md). The units every kind is made of are imported here, the sums
(:class:`Sum`) on first use; the other rule types are imported from their modules, or by name
through :func:`get_constraint`, so that a run pays only for the rules it reads."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.errors import UsageError
from satdoku.lazy import lazy_names
from satdoku.model import Constraint

if TYPE_CHECKING:
    from satdoku.constraints.sum import Sum

CONSTRAINTS: dict[str, str] = {
    "alldifferent": "alldifferent:AllDifferent",
    "sum": "sum:Sum",
    "thermometer": "thermometer:Thermometer",
    "slowthermometer": "thermometer:SlowThermometer",
    "whisper": "whisper:Whisper",
    "renban": "renban:Renban",
    "between": "between:Between",
    "lockout": "lockout:Lockout",
    "palindrome": "palindrome:Palindrome",
    "zipper": "zipper:Zipper",
    "entropic": "entropic:Entropic",
    "modular": "modular:Modular",
    "regionsumline": "regionsum:RegionSumLine",
    "sumline": "sumline:SumLine",
    "equalsum": "equalsum:EqualSum",
    "cage": "cage:Cage",
    "arrow": "arrow:Arrow",
    "doublearrow": "arrow:DoubleArrow",
    "littlekiller": "littlekiller:LittleKiller",
    "sandwich": "sandwich:Sandwich",
    "xsum": "xsum:XSum",
    "skyscraper": "skyscraper:Skyscraper",
    "quadruple": "quadruple:Quadruple",
    "values": "values:Values",
    "kropki": "kropki:Kropki",
    "nokropki": "kropki:NoKropki",
    "xv": "xv:XV",
    "noxv": "xv:NoXV",
    "greaterthan": "greaterthan:GreaterThan",
    "notconsecutive": "difference:NotConsecutive",
}
"""Rule type name -> ``module:Class`` in this package (the module is imported on first use)."""


def get_constraint(name: str) -> type[Constraint]:
    """The rule type called ``name`` (a key of :data:`CONSTRAINTS`)."""
    if name not in CONSTRAINTS:
        raise UsageError(f"unknown rule type {name!r}; choose from {', '.join(CONSTRAINTS)}")
    module, attribute = CONSTRAINTS[name].split(":")
    found: type[Constraint] = getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
    return found


__getattr__, __dir__ = lazy_names(__name__, globals(), {"Sum": "satdoku.constraints.sum"})


__all__ = ["CONSTRAINTS", "AllDifferent", "Constraint", "Sum", "get_constraint"]
