"""Output records (:mod:`satdoku.formats.records`) as text for people: one line per count,
uniqueness check or rating, and an explanation step by step or as a plain trace."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from satdoku.formats.records import OutputRecord
from satdoku.status import Status


def _where(record: OutputRecord) -> str:
    return f"line {record['line']}: " if "line" in record else ""


def count_text(record: OutputRecord) -> str:
    """``973``, or ``10+ (stopped by the limit)`` when the count is not complete."""
    if record["status"] == Status.INVALID:
        return f"{_where(record)}{Status.INVALID}"
    more = "" if record["complete"] else f"+ (stopped by the {record['stopped']})"
    return f"{_where(record)}{record['count']}{more}"


def uniqueness_text(record: OutputRecord) -> str:
    """The status; for several solutions, the cells where two differ and the two solutions."""
    status = record["status"]
    if status != Status.MULTIPLE:
        return f"{_where(record)}{status}{_certified(record)}"
    first, second = record["solutions"]
    differences = " ".join(record["differences"])
    return f"{_where(record)}{status}: differ at {differences}\n  {first}\n  {second}"


def _certified(record: OutputRecord) -> str:
    """``, certified (N proof lines, checked in S s)`` when a certificate was asked for."""
    if "certified" not in record:
        return ""
    if not record["certified"]:
        return ", not certified"
    return (
        f", certified ({record['proof_lines']:,} proof lines,"
        f" checked in {record['check_seconds']:g} s)"
    )


RATING_HEADER = f"{'line':>6}  {'rating':>6}  {'label':<12}  {'steps':>5}  hardest technique"


def rating_row(line: int, record: OutputRecord) -> str:
    """A row under :data:`RATING_HEADER`."""
    score = record["score"]
    hardest = record["hardest"]
    if score is not None:
        shown = f"{score:.1f}"
        note = hardest or "(none: no blank cell)"
        label = record["label"]
    else:
        shown = "-"
        label = str(record["status"])
        if record["status"] == Status.NO_SOLUTION:
            note = "(contradiction)"
        elif hardest:
            note = f"(stuck; hardest before: {hardest} {record['hardest_score']:.1f})"
        else:
            note = "(stuck at the start)"
    return f"{line:>6}  {shown:>6}  {label:<12}  {record['steps']:>5}  {note}"


def found_text(solutions: OutputRecord) -> str:
    """A count in words: ``1 solution``, ``at least 100 solutions (counting stopped there)``."""
    n = solutions["count"]
    found = f"{n} solution{'' if n == 1 else 's'}"
    if solutions["complete"]:
        return found
    why = "the time limit passed" if solutions["stopped"] == "timeout" else "counting stopped there"
    return f"at least {found} ({why})" if n else f"no solution yet ({why})"


def rating_text(rating: OutputRecord) -> str:
    """``2.6 medium (pointing)``; ``needs_search; hardest before: ...`` when stuck."""
    if rating["score"] is not None:
        return f"{rating['score']:.1f} {rating['label']} ({rating['hardest']})"
    before = (
        f"; hardest before: {rating['hardest']} {rating['hardest_score']:.1f}"
        if rating["hardest"]
        else ""
    )
    return f"{rating['status']}{before}"


def explanation_lines(record: OutputRecord, candidates: str = "") -> Iterator[str]:
    """An explanation record (with its ``puzzle``, ``rating`` and, when stuck, ``solutions``)
    in words: the outcome, the numbered steps (with the grid after each placement when traced)
    and, when stuck, the ``candidates`` grid and the SAT count."""
    rating: dict[str, Any] = record["rating"]
    steps: list[OutputRecord] = record["steps"]
    status = record["status"]
    yield f"puzzle: {record['puzzle']}"
    if status == Status.SOLVED:
        yield (
            f"solved by logic in {len(steps)} steps; rating {rating['score']:.1f} "
            f"{rating['label']} (hardest: {rating['hardest']})"
        )
    elif status == Status.NEEDS_SEARCH:
        yield f"stuck after {len(steps)} steps: {rating_text(rating)}"
    else:
        yield f"no solution: {record.get('reason', '')}"
    trace = iter(record.get("trace", ()))
    yield from (line for line in [next(trace, None)] if line is not None)
    for number, step in enumerate(steps, 1):
        yield f"  {number}. {step['description']}"
        if step["placements"]:
            yield from (line for line in [next(trace, None)] if line is not None)
    if status == Status.NEEDS_SEARCH:
        yield "no technique applies; the grid with its candidates:"
        yield candidates
        yield f"search is needed: the SAT solver finds {found_text(record['solutions'])}"


def trace_lines(record: OutputRecord) -> list[str]:
    """The plain trace of an explanation record: the puzzle, then the grid after every step
    that places a value, one line each (rows of N separated by spaces); nothing else."""
    return list(record.get("trace", ()))


def outcome_note(record: OutputRecord) -> str | None:
    """Why an explanation record did not end with a solved grid, in one line (None when it
    did): ``needs_search; hardest before: X-Chain 6.6 (the SAT solver finds 1 solution)``,
    ``no_solution: 1 appears twice in row 1``, ``unknown: no answer within 0.01 s``."""
    status = record["status"]
    if status == Status.SOLVED:
        return None
    if status == Status.NEEDS_SEARCH:
        found = found_text(record["solutions"])
        return f"{rating_text(record['rating'])} (the SAT solver finds {found})"
    return f"{status}: {record.get('reason', '')}"


def hint_text(record: OutputRecord) -> str:
    """The next step in words, or why there is none."""
    if record["hint"] is not None:
        return str(record["hint"]["description"])
    status = record["status"]
    if status == Status.NO_SOLUTION:
        return f"no solution: {record.get('reason', '')}"
    if status == Status.SOLVED:
        return "the grid is already full"
    return f"no technique applies: search is needed (the SAT solver finds {found_text(record['solutions'])})"
