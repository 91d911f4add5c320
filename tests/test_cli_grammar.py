"""One grammar for every command: PUZZLE, ``-f FILE`` or ``-``; ``-o FILE`` (``-`` = stdout,
never the input); ``--quiet``; a progress bar on a terminal only; one meaning per option."""

from __future__ import annotations

import json
import os
import re

import pytest

from satdoku import logic
from satdoku.cli import COMMANDS, LazyGroup, cli
from satdoku.status import EXIT_CODES, Exit
from tests.cli import assert_one_error_line, satdoku, satdoku_on_a_terminal
from tests.conftest import DATA, ROOT, data_lines

EASY = data_lines("norvig_easy50.txt")[:3]
FAST = ["--encodings", "extended", "--backends", "minisat22"]
"""Options that keep ``compare`` to one configuration."""
OPTIONS = {"compare": FAST, "why": ["r1c1"]}
WALKERS = ["solve", "count", "unique", "explain", "rate", "batch", "compare"]
"""The commands that walk a file of puzzles."""
PUZZLE_COMMANDS = sorted(set(COMMANDS) - {"serve", "generate"})
"""The commands that read puzzles (``serve`` serves a page and an API, ``generate`` makes them)."""


@pytest.fixture
def three(tmp_path):
    path = tmp_path / "three.txt"
    path.write_text("\n".join(EASY) + "\n")
    return path


@pytest.fixture
def one(tmp_path):
    path = tmp_path / "one.txt"
    path.write_text(EASY[0] + "\n")
    return path


def run(command: str, *args: str, **kwargs: object):
    return satdoku(command, *args, *OPTIONS.get(command, []), **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("command", PUZZLE_COMMANDS)
def test_every_command_takes_a_puzzle_a_file_and_stdin(command, one):
    by_argument = run(command, EASY[0], "--quiet")
    by_file = run(command, "-f", str(one), "--quiet")
    by_stdin = run(command, "-", "--quiet", stdin=EASY[0] + "\n")
    assert by_argument.status == by_file.status == by_stdin.status == 0, (by_argument, by_file)
    assert by_argument.out and by_file.out and by_stdin.out
    assert by_file.out.count("\n") >= by_argument.out.count("\n") > 0


@pytest.mark.parametrize("command", PUZZLE_COMMANDS)
def test_o_file_holds_what_stdout_shows(command, one, tmp_path):
    target = tmp_path / "out.txt"
    shown = run(command, "-f", str(one), "--quiet")
    written = run(command, "-f", str(one), "--quiet", "-o", str(target))
    assert written.status == shown.status == 0, written
    assert written.out == ""
    if command == "compare":  # times differ from run to run
        assert "| extended@minisat22" in target.read_text()
    else:
        assert target.read_text() == shown.out


@pytest.mark.parametrize("command", PUZZLE_COMMANDS)
def test_o_dash_is_stdout_not_a_file(command, one, tmp_path):
    done = run(command, "-f", str(one), "--quiet", "-o", "-", cwd=tmp_path)
    assert done.status == 0 and done.out, done
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("how", ["same", "symlink", "hard link"])
@pytest.mark.parametrize("command", PUZZLE_COMMANDS)
def test_o_naming_the_input_is_refused(command, how, one, tmp_path):
    target = tmp_path / "alias.txt"
    if how == "same":
        target = one
    elif how == "symlink":
        target.symlink_to(one)
    else:
        os.link(one, target)
    done = run(command, "-f", str(one), "-o", str(target))
    assert_one_error_line(done)
    assert "input" in done.err
    assert one.read_text() == EASY[0] + "\n"


@pytest.mark.parametrize("command", PUZZLE_COMMANDS)
def test_a_missing_file_given_as_puzzle_suggests_f(command, tmp_path):
    done = run(command, "nosuchfile.txt", cwd=tmp_path)
    assert_one_error_line(done)
    assert "no such file: nosuchfile.txt" in done.err and "-f" in done.err


@pytest.mark.parametrize("command", sorted(set(PUZZLE_COMMANDS) - {"batch", "compare"}))
def test_an_existing_file_given_as_puzzle_suggests_f(command, one):
    done = run(command, str(one))
    assert_one_error_line(done)
    assert f"-f {one}" in done.err


@pytest.mark.parametrize("command", ["batch", "compare"])
def test_batch_and_compare_also_take_the_file_as_argument(command, three):
    positional = run(command, str(three), "--quiet", "--format", "csv")
    by_option = run(command, "-f", str(three), "--quiet", "--format", "csv")
    assert positional.status == by_option.status == 0, positional
    assert len(positional.out.splitlines()) == len(by_option.out.splitlines()) > 1


def test_a_puzzle_that_is_not_a_path_keeps_its_own_error():
    done = satdoku("solve", EASY[0][:80])
    assert_one_error_line(done)
    assert "no such file" not in done.err and "column 81" in done.err


@pytest.mark.parametrize("command", WALKERS)
def test_quiet_silences_the_summary(command, three):
    talkative = run(command, "-f", str(three))
    quiet = run(command, "-f", str(three), "--quiet")
    assert talkative.status == quiet.status == 0, talkative
    assert talkative.err and quiet.err == ""


@pytest.mark.parametrize("command", WALKERS)
def test_progress_bar_on_a_terminal_only(command, three):
    terminal = satdoku_on_a_terminal(command, "-f", str(three), *OPTIONS.get(command, []))
    assert terminal.status == 0, terminal
    assert "%|" in terminal.err  # tqdm's bar
    piped = run(command, "-f", str(three))
    assert "%|" not in piped.err
    quiet = satdoku_on_a_terminal(command, "-f", str(three), "--quiet", *OPTIONS.get(command, []))
    assert quiet.status == 0 and quiet.err == ""


def test_progress_bar_leaves_stdout_alone(three):
    terminal = satdoku_on_a_terminal("solve", "-f", str(three), "--format", "line")
    assert (
        terminal.out.splitlines()
        == run("solve", "-f", str(three), "--format", "line").out.splitlines()
    )


@pytest.mark.parametrize("command", ["solve", "count", "unique", "rate", "batch"])
def test_json_is_one_object_per_puzzle_and_summaries_stay_on_stderr(command, three):
    done = run(command, "-f", str(three), "--format", "json")
    assert done.status == 0, done
    objects = [json.loads(line) for line in done.out.splitlines()]
    assert [o["line"] for o in objects] == [1, 2, 3]
    assert "3 puzzles" in done.err or "summary: 3 puzzles" in done.err


@pytest.mark.parametrize(
    ("command", "header"),
    [
        ("solve", "line,status,solution,reason,error"),
        ("count", "line,status,count,complete,backend,time,stopped,error"),
        ("unique", "line,status,solutions,differences,time,error"),
        ("rate", "line,status,score,label,hardest,hardest_score,steps,placed"),
        ("batch", "line,id,status,count,complete,solution,error"),
    ],
)
def test_csv_is_a_header_and_a_row_per_puzzle(command, header, three):
    done = run(command, "-f", str(three), "--format", "csv", "--quiet")
    assert done.status == 0, done
    lines = done.out.splitlines()
    assert lines[0] == header and len(lines) == 4
    assert [row.split(",")[0] for row in lines[1:]] == ["1", "2", "3"]


@pytest.mark.parametrize(
    ("command", "old", "new"),
    [("count", "text", "grid"), ("unique", "text", "grid"), ("batch", "jsonl", "json")],
)
def test_older_format_names_are_aliases(command, old, new, three):
    assert (
        run(command, "-f", str(three), "--format", old, "--quiet").out
        == run(command, "-f", str(three), "--format", new, "--quiet").out
    )


@pytest.mark.parametrize("command", WALKERS)
def test_first_takes_the_first_puzzles(command, three):
    done = run(command, "-f", str(three), "--first", "2", "--format", "csv", "--quiet")
    if command == "explain":  # no CSV: one JSON object per puzzle instead
        done = run(command, "-f", str(three), "--first", "2", "--format", "json", "--quiet")
        assert len(done.out.splitlines()) == 2
    elif command == "compare":
        assert done.status == 0
        (row,) = [r for r in done.out.splitlines()[1:]]
        assert ",2," in row  # two puzzles
    else:
        assert len(done.out.splitlines()) == 3  # header and two rows
    assert done.status == 0, done


def test_limit_is_solutions_per_puzzle_everywhere(three):
    many = "8.........95.......76.........692748...714235...538196...451......973.8....826.1."
    assert len(satdoku("solve", many, "--limit", "3", "--format", "line").out.splitlines()) == 3
    counted = json.loads(satdoku("count", many, "--limit", "3", "--format", "json").out)
    assert (counted["count"], counted["complete"]) == (3, False)
    batch = json.loads(satdoku("batch", many, "--limit", "3").out)
    assert (batch["count"], batch["complete"]) == (3, False)
    assert "--limit" not in satdoku("compare", "--help").out


def test_kind_on_batch():
    path = DATA / "variants" / "x.txt"
    batch = satdoku("batch", "--kind", "x", "-f", str(path), "--quiet")
    assert batch.status == 0 and json.loads(batch.out)["status"] == "solved", batch


def test_kind_on_compare():
    path = DATA / "variants" / "x.txt"
    compare = satdoku("compare", "--kind", "x", "-f", str(path), *FAST, "--format", "csv")
    assert compare.status == 0, compare
    assert compare.out.splitlines()[1].startswith("extended@minisat22,")


def test_techniques_choose_the_rule_set():
    stuck = EASY[2]
    singles = json.loads(
        satdoku("explain", stuck, "--techniques", "singles", "--format", "json").out
    )
    names = {s["technique"] for s in singles["steps"]}
    assert names <= {t.name for t in logic.SINGLES}
    rated = json.loads(satdoku("rate", stuck, "--techniques", "singles", "--format", "json").out)
    assert rated["status"] in ("solved", "needs_search")
    assert_one_error_line(satdoku("rate", stuck, "--techniques", "nonsense"))


@pytest.mark.parametrize("command", ["explain", "rate"])
def test_explain_and_rate_take_a_timeout(command):
    done = satdoku(command, "." * 81, "--timeout", "0.000001", "--format", "json")
    assert done.status == 3, done
    assert json.loads(done.out)["status"] == "unknown"


def test_batch_takes_a_timeout():
    empty = ",".join(["0"] * 25 * 25)  # an empty 25x25
    done = satdoku("batch", empty, "--timeout", "0.000001", "--quiet")
    assert done.status == 3, done
    assert json.loads(done.out)["status"] == "unknown"


def test_every_command_help_shows_an_example():
    for command in COMMANDS:
        done = satdoku(command, "--help")
        assert done.status == 0 and "Example" in done.out, command


def test_exit_code_table_in_the_docs_is_the_library_table():
    """docs/cli.md lists every status with the exit code satdoku.status gives it."""
    text = (ROOT / "docs" / "cli.md").read_text()
    rows = dict(re.findall(r"^\| `(\w+)` \| (\d+) ", text, re.MULTILINE))
    assert rows == {str(s): str(int(code)) for s, code in EXIT_CODES.items()}
    for code in Exit:
        assert re.search(rf"^\| {int(code)} \| ", text, re.MULTILINE), code


def test_option_table_in_the_docs_matches_the_commands():
    """Each command takes exactly the options the docs/cli.md table marks for it."""
    import click

    text = (ROOT / "docs" / "cli.md").read_text()
    table = text.split("<!-- options -->\n")[1].split("\n\n")[0]
    lines = [x for x in table.splitlines() if x.startswith("| `-")]
    header = next(x for x in table.splitlines() if x.startswith("| option"))
    commands = [c.strip() for c in header.strip("|").split("|")[1:-1]]
    assert sorted(commands) == PUZZLE_COMMANDS
    group = LazyGroup()
    ctx = click.Context(cli)
    documented: dict[str, set[str]] = {c: set() for c in commands}
    for line in lines:
        cells = [c.strip() for c in line.strip("|").split("|")]
        option = re.findall(r"`(--[-\w]+)", cells[0])[0]
        for command, mark in zip(commands, cells[1:-1], strict=True):
            if mark:
                documented[command].add(option)
    for command in commands:
        found = group.get_command(ctx, command)
        assert found is not None
        actual = {
            next(o for o in p.opts if o.startswith("--"))
            for p in found.params
            if isinstance(p, click.Option) and not p.hidden and p.name != "help"
        }
        assert actual == documented[command], command
