"""What each endpoint of the API answers: one function per endpoint, run in a worker process,
and the table :data:`ENDPOINTS` that names them with the fields each takes and the type of
its answer. Adding an endpoint is one function and one entry here.

The answers are the command line's JSON records for a puzzle given as an argument (built by
:mod:`satdoku.formats.records`), so ``POST /api/solve`` answers as ``satdoku solve PUZZLE
--format json`` does. Every answer is within the request's :class:`~satdoku.deadline.Deadline`:
when it passes, the status is ``unknown`` (a count: ``stopped`` is ``timeout``), as with
``--timeout``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from satdoku.deadline import Deadline, SolveTimeout
from satdoku.errors import UsageError
from satdoku.formats.kinds import get_kind
from satdoku.formats.records import (
    OutputRecord,
    candidates_record,
    count_record,
    explanation_record,
    givens_line,
    named_candidates,
    no_solution_record,
    rating_record,
    solution_record,
    uniqueness_record,
    unsolved_record,
)
from satdoku.formats.setter import minimized_record, redundancy_record
from satdoku.geometry import Geometry
from satdoku.model import Puzzle
from satdoku.status import Status
from satdoku.web import answers
from satdoku.web.job import Job

EXPLAIN_LIMIT = 100
"""Solutions counted when the logic gets stuck, unless the request gives a ``limit``."""
MAX_LIMIT = 2**63 - 2
"""The most solutions a count is asked for (a larger ``limit`` is taken as this): the search
looks for one more, which must still fit in 64 bits."""


def read_puzzle(job: Job) -> Puzzle:
    """The puzzle of ``job``'s text, read as its kind (raises :class:`ParseError`)."""
    geometry = Geometry.parse(job.box) if job.box else None
    return get_kind(job.kind).parse(job.puzzle, geometry, job.alphabet)


def answer_solve(job: Job, deadline: Deadline) -> OutputRecord:
    from satdoku.solver import solve

    puzzle = read_puzzle(job)
    try:
        solution = solve(puzzle, timeout=deadline.timeout())
    except SolveTimeout:
        return unsolved_record(Status.UNKNOWN, str(deadline.error()))
    if solution is None:
        return no_solution_record(puzzle)
    return solution_record(solution)


def answer_count(job: Job, deadline: Deadline) -> OutputRecord:
    from satdoku.solver import count

    limit = None if job.limit is None else min(job.limit, MAX_LIMIT)
    return count_record(count(read_puzzle(job), limit, timeout=deadline.timeout()))


def answer_unique(job: Job, deadline: Deadline) -> OutputRecord:
    from satdoku.solver import uniqueness

    return uniqueness_record(uniqueness(read_puzzle(job), timeout=deadline.timeout()))


def answer_candidates(job: Job, deadline: Deadline) -> OutputRecord:
    from satdoku.solver.candidates import candidates

    limit = None if job.limit is None else min(job.limit, MAX_LIMIT)
    found = candidates(read_puzzle(job), limit=limit, timeout=deadline.timeout())
    record = candidates_record(found)
    if "reason" in record:  # out of time: the request's own limit, as the others say it
        record["reason"] = str(deadline.error())
    return record


def answer_explain(job: Job, deadline: Deadline) -> OutputRecord:
    return _logic(job, deadline, only_hint=False)


def answer_hint(job: Job, deadline: Deadline) -> OutputRecord:
    return _logic(job, deadline, only_hint=True)


def _logic(job: Job, deadline: Deadline, only_hint: bool) -> OutputRecord:
    """The record of ``satdoku explain`` (with ``only_hint``: ``explain --hint``)."""
    from satdoku.logic import explain, rating_of, technique_set
    from satdoku.logic.layout import values_of

    puzzle = read_puzzle(job)
    allowed = technique_set(job.techniques)
    record: OutputRecord = {"puzzle": givens_line(puzzle)}
    try:
        explanation = explain(puzzle, allowed, timeout=deadline.timeout())
    except SolveTimeout:
        return {**record, "status": str(Status.UNKNOWN), "reason": str(deadline.error())}
    stuck = explanation.status == Status.NEEDS_SEARCH
    limit = EXPLAIN_LIMIT if job.limit is None else min(job.limit, MAX_LIMIT)
    explained = explanation_record(explanation)
    if only_hint:  # the explanation's status, first step and reason
        steps = explained["steps"]
        record |= {"status": explained["status"], "hint": steps[0] if steps else None}
        if "reason" in explained:
            record["reason"] = explained["reason"]
        if stuck and not steps:
            record["solutions"] = _count(puzzle, limit, deadline)
        return record
    record |= explained
    record["rating"] = rating_record(rating_of(explanation))
    if stuck:
        grid = explanation.grid
        record["candidates"] = named_candidates(
            grid.layout.names, [values_of(m) for m in grid.cands]
        )
        record["solutions"] = _count(puzzle, limit, deadline)
    return record


def _count(puzzle: Puzzle, limit: int, deadline: Deadline) -> OutputRecord:
    """How many solutions the SAT side finds, up to ``limit``, in the time left."""
    from satdoku.solver import count

    return count_record(count(puzzle, limit, timeout=deadline.timeout()))


def answer_rate(job: Job, deadline: Deadline) -> OutputRecord:
    from satdoku.logic import rate, technique_set

    puzzle = read_puzzle(job)
    return rating_record(rate(puzzle, technique_set(job.techniques), timeout=deadline.timeout()))


def answer_why(job: Job, deadline: Deadline) -> OutputRecord:
    from satdoku.reasons import why

    if job.cell is None:
        raise UsageError("missing field 'cell': the cell to explain, e.g. r5c3")
    reason = why(
        read_puzzle(job),
        job.cell,
        not_digit=job.not_digit,
        smallest=job.smallest,
        timeout=deadline.timeout(),
    )
    return reason.to_dict()


def answer_redundant(job: Job, deadline: Deadline) -> OutputRecord:
    from satdoku.setter import redundant

    found = redundant(read_puzzle(job), consider=job.consider, timeout=deadline.timeout())
    return redundancy_record(found)


def answer_minimize(job: Job, deadline: Deadline) -> OutputRecord:
    from satdoku.setter import minimize

    seed = "0" if job.seed is None else job.seed
    chosen: int | str = int(seed) if seed.lstrip("-").isdigit() else seed  # as the CLI's --seed
    found = minimize(
        read_puzzle(job), seed=chosen, consider=job.consider, timeout=deadline.timeout()
    )
    return minimized_record(found)


def answer_draw(job: Job, deadline: Deadline) -> OutputRecord:
    from satdoku.web.drawing import drawing

    return drawing(read_puzzle(job))


def answer_generate(job: Job, deadline: Deadline) -> OutputRecord:
    import secrets

    from satdoku.generate import generate

    geometry = Geometry.parse(job.box or "3x3")
    seed = job.seed if job.seed is not None else secrets.token_hex(4)
    made = generate(
        geometry,
        1,
        seed,
        kind=job.kind,
        symmetry=job.symmetry,
        minimal=job.minimal,
        label=job.label,
        timeout=deadline.timeout(),
    )
    try:
        one = next(made, None)
    finally:
        made.close()
    if one is None:
        return unsolved_record(Status.UNKNOWN, str(deadline.error()))
    return {"status": str(Status.SOLVED), **one.record()}


PUZZLE = ("puzzle", "kind", "box", "alphabet")
"""The fields that say what the puzzle is."""


@dataclass(frozen=True)
class Endpoint:
    """``POST /api/{name}``: ``answer`` runs in a worker on the fields ``takes``; ``returns`` is
    the typed dictionary of its answer (:mod:`satdoku.web.answers`)."""

    name: str
    summary: str
    takes: tuple[str, ...]
    answer: Callable[[Job, Deadline], OutputRecord]
    returns: type


ENDPOINTS = {
    e.name: e
    for e in (
        Endpoint(
            "solve",
            "Solve the puzzle: as `satdoku solve PUZZLE --format json`.",
            (*PUZZLE, "timeout"),
            answer_solve,
            answers.Solved,
        ),
        Endpoint(
            "count",
            "Count the solutions, at most `limit` (none: all, within the time):"
            " as `satdoku count PUZZLE --format json`.",
            (*PUZZLE, "limit", "timeout"),
            answer_count,
            answers.Counted,
        ),
        Endpoint(
            "unique",
            "Is the puzzle unique? If not, two solutions and the cells where they differ:"
            " as `satdoku unique PUZZLE --format json`.",
            (*PUZZLE, "timeout"),
            answer_unique,
            answers.Checked,
        ),
        Endpoint(
            "candidates",
            "The true candidates: for each cell, the values it takes in at least one"
            " solution; with `limit`, each counted up to `limit` solutions (when the time"
            " runs out, the status is `unknown`, with those found so far): as `satdoku"
            " candidates PUZZLE --format json`.",
            (*PUZZLE, "limit", "timeout"),
            answer_candidates,
            answers.TrueCandidates,
        ),
        Endpoint(
            "explain",
            "Solve like a person, step by step, with the rating; when the techniques get"
            " stuck, the candidates and a count of the solutions up to `limit` (default"
            f" {EXPLAIN_LIMIT}): as `satdoku explain PUZZLE --format json`.",
            (*PUZZLE, "techniques", "limit", "timeout"),
            answer_explain,
            answers.Explained,
        ),
        Endpoint(
            "hint",
            "The easiest next step: as `satdoku explain --hint PUZZLE --format json`.",
            (*PUZZLE, "techniques", "limit", "timeout"),
            answer_hint,
            answers.Hinted,
        ),
        Endpoint(
            "rate",
            "Rate the puzzle by the hardest technique a person needs: as `satdoku rate"
            " PUZZLE --format json`.",
            (*PUZZLE, "techniques", "timeout"),
            answer_rate,
            answers.Rated,
        ),
        Endpoint(
            "why",
            "The givens and rules that force the digit of `cell`, none of which can be left"
            " out (with `not`: under which the cell cannot hold that digit): as `satdoku why"
            " PUZZLE CELL --format json`.",
            (*PUZZLE, "cell", "not", "smallest", "timeout"),
            answer_why,
            answers.Reasoned,
        ),
        Endpoint(
            "redundant",
            "The givens (with `consider`: the rule instances, or both) that can each be taken"
            " out alone with the puzzle still unique: as `satdoku redundant PUZZLE --format"
            " json`.",
            (*PUZZLE, "consider", "timeout"),
            answer_redundant,
            answers.Redundant,
        ),
        Endpoint(
            "minimize",
            "A minimal unique puzzle inside the puzzle: a subset of its givens (with"
            " `consider`: of its rule instances, or both) from which no single one more can be"
            " taken out, the items tried in an order drawn from `seed` (default 0): as"
            " `satdoku minimize PUZZLE --format json`.",
            (*PUZZLE, "consider", "seed", "timeout"),
            answer_minimize,
            answers.Minimal,
        ),
        Endpoint(
            "generate",
            "A new puzzle with one solution: as `satdoku generate --format json` (its first"
            " record for the seed), with the status `solved`.",
            ("kind", "box", "seed", "symmetry", "minimal", "label", "timeout"),
            answer_generate,
            answers.Generated,
        ),
        Endpoint(
            "draw",
            "The puzzle as the page draws it: the picture of `satdoku solve --format svg`"
            " (givens only), and its cells, units and candidates.",
            PUZZLE,
            answer_draw,
            answers.Drawn,
        ),
    )
}
"""Every endpoint of the API, by name."""
