"""``satdoku redundant`` and ``satdoku minimize`` as a user runs them: records per puzzle, a
bad line among good ones, pictures, time limits, exit statuses and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import satdoku
from satdoku.cli import main
from satdoku.errors import VerificationError
from satdoku.status import Exit
from tests.conftest import DATA, data_lines

EASY = data_lines("norvig_easy50.txt")[1]
"""A puzzle with eleven redundant givens."""
MULTIPLE = "12" + "." * 14


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``satdoku ARGS``."""
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


def test_redundant_lists_what_the_library_finds(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "redundant", EASY, "--format", "json")
    record = json.loads(out)
    expected = [item.name for item in satdoku.redundant(EASY).redundant or ()]
    assert status == Exit.OK and record["status"] == "unique"
    assert record["redundant"] == expected and len(expected) == 11
    status, out, _ = run(capsys, "redundant", EASY)
    assert out == f"unique: redundant {' '.join(expected)}\n"


def test_minimize_writes_a_unique_line_inside_the_puzzle_the_same_for_a_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "minimize", EASY, "--seed", "5", "--format", "json")
    record = json.loads(out)
    line = record["puzzle"]
    assert len(line) == 81 and satdoku.count(line).count == 1
    assert all(c == "." or c == e for c, e in zip(line, EASY, strict=True))
    assert record["givens"] == record["kept"] == 81 - line.count(".")
    again = run(capsys, "minimize", EASY, "--seed", "5")
    assert again == (Exit.OK, line + "\n", "")


def test_a_file_gets_one_record_a_line_and_a_bad_line_stops_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{EASY}\n11x\n{MULTIPLE}\n")
    for command in ("redundant", "minimize"):
        status, out, err = run(capsys, command, "-f", str(path), "--format", "json")
        records = [json.loads(line) for line in out.splitlines()]
        assert [r["status"] for r in records] == ["unique", "invalid", "multiple"]
        assert [r["line"] for r in records] == [1, 2, 3]
        assert status == Exit.BAD_INPUT and "error:" in err and "Traceback" not in err


def test_not_unique_puzzles_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "redundant", MULTIPLE)
    assert status == Exit.NOT_ONE and out.startswith("multiple: the puzzle has several")
    status, out, _ = run(capsys, "minimize", "11" + "." * 14, "--format", "json")
    assert status == Exit.NOT_ONE and json.loads(out)["puzzle"] is None


def test_past_the_time_limit_the_status_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("redundant", "minimize"):
        status, out, _ = run(capsys, command, EASY, "--timeout", "0", "--format", "json")
        assert status == Exit.UNKNOWN and json.loads(out)["status"] == "unknown"


def test_the_picture_shades_the_redundant_givens(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(capsys, "redundant", EASY, "--format", "svg")
    assert status == Exit.OK and out.count('class="redundant"') == 11
    status, out, _ = run(capsys, "minimize", EASY, "--format", "svg")
    minimal = satdoku.minimize(EASY).minimal
    assert minimal is not None and f"{minimal.nclues} givens" in out
    path = tmp_path / "two.txt"
    path.write_text(f"{EASY}\n{EASY}\n")
    status, _, err = run(capsys, "redundant", "-f", str(path), "--format", "svg")
    assert status == Exit.BAD_INPUT and err.startswith("error: --format svg draws one puzzle")


@pytest.mark.parametrize(
    "args",
    [
        ["redundant", "12x"],
        ["minimize", "--consider", "cells", EASY],
        ["minimize", "--timeout", "nan", EASY],
        ["redundant"],
    ],
)
def test_bad_input_is_one_error_line(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    status, _, err = run(capsys, *args)
    assert status == Exit.BAD_INPUT and err.startswith("error: ") and err.count("\n") == 1


def test_the_output_never_overwrites_the_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text(EASY + "\n")
    status, _, err = run(capsys, "minimize", "-f", str(path), "-o", str(path))
    assert status == Exit.BAD_INPUT and "refusing to overwrite" in err
    assert path.read_text() == EASY + "\n"


def test_killer_cages_are_weighed_with_consider_rules(capsys: pytest.CaptureFixture[str]) -> None:
    killer = str(DATA / "variants" / "killer.txt")
    args = ("-f", killer, "--kind", "killer", "--consider", "rules", "--format", "json")
    status, out, _ = run(capsys, "minimize", *args)
    record = json.loads(out)
    assert status == Exit.OK and record["removed"] and record["weighed"] == 38
    assert record["kept"] + len(record["removed"]) == 38
    minimal = satdoku.parse_puzzle(record["puzzle"], kind="killer")
    assert satdoku.count(minimal).count == 1 and len(minimal.constraints) == 27 + 2 * record["kept"]
    status, out, _ = run(capsys, "redundant", *args)
    assert set(json.loads(out)["redundant"]) >= set(record["removed"])


def test_an_answer_the_check_refutes_is_an_error_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def refuted(*args: object, **options: object) -> None:
        raise VerificationError("without r1c1: the count finds 2 solutions, not one")

    monkeypatch.setattr("satdoku.cli.setter.redundant", refuted)
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{EASY}\n{EASY}\n")
    status, out, _ = run(capsys, "redundant", "-f", str(path), "--format", "json")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == Exit.FAILED and [r["status"] for r in records] == ["error", "error"]
    assert records[0]["error"].startswith("without r1c1")
