"""Chains: X-Chain (one value, alternating strong and weak links) and XY-Chain (cells with two
candidates, each passing its other value on).

Both prove "the first cell or the last cell holds the value", so the cells that see both ends
lose it. The shortest chain with an elimination is reported.

* Strong link on a value: a full unit where it has exactly two places (one of them holds it).
* Weak link: two cells with the value that see each other (at most one holds it).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from satdoku.logic.grid import CandidateGrid
from satdoku.logic.layout import bit, values_of
from satdoku.logic.step import Step, losses
from satdoku.logic.technique import Technique

Node = tuple[int, int]
"""(cell, value): "cell holds value" in an XY-Chain; in an X-Chain (cell, 1) is ON, (cell, 0) OFF."""


def _shortest(start: Node, follow: Callable[[Node], Iterable[Node]]) -> dict[Node, Node | None]:
    """Breadth-first: every node reachable from ``start`` with its predecessor."""
    came: dict[Node, Node | None] = {start: None}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        for nxt in follow(node):
            if nxt not in came:
                came[nxt] = node
                todo.append(nxt)
    return came


def _path(came: dict[Node, Node | None], end: Node) -> list[Node]:
    path = [end]
    while (prev := came[path[-1]]) is not None:
        path.append(prev)
    return path[::-1]


def _best(candidates: Iterable[tuple[int, Step]]) -> list[Step]:
    """The step of the shortest chain."""
    best = min(candidates, key=lambda found: found[0], default=None)
    return [best[1]] if best else []


def find_x_chain(grid: CandidateGrid, technique: Technique) -> list[Step]:
    found: list[tuple[int, Step]] = []
    links = grid.strong_links()
    places = grid.places()
    for value in range(1, grid.layout.puzzle.values + 1):
        grid.check()
        if grid.searched(find_x_chain, value, places[value]):
            continue
        chains = _x_chains(grid, technique, value, links[value])
        if not chains:
            grid.found_none(find_x_chain, value, places[value])
        found += chains
    return _best(found)


def _x_chains(
    grid: CandidateGrid, technique: Technique, value: int, links: list[tuple[int, int, int]]
) -> list[tuple[int, Step]]:
    layout = grid.layout
    names = layout.names
    peers = layout.peers
    b = bit(value)
    strong: dict[int, set[int]] = {}
    for _, first, second in links:
        strong.setdefault(first, set()).add(second)
        strong.setdefault(second, set()).add(first)
    if len(strong) < 4:
        return []
    holders = {c for c, m in enumerate(grid.cands) if m & b}
    # the cell holds the value: its peers do not; it does not: its partner does
    edges: dict[Node, list[Node]] = {
        (c, 1): [(p, 0) for p in peers[c] if p in holders] for c in holders
    }
    edges.update({(c, 0): [(p, 1) for p in partners] for c, partners in strong.items()})
    nowhere: list[Node] = []

    def follow(node: Node) -> Iterable[Node]:
        return edges.get(node, nowhere)

    found: list[tuple[int, Step]] = []
    for start in sorted(strong):
        grid.check()
        came = _shortest((start, 0), follow)
        seen_by_start = peers[start] & holders
        for end, on in came:
            if not on or end == start:
                continue
            both = seen_by_start & peers[end]
            if not both:  # nothing to eliminate, whatever the chain
                continue
            chain = _path(came, (end, on))
            if len(chain) < 4:
                continue
            gone = tuple(
                (c, value) for c in sorted(both) if (c, 0) not in chain and (c, 1) not in chain
            )
            if not gone:
                continue
            shown = names[start] + "".join(
                (" = " if is_on else " - ") + names[c] for c, is_on in chain[1:]
            )
            step = technique.step(
                grid,
                f"{technique.name} on {value}: {shown} (= strong, - weak link): "
                f"{names[start]} or {names[end]} is {value}, so {losses(names, gone)}",
                cells=tuple(c for c, _ in chain),
                digits=(value,),
                eliminations=gone,
            )
            found.append((len(chain), step))
    return found


def find_xy_chain(grid: CandidateGrid, technique: Technique) -> list[Step]:
    layout = grid.layout
    names = layout.names
    peers = layout.peers
    cands = grid.cands
    bivalue = {c for c, m in enumerate(cands) if m.bit_count() == 2}
    if len(bivalue) < 3:
        return []

    def other(cell: int, value: int) -> int:
        return (cands[cell] & ~bit(value)).bit_length()

    # the cell holds value: bivalue peers with it take their other one
    edges: dict[Node, list[Node]] = {}
    for cell in bivalue:
        near = peers[cell] & bivalue
        for value in values_of(cands[cell]):
            b = bit(value)
            edges[cell, value] = [(p, other(p, value)) for p in near if cands[p] & b]

    def follow(node: Node) -> Iterable[Node]:
        return edges.get(node, ())

    found: list[tuple[int, Step]] = []
    for start in sorted(bivalue):
        grid.check()
        for value in values_of(cands[start]):
            came = _shortest((start, other(start, value)), follow)
            b = bit(value)
            for end, holds in came:
                if holds != value or end == start:
                    continue
                both = [c for c in peers[start] & peers[end] if cands[c] & b]
                if not both:  # nothing to eliminate, whatever the chain
                    continue
                chain = _path(came, (end, holds))
                if len(chain) < 3:
                    continue
                cells = [c for c, _ in chain]
                gone = tuple((c, value) for c in sorted(both) if c not in cells)
                if not gone:
                    continue
                shown = " - ".join(
                    f"{names[c]} {{{','.join(map(str, values_of(cands[c])))}}}" for c in cells
                )
                found.append(
                    (
                        len(chain),
                        technique.step(
                            grid,
                            f"{technique.name}: {shown}: {names[start]} or {names[end]} is "
                            f"{value}, so {losses(names, gone)}",
                            cells=tuple(cells),
                            digits=(value,),
                            eliminations=gone,
                        ),
                    )
                )
    return _best(found)
