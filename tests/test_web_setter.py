"""``POST /api/redundant`` and ``POST /api/minimize``: each answer is the record of ``satdoku
redundant`` / ``satdoku minimize PUZZLE --format json`` and fits its schema; a bad field is
400 with a message naming it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")

from pydantic import TypeAdapter
from starlette.testclient import TestClient

from satdoku import count, parse_puzzle
from satdoku.web import Settings, create_app
from satdoku.web.answers import Minimal, Redundant
from tests.cli import satdoku
from tests.test_web_api import EASY, HARD, MANY, post, without_times

KILLER = "abcd\naccd\naeef\nggff\na=9 b=1 c=8 d=6 e=5 f=8 g=3"
"""A 4x4 killer: its cages are the rules weighed."""
ANSWERS = {"redundant": Redundant, "minimize": Minimal}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """A server whose time limit leaves a loaded machine room."""
    with TestClient(create_app(Settings(workers=1, timeout=60))) as test_client:
        yield test_client


@pytest.mark.parametrize(
    ("endpoint", "puzzle", "fields", "options"),
    [
        ("redundant", EASY, {}, []),
        ("redundant", HARD, {"consider": "givens"}, ["--consider", "givens"]),
        ("redundant", MANY, {}, []),
        ("minimize", EASY, {}, []),
        ("minimize", EASY, {"seed": "7"}, ["--seed", "7"]),
        ("minimize", EASY, {"seed": "word"}, ["--seed", "word"]),
        ("minimize", MANY, {}, []),
    ],
)
def test_the_answer_is_the_command_line_record(
    client: TestClient, endpoint: str, puzzle: str, fields: dict[str, Any], options: list[str]
) -> None:
    response = post(client, endpoint, puzzle=puzzle, **fields)
    assert response.status_code == 200, response.text
    record = response.json()
    run = satdoku(endpoint, *options, "--format", "json", "--", puzzle)
    assert without_times(record) == without_times(json.loads(run.out))
    TypeAdapter(ANSWERS[endpoint]).validate_python(record)


def test_the_minimal_puzzle_is_unique_and_inside_the_puzzle(client: TestClient) -> None:
    record = post(client, "minimize", puzzle=EASY, seed="3").json()
    assert record["status"] == "unique"
    minimal = record["puzzle"]
    assert all(m in (".", e) for m, e in zip(minimal, EASY, strict=True))
    assert sum(ch != "." for ch in minimal) == record["givens"]
    assert count(parse_puzzle(minimal), 2).count == 1


@pytest.mark.parametrize("endpoint", ["redundant", "minimize"])
def test_killer_cages_are_weighed_when_asked(client: TestClient, endpoint: str) -> None:
    fields = {"kind": "killer", "consider": "rules"}
    record = post(client, endpoint, puzzle=KILLER, **fields).json()
    options = ("--kind", "killer", "--consider", "rules", "--format", "json")
    run = satdoku(endpoint, *options, "--", KILLER)
    assert without_times(record) == without_times(json.loads(run.out))
    assert record["status"] == "unique"


@pytest.mark.parametrize("endpoint", ["redundant", "minimize"])
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"consider": "cells"}, "consider must be one of givens, rules, both, not 'cells'"),
        ({"consider": 1}, "consider must be a string, not a number"),
        ({"timeout": -1}, "timeout must be a number of seconds, 0 or more, not -1"),
        ({"limit": 3}, "unknown field 'limit'"),
        ({"puzzle": "12"}, ""),
    ],
)
def test_bad_fields_are_refused(
    client: TestClient, endpoint: str, fields: dict[str, Any], message: str
) -> None:
    response = post(client, endpoint, **{"puzzle": HARD, **fields})
    assert response.status_code == 400, response.text
    assert response.json()["error"].startswith(message)


def test_seed_is_only_for_minimize(client: TestClient) -> None:
    response = post(client, "redundant", puzzle=HARD, seed="1")
    assert response.status_code == 400
    assert response.json()["error"].startswith("unknown field 'seed': /api/redundant takes")


def test_no_time_is_no_answer(client: TestClient) -> None:
    for endpoint in ANSWERS:
        record = post(client, endpoint, puzzle=HARD, timeout=0).json()
        assert record["status"] == "unknown"
        assert record["reason"] == "out of time"


def test_the_openapi_lists_both(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    for endpoint, fields in {"redundant": {"consider"}, "minimize": {"consider", "seed"}}.items():
        body = paths[f"/api/{endpoint}"]["post"]["requestBody"]["content"]["application/json"]
        assert fields <= set(body["schema"]["properties"])
