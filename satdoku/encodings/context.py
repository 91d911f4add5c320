"""What a constraint sees of the CNF it is encoded into (:class:`satdoku.model.CnfTarget`):
the literals of its cells under the encoding's candidates, and the encoding's cardinality and
sum methods."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from satdoku.encodings.cardinality import at_least_one, at_most_one
from satdoku.encodings.comparison import COMPARE, may_hold
from satdoku.encodings.formula import Formula
from satdoku.encodings.groupsums import step_reach, sum_steps
from satdoku.encodings.pbsum import encode_pb
from satdoku.encodings.reach import suffix_reach
from satdoku.encodings.sums import encode_table
from satdoku.encodings.sumtree import encode_tree
from satdoku.model import Puzzle
from satdoku.targets import LinearTerms, Term, negation

MAX_PAIRS = 300
"""Pairs of totals in a row beyond which a balance (a layered sum whose terms come with
both signs) does not say which option lies between them (a sum of values in the hundreds,
as a pill arrow's circle)."""


class Options(Protocol):
    """The encoding choices a constraint's clauses depend on."""

    amo: str
    sums: str
    optimized: bool

    @property
    def cell_amo(self) -> bool: ...

    @property
    def unit_alo(self) -> bool: ...


class CnfContext:
    """A puzzle's formula being built, as its constraints see it."""

    def __init__(
        self,
        formula: Formula,
        puzzle: Puzzle,
        candidates: Sequence[Sequence[int]],
        options: Options,
    ) -> None:
        self.formula = formula
        self.puzzle = puzzle
        self.candidates = candidates
        self.options = options
        self.shift = puzzle.first - 1
        """Written value minus grid value."""
        self.single: set[int] = set()
        """Cells :meth:`one_value` has limited to one value."""

    @property
    def size(self) -> int:
        return self.puzzle.values

    @property
    def digits(self) -> range:
        return self.puzzle.digits

    @property
    def implied(self) -> bool:
        return self.options.unit_alo

    def holders(self, cells: Sequence[int]) -> dict[int, list[int]]:
        """Value -> literals of ``cells`` that may hold it, for every digit (in order) not
        placed in ``cells`` by a given when the encoding folds the givens in."""
        offsets = self.formula.varmap.offsets
        candidates = self.candidates
        givens = self.puzzle.givens
        placed = {givens[c] for c in cells} if self.options.optimized else set()
        found: dict[int, list[int]] = {}
        for c in cells:
            base = offsets[c] + 1
            for k, value in enumerate(candidates[c]):
                found.setdefault(value, []).append(base + k)
        shift = self.shift
        return {
            value + shift: found.get(value, [])
            for value in range(1, self.puzzle.values + 1)
            if value not in placed
        }

    def at_most_one(self, lits: Sequence[int]) -> None:
        at_most_one(self.formula, lits, self.options.amo)

    def at_least_one(self, lits: Sequence[int]) -> None:
        at_least_one(self.formula, lits)

    def one_value(self, cells: Sequence[int]) -> None:
        """Add "each of ``cells`` holds at most one value" where the encoding has no such
        clauses (``minimal``): a sum that weighs a cell's literals must count one of them."""
        if self.options.cell_amo:
            return
        cell_vars = self.formula.varmap.cell_vars
        for cell in dict.fromkeys(cells):
            if cell not in self.single and self.candidates[cell]:
                self.single.add(cell)
                self.at_most_one(cell_vars(cell))

    def holds(self, cell: int, value: int) -> Term:
        value -= self.shift
        if not 1 <= value <= self.puzzle.values:  # not a value of the grid
            return False
        if not self.candidates[cell]:  # a given the encoding folded in
            return self.puzzle.givens[cell] == value
        try:
            return self.formula.varmap.var(cell, value)
        except KeyError:  # a value the givens rule out
            return False

    def clause(self, terms: Sequence[Term]) -> None:
        """Add the clause of ``terms``: none when one is True; a False one is left out."""
        lits: list[int] = []
        for t in terms:
            if t is True:
                return
            if t is not False:
                lits.append(t)
        self.formula.clauses.append(lits)

    def new_var(self) -> int:
        return self.formula.new_var()

    def linear(self, terms: LinearTerms, op: str, constant: int, when: Sequence[Term] = ()) -> None:
        """By the encoding's sum method: layered partial sums (``table``, below), one
        pseudo-Boolean constraint (``pb``) or a totalizer (``tree``)."""
        LINEAR_METHODS[self.options.sums](self, terms, op, constant, when)

    def layered(
        self,
        terms: LinearTerms,
        op: str,
        constant: int,
        when: Sequence[Term] = (),
        grouped: bool = False,
    ) -> None:
        """A layer of partial-sum variables per step: a cell, or (``grouped``) cells of one
        unit taken as a set (:mod:`satdoku.encodings.groupsums`). "The sum so far is s"
        follows from the one before and the step's total; a partial sum from which the steps
        left cannot reach the comparison (:mod:`satdoku.encodings.reach`) is ruled out (when
        every ``when`` term holds). In a balance, whose terms come with both signs (a zipper,
        an arrow, equal sums), the sum so far is also one total after each step, and two
        totals in a row name the option between them: a total ruled out at one end of the
        balance is seen at the other (where the layers are small)."""
        compare = COMPARE[op]
        guard = [negation(t) for t in when]
        if any(t is True for t in guard):
            return
        steps = sum_steps(self, terms) if grouped else [self.weighted(*term) for term in terms]
        if len(steps) == len(terms):
            reach = suffix_reach(self.puzzle, terms, self.candidates)
        else:
            reach = step_reach(steps)
        balance = len({c > 0 for c, _ in terms if c}) == 2
        layer: dict[int, Term] = {0: True}
        for k, options in enumerate(steps):
            least, most = reach[k + 1]
            negated = [(step, negation(holds)) for step, holds in options]
            reached: dict[int, int] = {}
            for total, before in layer.items():
                not_before = negation(before)
                for step, not_holds in negated:
                    after = total + step
                    if not may_hold(op, after + least, after + most, constant):
                        self.clause([*guard, not_before, not_holds])
                        continue
                    state = reached.get(after)
                    if state is None:
                        state = reached[after] = self.new_var()
                    self.clause([not_before, not_holds, state])
            if balance and len(layer) * len(reached) <= MAX_PAIRS:
                self._one_total(layer, reached, options, guard)
            layer = dict(reached)
        for total, state in layer.items():
            if not compare(total, constant):
                self.clause([*guard, negation(state)])

    def _one_total(
        self,
        layer: dict[int, Term],
        reached: dict[int, int],
        options: Sequence[tuple[int, Term]],
        guard: list[Term],
    ) -> None:
        """The sum so far is one total after each step, and two totals in a row name the
        step's option between them (when every guard term is false)."""
        self.clause([*guard, *reached.values()])
        self.at_most_one(list(reached.values()))
        by_step = dict(options)
        for total, before in layer.items():
            for after, state in reached.items():
                between = by_step.get(after - total, False)
                self.clause([*guard, negation(before), -state, between])

    def _values(self, cell: int) -> Sequence[int]:
        """The digits ``cell`` may take under the encoding (its given where folded in)."""
        shift = self.shift
        return [v + shift for v in self.candidates[cell] or (self.puzzle.givens[cell],)]

    def weighted(self, coefficient: int, cell: int) -> list[tuple[int, Term]]:
        """(coefficient x value, "``cell`` holds value") for each value ``cell`` may take."""
        return [(coefficient * v, self.holds(cell, v)) for v in self._values(cell)]

    def total(self, cells: Sequence[int], total: int, name: str) -> None:
        """By the digit-set table (``table``, when it fits), else as :meth:`linear`."""
        if self.options.sums == "table":
            grid_total = total - self.shift * len(cells)
            if encode_table(self.formula, self.puzzle, cells, grid_total, self.candidates):
                self.one_value(cells)
                return
        self.linear([(1, c) for c in cells], "==", total)


LinearMethod = Callable[[CnfContext, LinearTerms, str, int, Sequence[Term]], None]
LINEAR_METHODS: dict[str, LinearMethod] = {
    "table": CnfContext.layered,
    "pb": encode_pb,
    "tree": encode_tree,
}
"""Sum method (the ``sums`` option of an encoding spec) -> how it adds a weighted sum; a
sum of cells that all differ goes by :meth:`CnfContext.total`."""
