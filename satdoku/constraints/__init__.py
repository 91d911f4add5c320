"""Rule types, one module each: a constraint knows its cells, how it checks a finished grid,
how it becomes CNF and a CP-SAT model, what a search engine must take to take it, and how it
is drawn. ``CONSTRAINTS`` names them; adding a rule type is one module and one line here (see
docs/adding-a-constraint.md)."""

from __future__ import annotations

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.constraints.sum import Sum
from satdoku.constraints.thermometer import Thermometer
from satdoku.model import Constraint

CONSTRAINTS: dict[str, type[Constraint]] = {
    "alldifferent": AllDifferent,
    "sum": Sum,
    "thermometer": Thermometer,
}
"""Rule type name -> its class."""

__all__ = ["CONSTRAINTS", "AllDifferent", "Constraint", "Sum", "Thermometer"]
