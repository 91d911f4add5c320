"""Simple colouring (single-digit chains of conjugate pairs).

For one value, join the cells of every full unit where it has exactly two places (a conjugate
pair: one of them holds it). Colour each chain's cells alternately: one colour is all true,
the other all false.

* Colour wrap: two cells of the same colour see each other, so that colour is false and all
  its cells lose the value.
* Colour trap: a cell outside the chain that sees cells of both colours loses the value.
"""

from __future__ import annotations

from satdoku.logic.grid import CandidateGrid
from satdoku.logic.layout import bit
from satdoku.logic.step import Step, cell_list, losses
from satdoku.logic.technique import Technique


def _chains(pairs: list[tuple[int, int, int]]) -> list[dict[int, int]]:
    """The chains of the conjugate pairs of one value (unit, cell, cell), each as cell ->
    colour (0 or 1)."""
    links: dict[int, set[int]] = {}
    for _, a, b in pairs:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    chains = []
    seen: set[int] = set()
    for start in sorted(links):
        if start in seen:
            continue
        colour = {start: 0}
        todo = [start]
        while todo:
            cell = todo.pop()
            for other in links[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    todo.append(other)
        seen.update(colour)
        chains.append(colour)
    return chains


def find_simple_colouring(grid: CandidateGrid, technique: Technique) -> list[Step]:
    layout = grid.layout
    peers = layout.peers
    names = layout.names
    found: list[Step] = []
    pairs = grid.strong_links()
    places = grid.places()
    for value in range(1, layout.puzzle.values + 1):
        grid.check()
        if grid.searched(find_simple_colouring, value, places[value]):
            if found and pairs[value]:  # where its first chain would have been looked at
                return found
            continue
        before = len(found)
        b = bit(value)
        for colour in _chains(pairs[value]):
            grid.check()
            sides = (
                sorted(c for c, k in colour.items() if k == 0),
                sorted(c for c, k in colour.items() if k == 1),
            )
            chain = f"the chain {cell_list(names, sides[0])} / {cell_list(names, sides[1])}"
            cells = tuple(sides[0] + sides[1])
            for side in sides:
                members = set(side)
                clash = next(
                    (
                        (a, min(seen))
                        for a in side
                        if (seen := {c for c in peers[a] & members if c > a})
                    ),
                    None,
                )
                if clash:
                    gone = tuple((c, value) for c in side)
                    found.append(
                        technique.step(
                            grid,
                            f"{technique.name} (wrap) on {value}: in {chain}, "
                            f"{names[clash[0]]} and {names[clash[1]]} have the same colour and "
                            f"see each other, so {losses(names, gone)}",
                            cells=cells,
                            digits=(value,),
                            eliminations=gone,
                        )
                    )
            if found:
                return found
            trapped = tuple(
                (c, value)
                for c, m in enumerate(grid.cands)
                if m & b
                and c not in colour
                and not peers[c].isdisjoint(sides[0])
                and not peers[c].isdisjoint(sides[1])
            )
            if trapped:
                see = "sees" if len(trapped) == 1 else "see"
                found.append(
                    technique.step(
                        grid,
                        f"{technique.name} (trap) on {value}: one colour of {chain} holds "
                        f"{value}; {cell_list(names, (c for c, _ in trapped))} {see} both "
                        f"colours, so {losses(names, trapped)}",
                        cells=cells,
                        digits=(value,),
                        eliminations=trapped,
                    )
                )
        if len(found) == before:
            grid.found_none(find_simple_colouring, value, places[value])
    return found
