"""One summary row per configuration, as a markdown table, CSV and JSON."""

from __future__ import annotations

import csv
import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, TextIO

from satdoku.compare.configuration import Configuration
from satdoku.compare.run import Comparison, Trial


@dataclass
class Summary:
    """What a configuration cost over the puzzles it solved; times in milliseconds."""

    configuration: str
    encoding: str
    backend: str
    puzzles: int
    solved: int
    no_solution: int
    failures: int
    variables: float
    clauses: float
    literals: float
    encode_median_ms: float
    encode_p90_ms: float
    encode_max_ms: float
    solve_median_ms: float
    solve_p90_ms: float
    solve_max_ms: float
    cpu_median_ms: float
    cpu_p90_ms: float
    """Process CPU time of the whole solve call (encode, solve, verify), steady on a busy
    machine."""
    conflicts_mean: float
    decisions_mean: float
    propagation_only: float | None
    """Share of solved puzzles that unit propagation alone solves (None for CP-SAT)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` percentile (0 < q <= 100); NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def summarize(comparison: Comparison) -> list[Summary]:
    """One :class:`Summary` per configuration, in the order they ran."""
    return [_summary(c, trials) for c, trials in comparison.trials.items()]


def _summary(configuration: Configuration, trials: list[Trial]) -> Summary:
    stats = [t.stats for t in trials if t.stats is not None]
    encode = [s.encode_time * 1000 for s in stats]
    solve = [s.solve_time * 1000 for s in stats]
    cpu = [t.cpu_time * 1000 for t in trials if t.stats is not None]
    flags = [s.propagation_only for s in stats if s.propagation_only is not None]

    def mean(values: list[float]) -> float:
        return statistics.fmean(values) if values else math.nan

    return Summary(
        configuration=configuration.label,
        encoding=configuration.encoding,
        backend=configuration.backend,
        puzzles=len(trials),
        solved=sum(t.status == "solved" for t in trials),
        no_solution=sum(t.status == "no_solution" for t in trials),
        failures=sum(t.failed for t in trials),
        variables=mean([s.variables for s in stats]),
        clauses=mean([s.clauses for s in stats]),
        literals=mean([s.literals for s in stats]),
        encode_median_ms=percentile(encode, 50),
        encode_p90_ms=percentile(encode, 90),
        encode_max_ms=max(encode, default=math.nan),
        solve_median_ms=percentile(solve, 50),
        solve_p90_ms=percentile(solve, 90),
        solve_max_ms=max(solve, default=math.nan),
        cpu_median_ms=percentile(cpu, 50),
        cpu_p90_ms=percentile(cpu, 90),
        conflicts_mean=mean([s.conflicts for s in stats]),
        decisions_mean=mean([s.decisions for s in stats]),
        propagation_only=sum(flags) / len(flags) if flags else None,
    )


COLUMNS = (
    "configuration",
    "vars",
    "clauses",
    "encode ms med / p90 / max",
    "solve ms med / p90 / max",
    "CPU ms med / p90",
    "conflicts",
    "decisions",
    "UP alone",
    "failures",
)


def _num(x: float) -> str:
    if math.isnan(x):
        return "-"
    if x >= 100:
        return f"{x:,.0f}"
    return f"{x:.1f}" if x >= 10 else f"{x:.2f}"


def _count(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:,.0f}" if x >= 100 else f"{x:.1f}"


def markdown_table(summaries: Sequence[Summary]) -> str:
    """The summaries as a markdown table (times in ms, counts are means per puzzle)."""
    rows = [
        [
            s.configuration,
            f"{s.variables:,.0f}" if not math.isnan(s.variables) else "-",
            f"{s.clauses:,.0f}" if not math.isnan(s.clauses) else "-",
            " / ".join(map(_num, (s.encode_median_ms, s.encode_p90_ms, s.encode_max_ms))),
            " / ".join(map(_num, (s.solve_median_ms, s.solve_p90_ms, s.solve_max_ms))),
            " / ".join(map(_num, (s.cpu_median_ms, s.cpu_p90_ms))),
            _count(s.conflicts_mean),
            _count(s.decisions_mean),
            "-" if s.propagation_only is None else f"{100 * s.propagation_only:.0f}%",
            str(s.failures),
        ]
        for s in summaries
    ]
    widths = [max(len(r[i]) for r in [list(COLUMNS), *rows]) for i in range(len(COLUMNS))]
    lines = [
        "| " + " | ".join(c.ljust(w) for c, w in zip(COLUMNS, widths, strict=True)) + " |",
        "|" + "|".join("-" * (w + 2) for w in widths) + "|",
    ]
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def write_csv(summaries: Sequence[Summary], handle: TextIO) -> None:
    """One row per configuration, every :class:`Summary` field a column."""
    rows = [s.to_dict() for s in summaries]
    writer = csv.DictWriter(handle, fieldnames=list(Summary.__dataclass_fields__))
    writer.writeheader()
    writer.writerows(rows)


def to_json(comparison: Comparison, summaries: Sequence[Summary]) -> dict[str, Any]:
    """Everything: the summaries, the disagreements and every trial."""
    return {
        "puzzles": comparison.puzzles,
        "configurations": [s.to_dict() for s in summaries],
        "disagreements": comparison.disagreements,
        "several_solutions": comparison.several_solutions,
        "trials": [t.to_dict() for trials in comparison.trials.values() for t in trials],
    }
