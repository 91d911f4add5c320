"""A plain ``satdoku solve PUZZLE`` runs without click: the same output, messages and exit
status as when click reads the same command line."""

from __future__ import annotations

import pytest

from satdoku.cli import main, solving
from satdoku.cli.solving import plain_request

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CLASH = "11" + "." * 79


def outcome(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[object, str, str]:
    """Exit status, stdout and stderr of ``satdoku ARGS``."""
    with pytest.raises(SystemExit) as done:
        main(args)
    out, err = capsys.readouterr()
    return done.value.code, out, err


@pytest.mark.parametrize(
    "args",
    [
        ["solve", PUZZLE],
        ["solve", PUZZLE, "--format", "line"],
        ["solve", "--format", "json", PUZZLE],
        ["solve", PUZZLE, "--format=csv"],
        ["solve", PUZZLE, "--format", "ss"],
        ["solve", CLASH, "--format", "json"],
        ["solve", "1.3"],
        ["solve", "nosuchfile.txt"],
    ],
)
def test_plain_and_click_agree(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert plain_request(args) is not None
    plain = outcome(args, capsys)
    monkeypatch.setattr(solving, "plain_request", lambda args: None)
    assert outcome(args, capsys) == plain


@pytest.mark.parametrize(
    "args",
    [
        ["solve"],
        ["solve", "-"],
        ["solve", ""],
        ["solve", PUZZLE, "--stats"],
        ["solve", PUZZLE, PUZZLE],
        ["solve", PUZZLE, "--format", "nosuch"],
        ["solve", PUZZLE, "--format"],
        ["solve", "-f", "puzzles.txt"],
        ["count", PUZZLE],
    ],
)
def test_other_command_lines_are_read_by_click(args: list[str]) -> None:
    assert plain_request(args) is None
