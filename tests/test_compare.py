"""satdoku compare: configurations, agreement checks, summaries, CSV/JSON/plot and the CLI."""

import csv
import json
import sys

import pytest

import satdoku.compare.run as run_module
from satdoku import parse_puzzle
from satdoku.compare import (
    DEFAULT_CONFIGURATIONS,
    SUM_CONFIGURATIONS,
    Configuration,
    beyond_units,
    compare,
    configurations,
    markdown_table,
    runnable,
    summarize,
)
from satdoku.compare.summary import percentile
from satdoku.errors import UsageError
from tests.cli import satdoku
from tests.conftest import DATA, data_lines
from tests.test_linear import PINDAKAAS


def test_defaults_cover_at_least_eight_configurations_and_both_cpsat_models():
    labels = [c.label for c in DEFAULT_CONFIGURATIONS]
    assert len(set(labels)) == len(labels) >= 8
    assert {"alldiff@cpsat", "onehot@cpsat", "minimal+native@minicard"} <= set(labels)
    for configuration in DEFAULT_CONFIGURATIONS:
        configuration.check()


def test_configurations_from_lists():
    assert [c.label for c in configurations(["extended", "onehot", "minimal+native"])] == [
        "extended@minisat22",
        "onehot@cpsat",
        "minimal+native@minicard",
    ]
    crossed = configurations(["extended", "alldiff"], ["glucose4", "cpsat"])
    assert [c.label for c in crossed] == ["extended@glucose4", "alldiff@cpsat"]
    with pytest.raises(UsageError, match=r"no backend given takes minimal\+native"):
        configurations(["extended", "minimal+native", "alldiff"], ["glucose4", "cpsat"])
    assert {"alldiff@cpsat", "onehot@cpsat"} <= {c.label for c in configurations(None, ["cpsat"])}


@pytest.mark.parametrize(
    ("configuration", "message"),
    [
        (Configuration("extended", "cpsat"), "cpsat backend takes the encodings alldiff"),
        (Configuration("extended+native", "minisat22"), "native cardinality"),
        (Configuration("extended", "nosuch"), "unknown backend 'nosuch'"),
        (Configuration("extended", "minisat22+stable"), "unknown option 'stable' for minisat22"),
        (Configuration("fancy", "minisat22"), "unknown encoding"),
    ],
)
def test_impossible_configurations_are_refused_before_running(configuration, message):
    with pytest.raises(UsageError, match=message):
        compare([], [configuration], 1.0)


SOME = [
    Configuration("minimal", "minisat22"),
    Configuration("extended", "minisat22"),
    Configuration("augmented+optimized", "glucose4"),
    Configuration("extended+optimized", "cadical195+stable"),
    Configuration("onehot", "cpsat"),
]


def test_every_configuration_solves_and_agrees():
    puzzles = [parse_puzzle(x) for x in data_lines("norvig_easy50.txt")[:10]]
    comparison = compare(puzzles, SOME)
    summaries = summarize(comparison)
    assert comparison.puzzles == 10 and not comparison.disagreements
    assert [s.solved for s in summaries] == [10] * len(SOME)
    assert sum(s.failures for s in summaries) == 0
    by_name = {s.configuration: s for s in summaries}
    assert by_name["extended@minisat22"].variables == 729
    assert by_name["onehot@cpsat"].propagation_only is None
    # unit propagation: extended decides at least what minimal does (hidden singles too)
    assert (
        by_name["extended@minisat22"].propagation_only
        >= by_name["minimal@minisat22"].propagation_only
    )
    table = markdown_table(summaries)
    assert table.count("\n") == len(SOME) + 1 and "onehot@cpsat" in table


def test_a_configuration_that_misses_a_solution_is_a_loud_failure(monkeypatch):
    real = run_module.solve

    def broken(puzzle, *, encoding, backend, timeout):
        return None if encoding == "minimal" else real(puzzle, encoding=encoding, backend=backend)

    monkeypatch.setattr(run_module, "solve", broken)
    comparison = compare([parse_puzzle(data_lines("norvig_top95.txt")[0])], SOME[:2])
    assert len(comparison.disagreements) == 1
    assert "minimal@minisat22: no_solution" in comparison.disagreements[0]
    assert [s.failures for s in summarize(comparison)] == [1, 1]


def test_unsatisfiable_puzzles_agree_on_no_solution():
    puzzle = parse_puzzle("55" + data_lines("norvig_top95.txt")[0][2:])
    comparison = compare([puzzle], SOME)
    assert not comparison.disagreements
    assert all(s.no_solution == 1 and s.failures == 0 for s in summarize(comparison))


def test_percentile_is_nearest_rank():
    values = list(range(1, 11))
    assert (percentile(values, 50), percentile(values, 90), percentile(values, 100)) == (5, 9, 10)
    assert percentile([3.0], 90) == 3.0


def test_cli_writes_table_csv_json_and_plot(tmp_path):
    out = {k: tmp_path / f"out.{k}" for k in ("csv", "json", "png")}
    run = satdoku(
        "compare",
        str(DATA / "norvig_top95.txt"),
        "--first",
        "3",
        "--csv",
        str(out["csv"]),
        "--json",
        str(out["json"]),
        "--plot",
        str(out["png"]),
    )
    assert run.status == 0, run.err
    table = [x for x in run.out.splitlines() if x.startswith("| ")]
    assert len(table) == 1 + len(DEFAULT_CONFIGURATIONS)
    assert "alldiff@cpsat" in run.out and "onehot@cpsat" in run.out
    rows = list(csv.DictReader(out["csv"].open()))
    assert [r["configuration"] for r in rows] == [c.label for c in DEFAULT_CONFIGURATIONS]
    assert all(r["solved"] == "3" and r["failures"] == "0" for r in rows)
    report = json.loads(out["json"].read_text())
    assert len(report["trials"]) == 3 * len(DEFAULT_CONFIGURATIONS)
    assert out["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_skips_bad_lines_and_reports_them(tmp_path):
    path = tmp_path / "mixed.txt"
    lines = data_lines("norvig_top95.txt")
    path.write_text(f"{lines[0]}\n12345\n{lines[1]}\n")
    run = satdoku("compare", str(path), "--encodings", "extended,alldiff")
    assert run.status == 2  # some input was bad
    assert "line 2" in run.err and "skipped" in run.err
    assert "2 puzzles" in run.err


def test_time_outs_are_failures_and_reported():
    line = data_lines("norvig_top95.txt")[0]
    comparison = compare([parse_puzzle(line)], [Configuration("extended", "minisat22")], 0.0)
    trial = comparison.trials[Configuration("extended", "minisat22")][0]
    assert trial.status == "unknown" and trial.failed
    run = satdoku("compare", "-", "--encodings", "extended", "--timeout", "0", stdin=line + "\n")
    assert run.status == 3 and "UNKNOWN extended@minisat22 puzzle 1" in run.err


VARIANTS = {
    json.loads(line)["name"]: json.loads(line)["iss"] for line in data_lines("iss_pictures.jsonl")
}
SMALL_FILE = ("Killer", "Little Killer Sudoku", "Septa", "X-Windoku")
"""Cages, a little killer, region sum lines on a 7x7, and units only."""


def runnable_defaults() -> list[Configuration]:
    return [c for c in SUM_CONFIGURATIONS if PINDAKAAS or "+pb" not in c.encoding]


def test_rules_beyond_units_choose_the_sum_method_defaults():
    classic = [parse_puzzle(x) for x in data_lines("norvig_top95.txt")[:2]]
    units_only = [parse_puzzle(VARIANTS["X-Windoku"])]
    killer = [parse_puzzle(VARIANTS["Killer"])]
    thermo = [parse_puzzle(VARIANTS["Thermo"])]
    assert not beyond_units(classic) and not beyond_units(units_only)
    assert beyond_units(classic + killer) and beyond_units(thermo)
    assert configurations(None, None, beyond_units(units_only)) == list(DEFAULT_CONFIGURATIONS)
    assert configurations(None, None, beyond_units(killer)) == list(SUM_CONFIGURATIONS)
    labels = [c.label for c in SUM_CONFIGURATIONS]
    assert {"alldiff@cpsat", "onehot@cpsat"} <= set(labels)
    sums = {c.encoding for c in SUM_CONFIGURATIONS if c.backend == "minisat22"}
    assert sums == {"extended+optimized", "extended+optimized+pb", "extended+optimized+tree"}
    assert [c.encoding for c in configurations(None, ["minisat22"], rules=True)] == [
        "extended+optimized",
        "extended+optimized+pb",
        "extended+optimized+tree",
    ]


def test_without_pindakaas_the_pb_configuration_is_left_out_with_its_reason(monkeypatch):
    monkeypatch.setitem(sys.modules, "pindakaas", None)  # import pindakaas fails
    kept, left_out = runnable(SUM_CONFIGURATIONS)
    assert [c for c in SUM_CONFIGURATIONS if c not in kept] == [
        Configuration("extended+optimized+pb", "minisat22")
    ]
    assert left_out == [
        "extended+optimized+pb@minisat22: the pb sum encoding needs pindakaas:"
        " pip install 'satdoku[pb]' (left out)"
    ]
    with pytest.raises(UsageError, match="needs pindakaas"):
        compare([], [Configuration("extended+pb", "minisat22")])


@pytest.fixture
def variant_file(tmp_path):
    path = tmp_path / "variants.iss"
    path.write_text("".join(VARIANTS[name] + "\n" for name in SMALL_FILE))
    return path


def test_every_sum_method_solves_a_variant_file_and_agrees(variant_file):
    puzzles = [parse_puzzle(line) for line in variant_file.read_text().splitlines()]
    chosen = runnable_defaults()
    comparison = compare(puzzles, chosen, timeout=60)
    summaries = summarize(comparison)
    assert not comparison.disagreements
    assert [(s.solved, s.failures) for s in summaries] == [(len(puzzles), 0)] * len(chosen)
    by_name = {s.configuration: s for s in summaries}
    table, tree = (
        by_name["extended+optimized@minisat22"],
        by_name["extended+optimized+tree@minisat22"],
    )
    assert table.clauses != tree.clauses  # a real choice: different formulas, same answers
    grids = {t.grid for c in chosen for t in comparison.trials[c] if t.puzzle == 0}
    assert len(grids) == 1


def test_cli_compares_the_sum_methods_on_a_variant_file(variant_file):
    run = satdoku("compare", str(variant_file), "--first", "2", "--timeout", "60")
    assert run.status == 0, run.err
    rows = [x.split("|")[1].strip() for x in run.out.splitlines() if x.startswith("| ")][1:]
    assert rows == [c.label for c in runnable_defaults()]
    assert "DISAGREEMENT" not in run.err
    assert "2 puzzles (9x9) from" in run.err
