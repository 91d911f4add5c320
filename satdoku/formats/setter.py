"""The setter tools' answers as records, text and pictures: the redundant items of a puzzle
(:func:`redundancy_record`, :func:`marked_svg`) and a minimal puzzle (:func:`minimized_record`),
its text in the notation of the puzzle's kind where satdoku writes one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from satdoku.formats.output import format_line
from satdoku.formats.records import OutputRecord
from satdoku.formats.svg import puzzle_svg, scale
from satdoku.formats.svg_pen import Pen, num
from satdoku.kinds.kakuro import KakuroDrawing
from satdoku.model import Puzzle
from satdoku.status import Status

if TYPE_CHECKING:
    from satdoku.setter import Item, Minimized, Redundancy

MARK = "#b9e3b0"
"""The fill of a redundant item's cells."""
REASONS = {
    Status.MULTIPLE: "the puzzle has several solutions; the setter tools answer unique puzzles",
    Status.NO_SOLUTION: "the puzzle has no solution; the setter tools answer unique puzzles",
    Status.UNKNOWN: "out of time",
}


def puzzle_text(puzzle: Puzzle) -> str:
    """The puzzle in a text satdoku reads back: its kind's notation (jigsaw regions, killer
    cages, Kakuro clues) while it keeps its layout, else its givens on one line."""
    layout = puzzle.layout
    if isinstance(layout, KakuroDrawing):
        return layout.draw(puzzle, puzzle.givens)
    write = getattr(layout, "text", None)
    return write(puzzle) if write is not None else format_line(puzzle, puzzle.givens)


def redundancy_record(found: Redundancy) -> OutputRecord:
    """``status``, the names of the ``redundant`` items (null unless unique), how many were
    ``weighed``, ``consider``, ``time``, and why there is no answer (``reason``)."""
    record = found.to_dict()
    if found.status in REASONS:
        record["reason"] = REASONS[found.status]
    return record


def minimized_record(found: Minimized) -> OutputRecord:
    """``status``, the minimal ``puzzle`` (null unless unique) and its ``givens``, the
    ``removed`` items' names, how many were ``weighed`` and ``kept``, ``seed``, ``time``."""
    minimal = found.minimal
    record: OutputRecord = {
        "status": str(found.status),
        "puzzle": None if minimal is None else puzzle_text(minimal),
        "givens": None if minimal is None else minimal.nclues,
    }
    record |= {k: v for k, v in found.to_dict().items() if k != "status"}
    if found.status in REASONS:
        record["reason"] = REASONS[found.status]
    return record


def redundancy_text(record: OutputRecord) -> str:
    """``unique: redundant r1c1 r5c5`` (``unique: none redundant``), or the status and why."""
    where = f"line {record['line']}: " if "line" in record else ""
    status = record["status"]
    if record.get("redundant") is not None:
        listed = " ".join(record["redundant"]) or "none"
        return f"{where}{status}: redundant {listed}"
    return f"{where}{status}: {record.get('reason') or record.get('error', '')}"


def minimized_text(record: OutputRecord) -> str:
    """The minimal puzzle's text, or the status and why there is none."""
    if record.get("puzzle") is not None:
        return str(record["puzzle"])
    where = f"line {record['line']}: " if "line" in record else ""
    return f"{where}{record['status']}: {record.get('reason') or record.get('error', '')}"


def marked_svg(found: Redundancy) -> str:
    """The puzzle's picture, the cells of its redundant items shaded."""
    return _shaded(found.puzzle, _cells(found.redundant or ()))


def minimized_svg(found: Minimized) -> str:
    """The minimal puzzle's picture (the puzzle's, when there is none)."""
    return puzzle_svg(found.minimal or found.puzzle)


def _cells(found: Iterable[Item]) -> set[int]:
    cells: set[int] = set()
    for item in found:
        if item.cell is not None:
            cells.add(item.cell)
        for rule in item.rules:
            cells.update(rule.cells)
    return cells


def _shaded(puzzle: Puzzle, cells: set[int]) -> str:
    """:func:`puzzle_svg` with ``cells`` shaded under everything else."""
    picture = puzzle_svg(puzzle)
    cell, margin, _ = scale(puzzle)
    pen = Pen(cell, margin)
    shades = [
        f'<rect class="redundant" x="{num(pen.x(c))}" y="{num(pen.y(r))}" width="{cell}"'
        f' height="{cell}" fill="{MARK}"/>'
        for r, c in sorted(puzzle.positions[k] for k in cells)
    ]
    head, paper, rest = picture.partition('<rect class="paper"')
    paper_line, newline, tail = rest.partition("\n")
    return head + paper + paper_line + newline + "".join(s + "\n" for s in shades) + tail
