"""The lines of a puzzle's picture, each style in the colour and shape setters draw it:
thermometers grey with a bulb (a slow one dashed inside), arrows thin grey with a head,
whispers green, renbans purple, between lines blue with circles at the ends, lockout lines
orange with diamonds at the ends, and so on."""

from __future__ import annotations

import math
from collections.abc import Sequence

from satdoku.formats.marks import Group
from satdoku.formats.svg_pen import PAPER, Pen, num

LINE_SHADE = "#c8c8c8"
"""The thermometer's grey: the lines' colour unless their style says otherwise."""
LINE_WIDTH = 0.3
"""A thermometer's width, in cells."""

LOOKS: dict[str, tuple[str, float]] = {
    "thermometer": (LINE_SHADE, LINE_WIDTH),
    "slow-thermometer": (LINE_SHADE, LINE_WIDTH),
    "arrow": ("#a0a0a0", 0.05),
    "whisper": ("#5cc85c", 0.16),
    "renban": ("#d08ff0", 0.2),
    "between": ("#68a7e8", 0.06),
    "lockout": ("#f0a040", 0.06),
    "palindrome": ("#b4b4b4", 0.16),
    "zipper": ("#b7a8ee", 0.16),
    "entropic": ("#f5a860", 0.16),
    "modular": ("#3aa89a", 0.16),
    "region-sum": ("#4a8ee0", 0.08),
    "sum": ("#e05050", 0.08),
}
"""Each line style's colour and width (in cells)."""

BULB = 0.36
"""A thermometer bulb's radius, in cells."""
END = 0.38
"""The radius of a between line's circles and a lockout line's diamonds, in cells."""


def lines(drawn: Sequence[Group], pen: Pen) -> list[str]:
    """Each line as a rounded stroke through its cells' centres, in its style's colour and
    width (given on the line where it is not the thermometer's); a thermometer has a disc on
    its bulb, a slow one a dashed stripe along it too, an arrow a head on its last cell."""
    if not drawn:
        return []
    parts = [
        f'<g class="lines" stroke="{LINE_SHADE}" stroke-width="{num(pen.cell * LINE_WIDTH)}"'
        ' stroke-linecap="round" stroke-linejoin="round" fill="none">'
    ]
    for places, style in drawn:
        colour, width = LOOKS.get(style, (LINE_SHADE, LINE_WIDTH))
        points = [pen.centre(p) for p in places]
        look = ""
        if (colour, width) != (LINE_SHADE, LINE_WIDTH):
            look = f' stroke="{colour}" stroke-width="{num(pen.cell * width)}"'
        if style == "arrow" and len(points) > 1:
            points.append(_beyond(points[-2], points[-1], pen.cell * 0.25))
        parts.append(f'<path class="line" d="{_path(points)}"{look}/>')
        if style in ("thermometer", "slow-thermometer"):
            x, y = points[0]
            parts.append(
                f'<circle class="bulb" cx="{num(x)}" cy="{num(y)}" r="{num(pen.cell * BULB)}"'
                f' fill="{LINE_SHADE}" stroke="none"/>'
            )
        if style == "slow-thermometer":
            parts.append(
                f'<path class="slow" d="{_path(points)}" stroke="{PAPER}"'
                f' stroke-width="{num(pen.cell * 0.07)}"'
                f' stroke-dasharray="{num(pen.cell * 0.14)} {num(pen.cell * 0.12)}"/>'
            )
        if style == "arrow" and len(places) > 1:
            parts.append(f'<path class="head" d="{_head(points[-2], points[-1], pen)}"{look}/>')
    parts.append("</g>")
    return parts


def line_ends(drawn: Sequence[Group], pen: Pen) -> list[str]:
    """The circles at both ends of a between line and the diamonds at both ends of a lockout
    line, on top of the grid lines."""
    parts = []
    for places, style in drawn:
        if style not in ("between", "lockout") or not places:
            continue
        colour, _ = LOOKS[style]
        for place in dict.fromkeys((places[0], places[-1])):
            x, y = pen.centre(place)
            r = pen.cell * END
            if style == "between":
                parts.append(
                    f'<circle class="line-end" cx="{num(x)}" cy="{num(y)}" r="{num(r)}"'
                    f' stroke="{colour}"/>'
                )
            else:
                d = f"M{num(x)} {num(y - r)}L{num(x + r)} {num(y)}L{num(x)} {num(y + r)}"
                d += f"L{num(x - r)} {num(y)}Z"
                parts.append(f'<path class="line-end" d="{d}" stroke="{colour}"/>')
    if not parts:
        return []
    return [
        f'<g class="line-ends" fill="{PAPER}" stroke-width="{num(pen.cell * 0.06)}">',
        *parts,
        "</g>",
    ]


def _path(points: Sequence[tuple[float, float]]) -> str:
    return "".join(f"{'L' if i else 'M'}{num(x)} {num(y)}" for i, (x, y) in enumerate(points))


def _beyond(a: tuple[float, float], b: tuple[float, float], length: float) -> tuple[float, float]:
    """The point ``length`` past ``b`` on the way from ``a``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    norm = math.hypot(dx, dy) or 1.0
    return b[0] + dx / norm * length, b[1] + dy / norm * length


def _head(a: tuple[float, float], tip: tuple[float, float], pen: Pen) -> str:
    """Two strokes back from ``tip``, 40 degrees either side of the way from ``a``."""
    angle = math.atan2(tip[1] - a[1], tip[0] - a[0])
    length = pen.cell * 0.28
    arms = [
        (tip[0] - length * math.cos(angle + t), tip[1] - length * math.sin(angle + t))
        for t in (math.radians(40), math.radians(-40))
    ]
    return f"M{num(arms[0][0])} {num(arms[0][1])}L{num(tip[0])} {num(tip[1])}" + (
        f"L{num(arms[1][0])} {num(arms[1][1])}"
    )
