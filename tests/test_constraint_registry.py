"""The rule registry: every name leads to a rule type of the package, and an unknown name is
one clear error."""

import pytest

from satdoku.constraints import CONSTRAINTS, get_constraint
from satdoku.errors import UsageError
from satdoku.model import Constraint


@pytest.mark.parametrize("name", sorted(CONSTRAINTS))
def test_every_name_leads_to_a_rule_type(name):
    rule = get_constraint(name)
    assert issubclass(rule, Constraint)
    assert rule.__module__ == "satdoku.constraints." + CONSTRAINTS[name].split(":")[0]


def test_an_unknown_rule_type_is_one_usage_error():
    with pytest.raises(UsageError, match="unknown rule type 'nonsense'; choose from alldifferent"):
        get_constraint("nonsense")
