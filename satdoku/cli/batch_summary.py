"""The summary line of ``satdoku batch``, for a file and for a table alike."""

from __future__ import annotations

from satdoku.cli.report import Report
from satdoku.status import Status


def batch_summary(report: Report, unique: int, multiple: int) -> list[str]:
    """Puzzles, seconds, rate and the count of each status, in one line."""
    seconds = report.seconds
    s = report.statuses
    total = sum(s.values())
    rate = total / seconds if seconds > 0 else 0.0
    return [
        f"{total:,} puzzle{'' if total == 1 else 's'} in {seconds:.1f} s"
        f" ({rate:,.0f} puzzles/s): "
        f"{s[Status.SOLVED]:,} solved ({unique:,} unique, {multiple:,} multiple), "
        f"{s[Status.NO_SOLUTION]:,} no_solution, {s[Status.INVALID]:,} invalid,"
        f" {s[Status.UNKNOWN]:,} unknown"
    ]
