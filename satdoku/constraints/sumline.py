"""Sum line: the line divides into segments of consecutive cells that each add up to a total;
a loop may divide anywhere around it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.model import Constraint
from satdoku.targets import Canvas, CnfTarget, CpTarget, Term, negation


@dataclass(frozen=True)
class SumLine(Constraint):
    """``cells`` in order divide into runs of consecutive cells each adding up to ``total``;
    with ``loop`` the last cell is followed by the first, so a run may wrap around.

    ISS: ``.SumLine~10~R1C1~R1C2...``, with ``~LOOP`` after the cells for a loop; the
    argument is the total, 10 when absent."""

    cells: tuple[int, ...]
    total: int = 10
    loop: bool = False
    name: str = "sum line"
    family: str = "sum-line"

    def _after(self, start: int, values: Sequence[int]) -> int | None:
        """What the run in progress adds up to after ``values``, from ``start`` (0 right
        after a cut); None when a run overshoots the total."""
        run = start
        for v in values:
            run += v
            if run == self.total:
                run = 0
            elif run > self.total:
                return None
        return run

    def problem(self, values: Sequence[int]) -> str | None:
        starts = range(self.total) if self.loop else (0,)
        if any(self._after(s, values) == s for s in starts):
            return None
        return f"{self.name}: {list(values)} does not divide into runs adding up to {self.total}"

    def _step(self, run: int, value: int) -> int | None:
        after = run + value
        return None if after > self.total else after % self.total

    def cnf(self, target: CnfTarget) -> None:
        """A layer of "the run in progress adds up to s" (0 <= s < total) before each cell and
        after the last: a run that reaches the total starts again at 0, one that overshoots it
        is ruled out. A line starts and ends at 0; a loop starts at one s and ends there.
        Exactly one run is in progress after each cell, and two runs in a row name the value
        between them, so a run ruled out at one end of the line is seen at the other."""
        if self.total < 1:
            target.clause([])
            return
        first: dict[int, Term] = {0: True}
        if self.loop:
            starts = [target.new_var() for _ in range(self.total)]
            target.at_least_one(starts)
            target.at_most_one(starts)
            first = dict(enumerate(starts))
        layer = first
        for cell in self.cells:
            reached: dict[int, Term] = {}
            moves: dict[tuple[int, int], Term] = {}
            for run, before in layer.items():
                for v in target.digits:
                    after = self._step(run, v)
                    holds = target.holds(cell, v)
                    unless = [negation(before), negation(holds)]
                    if after is None:
                        target.clause(unless)
                        continue
                    if after not in reached:
                        reached[after] = target.new_var()
                    target.clause([*unless, reached[after]])
                    moves[run, after] = holds
            # one run in progress after each cell, and the pair of runs fixes the value
            target.at_least_one([t for t in reached.values() if not isinstance(t, bool)])
            target.at_most_one([t for t in reached.values() if not isinstance(t, bool)])
            for run, before in layer.items():
                for after, state in reached.items():
                    target.clause(
                        [negation(before), negation(state), moves.get((run, after), False)]
                    )
            layer = reached
        for run, state in layer.items():
            target.clause([negation(state), first.get(run, False)])

    def cpsat(self, target: CpTarget) -> None:
        """An automaton over the values along the line whose states are the run in progress;
        for a loop, a first label (not a value) picks the state it starts and ends in."""
        model, digits, total = target.model, target.digits, self.total
        if total < 1:
            model.add_bool_or([])
            return
        labels = []
        for cell in self.cells:
            label = model.new_int_var(digits[0], digits[-1], "")
            model.add(label == target.value(cell))
            labels.append(label)
        runs = range(total)
        moves = [
            (run, v, after)
            for run in runs
            for v in digits
            if (after := self._step(run, v)) is not None
        ]
        if not self.loop:
            model.add_automaton(labels, 0, [0], moves)
            return
        # state s * total + run: started at s, the run in progress adds up to run
        start = total * total
        picked = model.new_int_var(0, total - 1, "")
        transitions = [(start, s, s * total + s) for s in runs]
        transitions += [
            (s * total + run, v, s * total + after) for s in runs for run, v, after in moves
        ]
        finals = [s * total + s for s in runs]
        model.add_automaton([picked, *labels], start, finals, transitions)

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "sum")
