"""satdoku: solve, count and explain grid logic puzzles with SAT and CP-SAT.

>>> from satdoku import solve
>>> solution = solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> solution.line[:9]
'417369825'
"""

from satdoku.errors import ParseError, SatdokuError, UsageError, VerificationError
from satdoku.formats import format_grid, format_line, parse_puzzle, read_records
from satdoku.geometry import Geometry
from satdoku.model import AllDifferent, Grid, Puzzle, Sum
from satdoku.solver import (
    Count,
    Solution,
    SolveTimeout,
    Stats,
    Uniqueness,
    count,
    is_unique,
    solutions,
    solve,
    uniqueness,
)
from satdoku.verify import check, given_clashes, violations

__version__ = "0.1.0"

__all__ = [
    "AllDifferent",
    "Count",
    "Geometry",
    "Grid",
    "ParseError",
    "Puzzle",
    "SatdokuError",
    "Solution",
    "SolveTimeout",
    "Stats",
    "Sum",
    "Uniqueness",
    "UsageError",
    "VerificationError",
    "check",
    "count",
    "format_grid",
    "format_line",
    "given_clashes",
    "is_unique",
    "parse_puzzle",
    "read_records",
    "solutions",
    "solve",
    "uniqueness",
    "violations",
]
