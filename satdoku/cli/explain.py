"""``satdoku explain``: solve like a person, step by step, and say how hard it was."""

from __future__ import annotations

import json

import click

from satdoku.cli.inputs import describe, kind_option, puzzle_input_options, read_inputs
from satdoku.cli.options import format_option
from satdoku.formats import Record
from satdoku.formats.output import format_line
from satdoku.logic import CandidateGrid, Explanation, explain, hint, rating_of
from satdoku.logic.grid import values_of
from satdoku.model import Puzzle
from satdoku.status import Status

EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT = 0, 1, 2


@click.command("explain")
@puzzle_input_options
@kind_option
@click.option("--trace", is_flag=True, help="Print the grid as one line after every placement.")
@click.option("--hint", "only_hint", is_flag=True, help="Give only the next easiest step.")
@format_option(("text", "json"), "Plain words, or one JSON object per puzzle.")
@click.option(
    "--count-limit",
    type=click.IntRange(1),
    default=100,
    show_default=True,
    help="When the logic gets stuck, count the SAT solutions up to this many.",
)
@click.option(
    "--count-timeout",
    type=click.FloatRange(0, min_open=True),
    default=10.0,
    show_default=True,
    help="Seconds for that count (past it the count is a lower bound).",
)
def explain_command(
    puzzle: str | None,
    file: str | None,
    box: str | None,
    alphabet: str,
    kind: str,
    trace: bool,
    only_hint: bool,
    fmt: str,
    count_limit: int,
    count_timeout: float,
) -> int:
    """Explain how to solve PUZZLE (a string), every puzzle in FILE, or stdin ('-').

    Techniques are tried easiest first (singles, locked candidates, subsets, fish, wings,
    colouring). When none applies, the stuck grid is shown with its candidates and the SAT
    solver counts the solutions.

    \b
    Exit status: 0 done, 1 some puzzle has no solution, 2 bad input.
    \b
    Examples:
      satdoku explain '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
      satdoku explain --trace -f puzzles.txt
      satdoku explain --hint --format json '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
    """
    source, records = read_inputs(puzzle, file, box, alphabet, kind)
    status = EXIT_OK
    for record in records:
        if record.puzzle is None:
            assert record.error is not None
            click.echo(f"error: {describe(source, record.error)}", err=True)
            status = max(status, EXIT_BAD_INPUT)
            continue
        if only_hint:
            result = _hint(record.puzzle, count_limit, count_timeout)
        else:
            result = _explain(record.puzzle, trace, count_limit, count_timeout)
        if result.get("status") == "no_solution":
            status = max(status, EXIT_NO_SOLUTION)
        if source:
            result = {"line": record.line, **result}
        _emit(record, source, result, fmt)
    return status


def _count(puzzle: Puzzle, limit: int, timeout: float) -> dict[str, object]:
    """How many solutions the SAT side finds, up to ``limit`` and within ``timeout`` seconds."""
    from satdoku.solver import count

    return count(puzzle, limit=limit, timeout=timeout).to_dict()


def _found(solutions: dict[str, object]) -> str:
    """``1 solution``, ``at least 100 solutions (counting stopped there)``, ..."""
    n = solutions["count"]
    found = f"{n} solution{'' if n == 1 else 's'}"
    if solutions["complete"]:
        return found
    why = "the time limit passed" if solutions["stopped"] == "timeout" else "counting stopped there"
    return f"at least {found} ({why})" if n else f"no solution yet ({why})"


def _candidates(grid: CandidateGrid) -> dict[str, list[int]]:
    names = grid.layout.names
    return {names[c]: values_of(m) for c, m in enumerate(grid.cands) if m}


def _explain(puzzle: Puzzle, trace: bool, limit: int, timeout: float) -> dict[str, object]:
    explanation = explain(puzzle, trace=trace)
    result: dict[str, object] = {
        "puzzle": format_line(puzzle, puzzle.givens),
        **explanation.to_dict(),
        "rating": rating_of(explanation).to_dict(),
    }
    if explanation.status is Status.NEEDS_SEARCH:
        result["candidates"] = _candidates(explanation.grid)
        result["solutions"] = _count(puzzle, limit, timeout)
    result["_text"] = _text(explanation, result, trace)
    return result


def _text(explanation: Explanation, result: dict[str, object], trace: bool) -> list[str]:
    rating = rating_of(explanation)
    lines = [f"puzzle: {result['puzzle']}"]
    if explanation.status == "solved":
        lines.append(
            f"solved by logic in {len(explanation.steps)} steps; rating {rating.score:.1f} "
            f"{rating.label} (hardest: {rating.hardest})"
        )
    elif explanation.status is Status.NEEDS_SEARCH:
        lines.append(f"stuck after {len(explanation.steps)} steps: {rating}")
    else:
        lines.append(f"no solution: {explanation.reason}")
    trace_lines = iter(explanation.lines)
    if trace:
        lines.append(next(trace_lines))
    for number, step in enumerate(explanation.steps, 1):
        lines.append(f"  {number}. {step}")
        if trace and step.placements:
            lines.append(next(trace_lines))
    if explanation.status is Status.NEEDS_SEARCH:
        solutions = result["solutions"]
        assert isinstance(solutions, dict)
        lines.append("no technique applies; the grid with its candidates:")
        lines.append(explanation.grid.candidates_text())
        lines.append(f"search is needed: the SAT solver finds {_found(solutions)}")
    return lines


def _hint(puzzle: Puzzle, limit: int, timeout: float) -> dict[str, object]:
    grid = CandidateGrid.of(puzzle)
    problem = grid.contradiction()
    result: dict[str, object] = {"puzzle": format_line(puzzle, puzzle.givens)}
    if problem is not None:
        result.update(status="no_solution", reason=problem, hint=None)
        result["_text"] = [f"no solution: {problem}"]
    elif grid.solved:
        result.update(status="solved", hint=None)
        result["_text"] = ["the grid is already full"]
    else:
        step = hint(puzzle)
        if step is None:
            solutions = _count(puzzle, limit, timeout)
            result.update(status="needs_search", hint=None, solutions=solutions)
            result["_text"] = [
                f"no technique applies: search is needed (the SAT solver finds {_found(solutions)})"
            ]
        else:
            result.update(status="hint", hint=step.to_dict())
            result["_text"] = [str(step)]
    return result


def _emit(record: Record, source: str | None, result: dict[str, object], fmt: str) -> None:
    text = result.pop("_text")
    if fmt == "json":
        click.echo(json.dumps(result))
        return
    assert isinstance(text, list)
    if source:
        click.echo(f"# line {record.line}")
    click.echo("\n".join(text))
    if source:
        click.echo()
