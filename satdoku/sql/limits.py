"""The time limit of the SQL functions."""

from __future__ import annotations

TIMEOUT = 10.0
"""Seconds a function spends on one value by default; past them the value is ``unknown``."""
