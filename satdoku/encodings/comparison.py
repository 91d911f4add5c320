"""How a sum compares with a constant (:data:`satdoku.targets.COMPARISONS`): the test itself,
its opposite, and whether a sum known to lie in a range may pass it."""

from __future__ import annotations

import operator
from collections.abc import Callable

COMPARE: dict[str, Callable[[int, int], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<=": operator.le,
    ">=": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
}
NEGATED = {"==": "!=", "!=": "==", "<=": ">", ">": "<=", "<": ">=", ">=": "<"}
"""The comparison that holds exactly when the other fails."""


def may_hold(op: str, least: int, most: int, constant: int) -> bool:
    """Whether some sum from ``least`` to ``most`` compares with ``constant`` by ``op``."""
    if op == "==":
        return least <= constant <= most
    if op in ("<=", "<"):
        return COMPARE[op](least, constant)
    if op in (">=", ">"):
        return COMPARE[op](most, constant)
    return not least == most == constant


def must_hold(op: str, least: int, most: int, constant: int) -> bool:
    """Whether every sum from ``least`` to ``most`` compares with ``constant`` by ``op``."""
    return not may_hold(NEGATED[op], least, most, constant)
