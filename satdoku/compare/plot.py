"""The comparison as a picture: solve-time distributions (log scale) and formula sizes.

matplotlib (Agg backend, no display needed) is imported here only, from the ``plot`` extra.
"""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.compare.run import Comparison
from satdoku.compare.summary import Summary
from satdoku.extras import require


def plot_comparison(
    comparison: Comparison, summaries: Sequence[Summary], path: str, title: str = ""
) -> None:
    """Write a PNG: left, each configuration's solve times (box plot over the puzzles it
    solved, log scale; failures counted in its label); right, its mean variables and
    clauses (constraints for CP-SAT).

    Raises:
        UsageError: matplotlib is not installed (the ``plot`` extra).
    """
    require("matplotlib", "plot", "compare --plot").use("Agg")
    import matplotlib.pyplot as plt

    labels = [
        s.configuration + (f"  [{s.failures} failed]" if s.failures else "") for s in summaries
    ]
    times = [
        [max(t.stats.solve_time * 1000, 1e-3) for t in trials if t.stats is not None]
        for trials in comparison.trials.values()
    ]
    height = max(4.0, 0.45 * len(labels) + 1.5)
    fig, (left, right) = plt.subplots(
        1, 2, figsize=(13, height), sharey=True, gridspec_kw={"width_ratios": [3, 2]}
    )
    positions = list(range(len(labels)))[::-1]
    left.boxplot(
        [t or [float("nan")] for t in times],
        positions=positions,
        vert=False,
        widths=0.6,
        whis=(0, 100),
        showfliers=False,
    )
    for y, values in zip(positions, times, strict=True):
        jitter = [y + 0.18 * ((i * 7919) % 11 - 5) / 5 for i in range(len(values))]
        left.scatter(values, jitter, s=4, alpha=0.35, color="tab:blue")
    left.set_xscale("log")
    left.set_yticks(positions, labels)
    left.set_xlabel("solve time per puzzle (ms, log scale; box: quartiles, whiskers: min-max)")
    left.grid(axis="x", which="both", alpha=0.3)

    bar = 0.38
    variables = [s.variables for s in summaries]
    clauses = [s.clauses for s in summaries]
    right.barh([p + bar / 2 for p in positions], variables, height=bar, label="variables")
    right.barh([p - bar / 2 for p in positions], clauses, height=bar, label="clauses / constraints")
    right.set_xscale("log")
    right.set_xlabel("formula size (mean per puzzle, log scale)")
    right.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, fontsize="small")
    right.grid(axis="x", which="both", alpha=0.3)
    fig.suptitle(title or f"satdoku compare: {comparison.puzzles} puzzles")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
