"""``satdoku compare``: every configuration (encoding x backend) on the same puzzles, verified,
cross-checked and summarised as a table, CSV, JSON and a plot."""

from satdoku.compare.configuration import DEFAULT_CONFIGURATIONS, Configuration, configurations
from satdoku.compare.run import Comparison, Trial, compare
from satdoku.compare.summary import Summary, markdown_table, summarize, to_json, write_csv

__all__ = [
    "DEFAULT_CONFIGURATIONS",
    "Comparison",
    "Configuration",
    "Summary",
    "Trial",
    "compare",
    "configurations",
    "markdown_table",
    "summarize",
    "to_json",
    "write_csv",
]
