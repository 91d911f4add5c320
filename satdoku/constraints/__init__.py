"""Rule types, one module each: a constraint knows its cells, how it checks a finished grid,
how it becomes CNF and a CP-SAT model, what a search engine must take to take it, and how it
is drawn. ``CONSTRAINTS`` names them; adding a rule type is one module and one line here (see
docs/adding-a-constraint.md)."""

from __future__ import annotations

from satdoku.constraints.alldifferent import AllDifferent
from satdoku.constraints.arrow import Arrow, DoubleArrow
from satdoku.constraints.between import Between
from satdoku.constraints.cage import Cage
from satdoku.constraints.difference import NotConsecutive
from satdoku.constraints.entropic import Entropic
from satdoku.constraints.equalsum import EqualSum
from satdoku.constraints.greaterthan import GreaterThan
from satdoku.constraints.kropki import Kropki, NoKropki
from satdoku.constraints.littlekiller import LittleKiller
from satdoku.constraints.lockout import Lockout
from satdoku.constraints.modular import Modular
from satdoku.constraints.palindrome import Palindrome
from satdoku.constraints.quadruple import Quadruple
from satdoku.constraints.regionsum import RegionSumLine
from satdoku.constraints.renban import Renban
from satdoku.constraints.sandwich import Sandwich
from satdoku.constraints.skyscraper import Skyscraper
from satdoku.constraints.sum import Sum
from satdoku.constraints.sumline import SumLine
from satdoku.constraints.thermometer import SlowThermometer, Thermometer
from satdoku.constraints.values import Values
from satdoku.constraints.whisper import Whisper
from satdoku.constraints.xsum import XSum
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
    "cage": Cage,
    "arrow": Arrow,
    "doublearrow": DoubleArrow,
    "littlekiller": LittleKiller,
    "sandwich": Sandwich,
    "xsum": XSum,
    "skyscraper": Skyscraper,
    "quadruple": Quadruple,
    "values": Values,
}
"""Rule type name -> its class."""

__all__ = [
    "CONSTRAINTS",
    "XV",
    "AllDifferent",
    "Arrow",
    "Between",
    "Cage",
    "Constraint",
    "DoubleArrow",
    "Entropic",
    "EqualSum",
    "GreaterThan",
    "Kropki",
    "LittleKiller",
    "Lockout",
    "Modular",
    "NoKropki",
    "NoXV",
    "NotConsecutive",
    "Palindrome",
    "Quadruple",
    "RegionSumLine",
    "Renban",
    "Sandwich",
    "Skyscraper",
    "SlowThermometer",
    "Sum",
    "SumLine",
    "Thermometer",
    "Values",
    "Whisper",
    "XSum",
    "Zipper",
]
