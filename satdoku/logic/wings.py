"""Wings: XY-Wing, XYZ-Wing and W-Wing, built from cells with two (or three) candidates."""

from __future__ import annotations

from satdoku.logic.grid import CandidateGrid
from satdoku.logic.layout import bit, values_of
from satdoku.logic.step import Step, cell_list, losses
from satdoku.logic.technique import Technique


def _braces(grid: CandidateGrid, cell: int) -> str:
    return f"{grid.layout.names[cell]} {{{','.join(map(str, values_of(grid.cands[cell])))}}}"


def _seen_by_all(grid: CandidateGrid, cells: tuple[int, ...], value: int) -> tuple[int, ...]:
    """Blank cells with ``value`` among their candidates that see every cell of ``cells``."""
    peers = grid.layout.peers
    common = set(peers[cells[0]])
    for c in cells[1:]:
        common &= peers[c]
    b = bit(value)
    return tuple(sorted(c for c in common if grid.cands[c] & b and c not in cells))


def _bivalue(grid: CandidateGrid) -> list[int]:
    return [c for c, m in enumerate(grid.cands) if m.bit_count() == 2]


def _wing(grid: CandidateGrid, technique: Technique, pivot_size: int) -> list[Step]:
    """XY-Wing (pivot of 2) and XYZ-Wing (pivot of 3): pincers of 2 candidates that share
    one value z with each other; whichever value the pivot takes, one of them (or the pivot)
    is z, so cells seeing all of them (the pincers, and the pivot for XYZ) lose z."""
    cands = grid.cands
    peers = grid.layout.peers
    bivalue = set(_bivalue(grid))
    found = []
    for pivot, pm in grid.paced(enumerate(cands)):
        if pm.bit_count() != pivot_size:
            continue
        wings = sorted(
            c
            for c in peers[pivot]
            if c in bivalue and (cands[c] & pm).bit_count() == (1 if pivot_size == 2 else 2)
        )
        for i, a in enumerate(wings):
            for b in wings[i + 1 :]:
                am, bm = cands[a], cands[b]
                if am == bm:
                    continue
                z = am & bm
                if z.bit_count() != 1:
                    continue
                if pivot_size == 2:
                    if z & pm or (am | bm) & pm != pm:
                        continue
                    seeing: tuple[int, ...] = (a, b)
                else:
                    if (am | bm) != pm:
                        continue
                    seeing = (pivot, a, b)
                value = values_of(z)[0]
                gone = tuple((c, value) for c in _seen_by_all(grid, seeing, value))
                if gone:
                    found.append(
                        technique.step(
                            grid,
                            f"{technique.name}: pivot {_braces(grid, pivot)}, pincers "
                            f"{_braces(grid, a)}, {_braces(grid, b)}: one of "
                            f"{cell_list(grid.layout.names, seeing)} is {value}, "
                            f"so {losses(grid.layout.names, gone)}",
                            cells=(pivot, a, b),
                            digits=tuple(values_of(pm | am | bm)),
                            eliminations=gone,
                        )
                    )
    return found


def find_xy_wing(grid: CandidateGrid, technique: Technique) -> list[Step]:
    return _wing(grid, technique, 2)


def find_xyz_wing(grid: CandidateGrid, technique: Technique) -> list[Step]:
    return _wing(grid, technique, 3)


def find_w_wing(grid: CandidateGrid, technique: Technique) -> list[Step]:
    """Two cells {x,y} that do not see each other, joined by a strong link on x (a unit where
    x has two places, one seeing each cell): one of the cells is y, so cells seeing both lose y."""
    cands = grid.cands
    layout = grid.layout
    peers = layout.peers
    bivalue = _bivalue(grid)
    links = grid.strong_links()
    found = []
    for i, a in enumerate(bivalue):
        grid.check()
        for b in bivalue[i + 1 :]:
            if cands[a] != cands[b] or b in peers[a]:
                continue
            pair = values_of(cands[a])
            for x, y in ((pair[0], pair[1]), (pair[1], pair[0])):
                gone = tuple((c, y) for c in _seen_by_all(grid, (a, b), y))
                if not gone:
                    continue
                for u, p, q in links[x]:
                    if {p, q} & {a, b}:
                        continue
                    if not (p in peers[a] and q in peers[b]):
                        p, q = q, p
                    if p in peers[a] and q in peers[b]:
                        names = layout.names
                        found.append(
                            technique.step(
                                grid,
                                f"{technique.name}: {_braces(grid, a)} and {_braces(grid, b)} "
                                f"are joined by the strong link on {x} in "
                                f"{layout.unit_names[u]} ({names[p]}, {names[q]}), so one of "
                                f"them is {y} and {losses(names, gone)}",
                                cells=(a, b, p, q),
                                digits=(x, y),
                                units=(layout.unit_names[u],),
                                eliminations=gone,
                            )
                        )
                        break
    return found
