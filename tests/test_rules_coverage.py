"""Every rule type of the registry is cross-checked: a test of ``tests/test_rules_*.py`` hands
a puzzle holding it to :func:`tests.rules.agree`, where brute force, three CNF encodings and
both CP-SAT models must count its solutions alike on a 4x4 or 6x6 grid.

The audit reads the tests as pytest runs them: each test function that calls ``agree``, and
the rules its parameters hold (directly, or through the module's table the parameter names)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from types import FunctionType, ModuleType

import pytest

from satdoku.constraints import CONSTRAINTS, get_constraint
from satdoku.model import Constraint
from tests import rules

MODULES = sorted(
    f"tests.{path.stem}"
    for path in Path(__file__).parent.glob("test_rules_*.py")
    if path.name != Path(__file__).name
)
"""The test modules of rule types (this one aside)."""


def agreement_tests(module: ModuleType) -> Iterator[FunctionType]:
    """The module's test functions that count through ``agree``."""
    for name, value in vars(module).items():
        if (
            name.startswith("test_")
            and isinstance(value, FunctionType)
            and "agree" in value.__code__.co_names
            and value.__globals__.get("agree") is rules.agree
        ):
            yield value


def held(value: object, module: ModuleType) -> Iterator[Constraint]:
    """The rules inside a parameter value: in tuples, lists and dicts, in ``pytest.param``,
    and behind a name that keys a table of the module."""
    if isinstance(value, Constraint):
        yield value
    elif isinstance(value, str):
        for table in vars(module).values():
            if isinstance(table, dict) and value in table:
                yield from held(table[value], module)
    elif isinstance(value, dict):
        for item in value.values():
            yield from held(item, module)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from held(item, module)
    elif hasattr(value, "values") and hasattr(value, "marks"):  # pytest.param
        yield from held(value.values, module)


def agreed() -> dict[type[Constraint], list[str]]:
    """Each rule type counted through ``agree``, with the tests that count it."""
    found: dict[type[Constraint], list[str]] = {}
    for name in MODULES:
        module = importlib.import_module(name)
        for test in agreement_tests(module):
            for mark in getattr(test, "pytestmark", []):
                if mark.name == "parametrize":
                    for rule in held(list(mark.args[1]), module):
                        found.setdefault(type(rule), []).append(f"{name}::{test.__name__}")
    return found


def test_the_audit_reads_the_agreement_tests() -> None:
    found = agreed()
    assert "tests.test_rules_lines" in MODULES and "tests.test_rules_coverage" not in MODULES
    tests = {test for names in found.values() for test in names}
    assert {test.split("::")[0] for test in tests} >= {
        "tests.test_rules_lines",
        "tests.test_rules_sums",
        "tests.test_rules_pairs",
    }


@pytest.mark.parametrize("name", CONSTRAINTS)
def test_every_rule_type_is_counted_alike_by_every_engine(name: str) -> None:
    rule_type = get_constraint(name)
    assert rule_type in agreed(), (
        f"no test of {', '.join(MODULES)} counts a {rule_type.__name__} through tests.rules.agree"
    )
