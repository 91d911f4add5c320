"""Does unit propagation alone solve a formula? Decided on the formula itself, the same way
for every encoding and whatever backend then solves it.

The formula's unit clauses are not loaded but passed as assumptions to python-sat's
``propagate``, so that the solver reports everything unit propagation derives from them;
solvers propagate top-level units when they are added and would report nothing otherwise.
:class:`~satdoku.solver.PysatSolver` does this on the solver it loads (before adding the
units); :func:`unit_propagation` does it on a fresh MiniSat (Minicard for native
cardinality constraints), for solvers without ``propagate`` and for use on its own.
"""

from __future__ import annotations

from satdoku.encodings.formula import Formula


def unit_propagation(formula: Formula) -> list[int] | None:
    """The literals unit propagation derives from ``formula``; None when it hits a conflict."""
    from pysat.solvers import Solver

    units = [clause[0] for clause in formula.clauses if len(clause) == 1]
    rest = [clause for clause in formula.clauses if len(clause) != 1]
    with Solver(name="minicard" if formula.atmosts else "minisat22", bootstrap_with=rest) as s:
        for lits, bound in formula.atmosts:
            s.add_atmost(lits, bound)
        ok, derived = s.propagate(assumptions=units)
    return list(derived) if ok else None


def solved_by_propagation(formula: Formula) -> bool:
    """True when unit propagation alone solves ``formula``: see :func:`decides_every_cell`."""
    return decides_every_cell(formula, unit_propagation(formula))


def decides_every_cell(formula: Formula, derived: list[int] | None) -> bool:
    """True when the literals ``derived`` by unit propagation (None: it hit a conflict) make
    a value true in every cell that has cell variables (the others were fixed by the
    encoding)."""
    if derived is None:
        return False
    true = {lit for lit in derived if lit > 0}
    varmap = formula.varmap
    return all(
        any(v in true for v in varmap.cell_vars(cell))
        for cell, values in enumerate(varmap.candidates)
        if values
    )
