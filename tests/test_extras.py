"""Optional parts: without them every command still works, and a feature that needs one is a
single ``error:`` line naming its extra. Each case runs the real command in a subprocess where
the optional module cannot be imported (``sys.modules[name] = None``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from satdoku.errors import UsageError
from satdoku.extras import require
from tests.cli import Run, assert_one_error_line
from tests.conftest import DATA, ROOT, data_lines

MANY = "8.........9........67.........628497...954213...713586......765....3.942....7.138"
"""7,171 solutions: more than one verification batch while counting."""

KAKURO = DATA / "hakank_kakuro.jsonl"
KILLER = DATA / "variants" / "killer.txt"
PB = "extended+optimized+pb"


def satdoku_without(missing: str, *args: str) -> Run:
    """``satdoku ARGS`` in a fresh interpreter in which ``import MISSING`` fails."""
    code = (
        "import sys\n"
        f"sys.modules[{missing!r}] = None\n"
        "from satdoku.cli import main\n"
        f"main({list(args)!r})\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    return Run(done.returncode, done.stdout, done.stderr)


def test_compare_plot_without_matplotlib_names_the_plot_extra(tmp_path: Path) -> None:
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("\n".join(data_lines("norvig_hardest.txt")[:2]) + "\n")
    picture = tmp_path / "compare.png"
    run = satdoku_without(
        "matplotlib",
        *("compare", str(puzzles), "--encodings", "extended", "--backends", "minisat22"),
        *("--plot", str(picture)),
    )
    assert_one_error_line(run)
    assert run.err == "error: compare --plot needs matplotlib: pip install 'satdoku[plot]'\n"
    assert not picture.exists()


def test_compare_without_plot_needs_no_matplotlib(tmp_path: Path) -> None:
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text(data_lines("norvig_hardest.txt")[0] + "\n")
    run = satdoku_without(
        "matplotlib", "compare", str(puzzles), "--encodings", "extended", "--backends", "minisat22"
    )
    assert run.status == 0, run
    assert "extended@minisat22" in run.out


@pytest.mark.parametrize(
    ("kind", "path"), [("kakuro", KAKURO), ("killer", KILLER)], ids=["kakuro", "killer"]
)
def test_pb_sum_encoding_without_pindakaas_names_the_pb_extra(kind: str, path: Path) -> None:
    run = satdoku_without("pindakaas", "solve", "--kind", kind, "-f", str(path), "--encoding", PB)
    assert_one_error_line(run)
    assert run.err == "error: the pb sum encoding needs pindakaas: pip install 'satdoku[pb]'\n"


@pytest.mark.parametrize(
    ("kind", "path"), [("kakuro", KAKURO), ("killer", KILLER)], ids=["kakuro", "killer"]
)
def test_table_sum_encoding_needs_no_pindakaas(kind: str, path: Path) -> None:
    without = satdoku_without(
        "pindakaas", "solve", "--kind", kind, "-f", str(path), "--format=line"
    )
    with_cpsat = satdoku_without(
        "pindakaas", "solve", "--kind", kind, "-f", str(path), "--format=line", "--backend=cpsat"
    )
    assert without.status == with_cpsat.status == 0, (without, with_cpsat)
    assert without.out == with_cpsat.out
    assert "error" not in without.err


def test_require_returns_the_module() -> None:
    assert require("json", "plot", "anything").dumps([1]) == "[1]"


def test_require_names_the_extra_or_the_required_package() -> None:
    with pytest.raises(
        UsageError, match=r"^a picture needs nosuchpackage: pip install 'satdoku\[plot\]'$"
    ):
        require("nosuchpackage.sub", "plot", "a picture")
    with pytest.raises(
        UsageError,
        match=r"^the cpsat backend needs nosuchpackage, which satdoku requires: pip install nosuchpackage$",
    ):
        require("nosuchpackage", None, "the cpsat backend")


def test_require_names_what_a_broken_package_cannot_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "brokenextra"
    package.mkdir()
    (package / "__init__.py").write_text("import nosuchdependency\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(UsageError) as raised:
        require("brokenextra", "plot", "a picture")
    assert str(raised.value) == (
        "a picture needs brokenextra: pip install 'satdoku[plot]'"
        " (brokenextra is there but cannot load nosuchdependency)"
    )


def test_require_passes_on_a_ctrl_c_that_cut_a_module_start_short(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pybind11 turns a KeyboardInterrupt in a module's start-up into an ImportError; that is
    an interrupt, not a missing package."""

    def interrupted(name: str) -> None:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as err:
            raise ImportError("initialization failed") from err

    monkeypatch.setattr("satdoku.extras.importlib.import_module", interrupted)
    with pytest.raises(KeyboardInterrupt):
        require("ortools.sat.python.cp_model", None, "the cpsat backend")


@pytest.mark.parametrize("timeout", [[], ["--timeout", "30"]])
def test_a_broken_ortools_is_one_line_naming_it(timeout: list[str]) -> None:
    run = satdoku_without("ortools", "solve", MANY, "--backend", "cpsat", *timeout)
    assert_one_error_line(run)
    assert (
        run.err
        == "error: the cpsat backend needs ortools, which satdoku requires: pip install ortools\n"
    )
