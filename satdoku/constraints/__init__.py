"""Rule types, one module each: a constraint knows its cells, how it checks a finished grid,
how it becomes CNF and a CP-SAT model, what a search engine must take to take it, and how it
is drawn. ``CONSTRAINTS`` names them; adding a rule type is one module and one line here (see
docs/adding-a-constraint.md)."""

from __future__ import annotations

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.constraints.between import Between
from satdoku.constraints.difference import NotConsecutive
from satdoku.constraints.entropic import Entropic
from satdoku.constraints.equalsum import EqualSum
from satdoku.constraints.greaterthan import GreaterThan
from satdoku.constraints.kropki import Kropki, NoKropki
from satdoku.constraints.lockout import Lockout
from satdoku.constraints.modular import Modular
from satdoku.constraints.palindrome import Palindrome
from satdoku.constraints.regionsum import RegionSumLine
from satdoku.constraints.renban import Renban
from satdoku.constraints.sum import Sum
from satdoku.constraints.sumline import SumLine
from satdoku.constraints.thermometer import SlowThermometer, Thermometer
from satdoku.constraints.whisper import Whisper
from satdoku.constraints.xv import XV, NoXV
from satdoku.constraints.zipper import Zipper
from satdoku.model import Constraint

CONSTRAINTS: dict[str, type[Constraint]] = {
    "alldifferent": AllDifferent,
    "sum": Sum,
    "thermometer": Thermometer,
    "kropki": Kropki,
    "nokropki": NoKropki,
    "xv": XV,
    "noxv": NoXV,
    "greaterthan": GreaterThan,
    "notconsecutive": NotConsecutive,
    "slowthermometer": SlowThermometer,
    "whisper": Whisper,
    "renban": Renban,
    "between": Between,
    "lockout": Lockout,
    "palindrome": Palindrome,
    "zipper": Zipper,
    "entropic": Entropic,
    "modular": Modular,
    "regionsumline": RegionSumLine,
    "sumline": SumLine,
    "equalsum": EqualSum,
}
"""Rule type name -> its class."""

__all__ = [
    "CONSTRAINTS",
    "XV",
    "AllDifferent",
    "Between",
    "Constraint",
    "Entropic",
    "EqualSum",
    "GreaterThan",
    "Kropki",
    "Lockout",
    "Modular",
    "NoKropki",
    "NoXV",
    "NotConsecutive",
    "Palindrome",
    "RegionSumLine",
    "Renban",
    "SlowThermometer",
    "Sum",
    "SumLine",
    "Thermometer",
    "Whisper",
    "Zipper",
]
