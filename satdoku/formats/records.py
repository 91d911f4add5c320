"""Output records: the results of a solve, count, uniqueness check, explanation, rating or batch
as plain dictionaries (one per puzzle), built from the results' data fields, and written as
JSON Lines or CSV rows.

A record holds JSON values only (statuses as their words), so that ``json.dumps`` writes it;
:func:`csv_row` writes the same record as CSV, lists as space-separated words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, Protocol

from satdoku.formats.output import format_line
from satdoku.lazy import compiled
from satdoku.model import Grid, Puzzle
from satdoku.status import Status
from satdoku.verify import given_clashes

if TYPE_CHECKING:
    from satdoku.compare.summary import Summary
    from satdoku.logic import Explanation, Rating, Step
    from satdoku.solver import Count, Solution, Uniqueness
    from satdoku.solver.candidates import Candidates

OutputRecord = dict[str, Any]


class BatchResult(Protocol):
    """The fields of one puzzle's batch result."""

    @property
    def line(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def count(self) -> int: ...
    @property
    def complete(self) -> bool: ...
    @property
    def solution(self) -> str | None: ...
    @property
    def error(self) -> str | None: ...
    @property
    def key(self) -> str | None: ...


def where(line: int | None, key: str | None = None) -> OutputRecord:
    """The start of a record: the puzzle's ``line`` in its file (nothing for an argument) and
    the ``key`` of its table row as ``id`` (nothing outside tables)."""
    record: OutputRecord = {} if line is None else {"line": line}
    if key is not None:
        record["id"] = key
    return record


def invalid_record(line: int | None, error: str, key: str | None = None) -> OutputRecord:
    """A record for input that is not a puzzle."""
    return {**where(line, key), "status": str(Status.INVALID), "error": error}


def solution_record(solution: Solution, stats: bool = False) -> OutputRecord:
    """A solved puzzle: its solution line, and the solver's statistics with ``stats``."""
    record: OutputRecord = {
        "status": str(Status.SOLVED),
        "solution": format_line(solution.puzzle, solution.grid),
    }
    if stats:
        record["stats"] = asdict(solution.stats)
    return record


def unsolved_record(status: Status, reason: str) -> OutputRecord:
    """A puzzle without a solution found: ``no_solution`` or ``unknown``, and why."""
    return {"status": str(status), "solution": None, "reason": reason}


def no_solution_record(puzzle: Puzzle) -> OutputRecord:
    """A puzzle without a solution, and why: the givens that clash, or its constraints."""
    clashes = given_clashes(puzzle)
    reason = "; ".join(clashes) if clashes else "the constraints cannot all hold"
    return unsolved_record(Status.NO_SOLUTION, reason)


def count_record(counted: Count) -> OutputRecord:
    """A count: ``complete`` is False when a limit or the time stopped it (``stopped``)."""
    return {
        "status": str(counted.status),
        "count": counted.count,
        "complete": counted.complete,
        "backend": counted.backend,
        "time": round(counted.time, 6),
        "stopped": counted.stopped,
    }


def uniqueness_record(checked: Uniqueness, certify: bool = False) -> OutputRecord:
    """A uniqueness check: up to two solutions and the cells where they differ; with
    ``certify``, whether the answer was certified, the proof's lines and its check's time
    (and the files kept, with a proof prefix)."""
    record: OutputRecord = {
        "status": str(checked.status),
        "solutions": [format_line(s.puzzle, s.grid) for s in checked.solutions],
        "differences": list(checked.differences),
        "time": round(checked.time, 6),
    }
    if certify:
        certificate = checked.certificate
        record["certified"] = checked.certified
        record["proof_lines"] = certificate.proof_lines if certificate else None
        record["check_seconds"] = round(certificate.check_seconds, 6) if certificate else None
        if certificate and certificate.formula:
            record["formula"], record["proof"] = certificate.formula, certificate.proof
    return record


def step_record(step: Step) -> OutputRecord:
    """One logical step, its cells named as people name them (``r1c2``)."""
    return {
        "technique": step.technique,
        "difficulty": step.difficulty,
        "description": step.description,
        "cells": [step.name(c) for c in step.cells],
        "digits": list(step.digits),
        "units": list(step.units),
        "placements": [{"cell": step.name(c), "value": v} for c, v in step.placements],
        "eliminations": [{"cell": step.name(c), "value": v} for c, v in step.eliminations],
    }


def rating_record(rating: Rating) -> OutputRecord:
    """A rating: ``score`` and ``label`` when the logic solves the puzzle, else None."""
    return {
        "status": str(rating.status),
        "score": rating.score,
        "label": rating.label,
        "hardest": rating.hardest,
        "hardest_score": rating.hardest_score,
        "steps": rating.steps,
        "placed": rating.placed,
        "histogram": dict(rating.histogram),
    }


def explanation_record(explanation: Explanation) -> OutputRecord:
    """A logical solve: the steps, the grid reached, why it stopped and, with a trace, the grid
    after every placement."""
    record: OutputRecord = {
        "status": str(explanation.status),
        "steps": [step_record(s) for s in explanation.steps],
        "grid": explanation.grid.line(),
    }
    if explanation.reason:
        record["reason"] = explanation.reason
    if explanation.lines:
        record["trace"] = list(explanation.lines)
    return record


def candidates_record(found: Candidates) -> OutputRecord:
    """True candidates: ``candidates`` holds one list of values per cell, in cell order
    (row-major). With a limit, ``counts`` is parallel to it (per cell, per value, the
    solutions holding it; a count equal to ``limit`` means at least that many). ``solutions``
    is how many distinct solutions were met; ``reason`` says why the status is unknown."""
    digit = found.puzzle.digit
    record: OutputRecord = {
        "status": str(found.status),
        "candidates": [[digit(v) for v in values] for values in found.candidates],
    }
    if found.counts is not None:
        record["counts"] = [list(counts) for counts in found.counts]
        record["limit"] = found.limit
    record["solutions"] = found.solutions
    record["time"] = round(found.time, 6)
    if found.reason is not None:
        record["reason"] = found.reason
    return record


def named_candidates(names: Sequence[str], candidates: Sequence[Sequence[int]]) -> OutputRecord:
    """The candidates of the open cells by cell name, from one list of values per cell."""
    return {names[c]: list(values) for c, values in enumerate(candidates) if values}


def batch_record(result: BatchResult) -> OutputRecord:
    """One batch result: line, the row's key as ``id`` (tables only), status, count, complete,
    solution, and the error of an invalid line (left out for the others)."""
    record: OutputRecord = {"line": result.line}
    if result.key is not None:
        record["id"] = result.key
    record |= {
        "status": str(result.status),
        "count": result.count,
        "complete": result.complete,
        "solution": result.solution,
    }
    if result.error is not None:
        record["error"] = result.error
    return record


_PLAIN_TEXT = compiled(r"[0-9.,]*")
"""A solution line that JSON writes as it is (no character to escape)."""


def batch_json_line(result: BatchResult) -> str:
    """``json_line(batch_record(result))``, written out directly for the commonest record
    (no key, no error, a solution of digits, dots and commas, or none): the same text."""
    solution = result.solution
    if result.key is not None or result.error is not None:
        return json_line(batch_record(result))
    if solution is None:
        shown = "null"
    elif (solution.isascii() and solution.isdigit()) or _PLAIN_TEXT().fullmatch(solution):
        shown = f'"{solution}"'
    else:
        return json_line(batch_record(result))
    complete = "true" if result.complete else "false"
    status = '"' + result.status + '"'  # the word itself: no call of the enum's __str__
    return (
        f'{{"line": {result.line}, "status": {status}, "count": {result.count},'
        f' "complete": {complete}, "solution": {shown}}}\n'
    )


def configuration_record(summary: Summary) -> OutputRecord:
    """The summary of one configuration of a comparison (times in ms, counts per puzzle)."""
    return asdict(summary)


BATCH_FIELDS = ("line", "id", "status", "count", "complete", "solution", "error")


def givens_line(puzzle: Puzzle, grid: Grid | None = None) -> str:
    """The puzzle's givens (or ``grid``) as one line."""
    return format_line(puzzle, puzzle.givens if grid is None else grid)


def render(
    record: OutputRecord, fmt: str, fields: Sequence[str], text: Callable[[OutputRecord], str]
) -> str:
    """One output line for ``record``: JSON, a CSV row of ``fields``, or ``text(record)``."""
    if fmt == "json":
        return json_line(record)
    if fmt == "csv":
        return csv_row(record, fields)
    return text(record) + "\n"


def json_line(record: OutputRecord) -> str:
    """The record as one line of JSON Lines (with its newline)."""
    import json  # not loaded for outputs without JSON (2 ms)

    return json.dumps(record) + "\n"


def csv_header(fields: Sequence[str]) -> str:
    return ",".join(fields) + "\n"


def csv_row(record: OutputRecord, fields: Sequence[str]) -> str:
    """The record's ``fields`` as one CSV row (with its newline): true/false for booleans,
    nothing for null, lists as space-separated words, mappings as JSON."""
    import csv
    import io

    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow([_csv_value(record.get(k)) for k in fields])
    return buffer.getvalue()


def _csv_value(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return " ".join(map(str, value))
    if isinstance(value, dict):
        return json_line(value).rstrip("\n")
    return value
