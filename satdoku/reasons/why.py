"""Why a cell holds its digit: a minimal (or smallest) unsatisfiable core of "the rules and
the givens, and the cell does not hold it", over the givens and the rule instances as groups.
Every answer is checked apart from the search before it is returned: a core by solving the
puzzle cut down to it, the solutions of a cell not forced by the verifier, a puzzle without
solution by the ordinary solver."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from satdoku.constraints.values import Values
from satdoku.deadline import Deadline, SolveTimeout
from satdoku.errors import UsageError, VerificationError
from satdoku.model import Puzzle
from satdoku.reasons.core import CoreSolver, minimal_core, smallest_core
from satdoku.reasons.groups import GroupedCnf, Rule, grouped_cnf
from satdoku.reasons.reason import Reason, cell_index
from satdoku.solver import solve
from satdoku.status import Status
from satdoku.verify import check


def why(
    puzzle: Puzzle,
    cell: str,
    *,
    not_digit: int | None = None,
    smallest: bool = False,
    timeout: float | None = None,
) -> Reason:
    """The givens and rules that force the digit of ``cell`` (``"r5c3"``), none of which can
    be left out; with ``not_digit``, those under which the cell cannot hold that digit. With
    ``smallest``, a core with the fewest givens and rules (proven within ``timeout`` seconds,
    else a minimal one, ``smallest`` False). Raises :class:`UsageError` for a cell name that
    is not a cell of the puzzle, a given cell (without ``not_digit``, or with its own digit)
    and a digit the puzzle does not use."""
    started = time.perf_counter()
    index = cell_index(puzzle, cell)
    name = puzzle.cell_name(index)
    _check_question(puzzle, index, not_digit)
    deadline = Deadline.after(timeout)
    base = Reason(Status.UNKNOWN, name, ruled_out=not_digit, index=index)
    try:
        grouped = grouped_cnf(puzzle, deadline)
        givens = [c for c, v in enumerate(puzzle.givens) if v]
        groups = [grouped.given_literal(c) for c in givens] + list(grouped.selectors)
        with CoreSolver(grouped.formula.clauses, deadline) as solver:
            if not solver.sat(groups):
                if solve(puzzle) is not None:
                    raise VerificationError("the puzzle was found without solution: check failed")
                return replace(base, status=Status.NO_SOLUTION, time=_since(started))
            digit = not_digit
            if digit is None:
                value = grouped.formula.varmap.decode(solver.model())[index]
                digit = puzzle.digit(value)
            holds = grouped.holds(index, digit)
            fixed = [holds] if not_digit is not None else [-holds]
            if solver.sat([*groups, *fixed]):
                possible = _possible_digits(solver, grouped, groups, index)
                return replace(base, status=Status.MULTIPLE, digits=possible, time=_since(started))
            core = minimal_core(solver, groups, fixed)
            proven = None
            if smallest:
                try:
                    core, proven = smallest_core(solver, groups, fixed, core), True
                except SolveTimeout:
                    proven = False
    except SolveTimeout:
        return replace(base, time=_since(started))
    chosen = set(core)
    core_givens = tuple(c for c in givens if grouped.given_literal(c) in chosen)
    core_rules = tuple(
        r for r, s in zip(grouped.rules, grouped.selectors, strict=True) if s in chosen
    )
    check_core(puzzle, index, digit, not_digit is not None, core_givens, core_rules)
    return replace(
        base,
        status=Status.SOLVED,
        digit=None if not_digit is not None else digit,
        givens=tuple(puzzle.cell_name(c) for c in core_givens),
        rules=tuple(r.name for r in core_rules),
        smallest=proven,
        given_cells=core_givens,
        rule_cells=tuple(r.cells for r in core_rules),
        time=_since(started),
    )


def _possible_digits(
    solver: CoreSolver, grouped: GroupedCnf, groups: Sequence[int], index: int
) -> tuple[int, ...]:
    """The digits some solution puts in the cell, each solution checked by the verifier."""
    puzzle = grouped.puzzle
    found = []
    for digit in puzzle.digits:
        if solver.sat([*groups, grouped.holds(index, digit)]):
            check(puzzle, grouped.formula.varmap.decode(solver.model()))
            found.append(digit)
    return tuple(found)


def _check_question(puzzle: Puzzle, index: int, not_digit: int | None) -> None:
    """Refuse a question without an answer to look for."""
    name = puzzle.cell_name(index)
    given = puzzle.givens[index]
    if not_digit is None:
        if given:
            raise UsageError(
                f"{name} is a given ({puzzle.digit(given)}): ask about a blank cell,"
                " or why it cannot hold another digit"
            )
        return
    if not_digit not in puzzle.digits:
        first, last = puzzle.digits[0], puzzle.digits[-1]
        raise UsageError(f"{not_digit} is not a digit of this puzzle ({first} to {last})")
    if given and puzzle.digit(given) == not_digit:
        raise UsageError(f"{name} is a given {not_digit}")


def _since(started: float) -> float:
    return time.perf_counter() - started


def check_core(
    puzzle: Puzzle,
    index: int,
    digit: int,
    ruled_out: bool,
    givens: Sequence[int],
    rules: Sequence[Rule],
) -> None:
    """Raise :class:`VerificationError` unless the puzzle cut down to ``givens`` and
    ``rules``, with the cell kept from ``digit`` (or held to it when ``ruled_out``), has no
    solution, by the solver's own encoding of that smaller puzzle."""
    kept = set(givens)
    allowed = (digit,) if ruled_out else tuple(d for d in puzzle.digits if d != digit)
    cut = replace(
        puzzle,
        geometry=None,  # the rules kept, not every row, column and box of the shape
        constraints=(
            *(puzzle.constraints[i] for r in rules for i in r.constraints),
            Values(index, allowed),
        ),
        givens=tuple(v if c in kept else 0 for c, v in enumerate(puzzle.givens)),
    )
    if solve(cut) is not None:
        raise VerificationError(
            f"the reason found for {puzzle.cell_name(index)} does not hold: check failed"
        )
