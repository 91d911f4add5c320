"""The small marks of a puzzle's picture: circles and pills, dots and texts on edges, texts
on corners, shaded groups (even, odd, extra regions) and notes along the top of cells."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from satdoku.formats.marks import Group, Position
from satdoku.formats.svg_pen import INK, PAPER, Pen, num

MARK_LINE = "#777"
PARITY = "#cfcfcf"
NOTE_INK = "#555"
REGION_FILLS = ("#f5dcb4", "#cfe8c6", "#f2cade", "#cde0f4", "#e4dbf6", "#f4f0b8")
"""The fills of extra regions, in turn."""


def shades(groups: Sequence[Group], pen: Pen) -> list[str]:
    """Even cells as grey squares, odd cells as grey discs, any other group (an extra
    region) as its cells filled in a colour of its own."""
    parts, regions = [], 0
    for places, style in groups:
        for r, c in sorted(places):
            if style == "even":
                inset = pen.cell * 0.14
                side = num(pen.cell - 2 * inset)
                parts.append(
                    f'<rect class="even" x="{num(pen.x(c) + inset)}" y="{num(pen.y(r) + inset)}"'
                    f' width="{side}" height="{side}" fill="{PARITY}"/>'
                )
            elif style == "odd":
                x, y = pen.centre((r, c))
                parts.append(
                    f'<circle class="odd" cx="{num(x)}" cy="{num(y)}" r="{num(pen.cell * 0.38)}"'
                    f' fill="{PARITY}"/>'
                )
            else:
                fill = REGION_FILLS[regions % len(REGION_FILLS)]
                parts.append(
                    f'<rect class="region" x="{num(pen.x(c))}" y="{num(pen.y(r))}"'
                    f' width="{pen.cell}" height="{pen.cell}" fill="{fill}"/>'
                )
        regions += style not in ("even", "odd")
    return ['<g class="shades">', *parts, "</g>"] if parts else []


def circles(groups: Sequence[Group], pen: Pen) -> list[str]:
    """Each circle over its cells: a disc on one cell, a pill over a straight run of
    neighbours (a disc on each cell otherwise), its text small in its top-left corner."""
    if not groups:
        return []
    inset = pen.cell * 0.08
    parts = [
        f'<g class="circles" fill="{PAPER}" stroke="{MARK_LINE}"'
        f' stroke-width="{num(max(0.5, pen.cell * 0.04))}">'
    ]
    texts = []
    for places, text in groups:
        rows, cols = {r for r, _ in places}, {c for _, c in places}
        top, left = min(rows), min(cols)
        height, width = max(rows) - top + 1, max(cols) - left + 1
        if height * width == len(places) and min(height, width) == 1:
            parts.append(
                f'<rect class="circle" x="{num(pen.x(left) + inset)}"'
                f' y="{num(pen.y(top) + inset)}" width="{num(width * pen.cell - 2 * inset)}"'
                f' height="{num(height * pen.cell - 2 * inset)}"'
                f' rx="{num(pen.cell / 2 - inset)}"/>'
            )
        else:
            parts += [
                f'<circle class="circle" cx="{num(pen.centre(p)[0])}" cy="{num(pen.centre(p)[1])}"'
                f' r="{num(pen.cell / 2 - inset)}"/>'
                for p in sorted(places)
            ]
        if text:
            r, c = min(places)
            texts.append(
                f'<text class="circle-text" x="{num(pen.x(c + 0.2))}" y="{num(pen.y(r + 0.3))}">'
                f"{escape(text)}</text>"
            )
    parts.append("</g>")
    if texts:
        parts += [f'<g font-size="{num(pen.cell * 0.22)}" fill="{INK}">', *texts, "</g>"]
    return parts


def dots(drawn: Sequence[tuple[Position, Position, bool]], pen: Pen) -> list[str]:
    """Kropki dots on the middle of their edges: black ones filled, white ones outlined."""
    if not drawn:
        return []
    parts = [f'<g class="dots" stroke="{INK}" stroke-width="{num(max(0.5, pen.cell * 0.025))}">']
    for a, b, filled in drawn:
        x, y = pen.between(a, b)
        parts.append(
            f'<circle class="{"black" if filled else "white"}" cx="{num(x)}" cy="{num(y)}"'
            f' r="{num(pen.cell * 0.12)}" fill="{INK if filled else PAPER}"/>'
        )
    parts.append("</g>")
    return parts


def edges(drawn: Sequence[tuple[Position, Position, str]], pen: Pen) -> list[str]:
    """Texts on the middle of their edges, on a paper halo; ``>`` (the first cell greater)
    and ``<`` as a chevron pointing at the smaller cell."""
    if not drawn:
        return []
    size = pen.cell * 0.36
    parts = [
        f'<g class="edges" font-size="{num(size)}" font-weight="bold" fill="{INK}"'
        f' text-anchor="middle" stroke-linecap="round" stroke-linejoin="round">'
    ]
    for a, b, text in drawn:
        x, y = pen.between(a, b)
        if text in ("<", ">"):
            big, small = (a, b) if text == ">" else (b, a)
            parts.append(_chevron(big, small, (x, y), pen))
        else:
            parts.append(
                f'<text class="edge" x="{num(x)}" y="{num(y + size * 0.36)}" stroke="{PAPER}"'
                f' stroke-width="{num(size * 0.25)}" paint-order="stroke">{escape(text)}</text>'
            )
    parts.append("</g>")
    return parts


def _chevron(big: Position, small: Position, at: tuple[float, float], pen: Pen) -> str:
    """A ``>`` on the edge at ``at``, open towards ``big`` and pointing at ``small``."""
    dr, dc = small[0] - big[0], small[1] - big[1]
    x, y = at
    reach, spread = pen.cell * 0.1, pen.cell * 0.16
    tip = (x + dc * reach, y + dr * reach)
    arms = [(x - dc * reach + dr * s, y - dr * reach + dc * s) for s in (spread, -spread)]
    d = f"M{num(arms[0][0])} {num(arms[0][1])}L{num(tip[0])} {num(tip[1])}"
    d += f"L{num(arms[1][0])} {num(arms[1][1])}"
    return (
        f'<path class="inequality" d="{d}" fill="none" stroke="{INK}"'
        f' stroke-width="{num(max(1.0, pen.cell * 0.05))}"/>'
    )


def corners(groups: Sequence[Group], pen: Pen) -> list[str]:
    """Each corner text in a white circle on the corner its cells share: its digits (or
    words) two to a row."""
    if not groups:
        return []
    size = pen.cell * 0.2
    parts = [
        f'<g class="corners" font-size="{num(size)}" fill="{INK}" text-anchor="middle">',
    ]
    for places, text in groups:
        rows, cols = [r for r, _ in places], [c for _, c in places]
        x = pen.x((min(cols) + max(cols) + 1) / 2)
        y = pen.y((min(rows) + max(rows) + 1) / 2)
        words = text.split() if " " in text.strip() else list(text)
        lines = [" ".join(words[i : i + 2]) for i in range(0, len(words), 2)] or [""]
        parts.append(
            f'<circle class="corner" cx="{num(x)}" cy="{num(y)}" r="{num(pen.cell * 0.3)}"'
            f' fill="{PAPER}" stroke="{INK}" stroke-width="{num(max(0.5, pen.cell * 0.025))}"/>'
        )
        first = y - (len(lines) - 1) * size * 0.5 + size * 0.35
        parts += [
            f'<text class="corner-text" x="{num(x)}" y="{num(first + i * size)}">'
            f"{escape(line)}</text>"
            for i, line in enumerate(lines)
        ]
    parts.append("</g>")
    return parts


def notes(drawn: Sequence[tuple[Position, str]], pen: Pen) -> list[str]:
    """Each note in small digits along the top of its cell, squeezed to the cell's width."""
    if not drawn:
        return []
    size = pen.cell * 0.22
    parts = [f'<g class="notes" font-size="{num(size)}" fill="{NOTE_INK}">']
    for (r, c), text in drawn:
        room = pen.cell * 0.84
        fit = ""
        if len(text) * size * 0.6 > room:
            fit = f' textLength="{num(room)}" lengthAdjust="spacingAndGlyphs"'
        parts.append(
            f'<text class="note" x="{num(pen.x(c + 0.08))}" y="{num(pen.y(r) + size * 1.05)}"'
            f"{fit}>{escape(text)}</text>"
        )
    parts.append("</g>")
    return parts
