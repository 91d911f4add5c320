"""``satdoku compare``: every configuration (encoding x backend) on the same puzzles, verified,
cross-checked and summarised as a table, CSV, JSON and a plot."""

from satdoku.compare.configuration import (
    DEFAULT_CONFIGURATIONS,
    SUM_CONFIGURATIONS,
    Configuration,
    beyond_units,
    configurations,
    runnable,
)
from satdoku.compare.run import Comparison, Trial, compare
from satdoku.compare.summary import Summary, markdown_table, summarize, to_json, write_csv

__all__ = [
    "DEFAULT_CONFIGURATIONS",
    "SUM_CONFIGURATIONS",
    "Comparison",
    "Configuration",
    "Summary",
    "Trial",
    "beyond_units",
    "compare",
    "configurations",
    "markdown_table",
    "runnable",
    "summarize",
    "to_json",
    "write_csv",
]
