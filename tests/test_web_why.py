"""``POST /api/why``: the answer is ``satdoku why PUZZLE CELL --format json``'s record and fits
its schema; a question without an answer is 400 with the command line's message."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")

from pydantic import TypeAdapter
from starlette.testclient import TestClient

from satdoku.web import Settings, create_app
from satdoku.web.answers import Reasoned
from tests.cli import satdoku
from tests.test_web_api import HARD, KAKURO, MANY, post, without_times


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(workers=1))) as test_client:
        yield test_client


@pytest.mark.parametrize(
    ("puzzle", "fields", "options"),
    [
        (HARD, {"cell": "r5c3"}, []),
        (HARD, {"cell": "r1c2", "not": 7}, ["--not", "7"]),
        (HARD, {"cell": "r1c1", "not": 7}, ["--not", "7"]),
        (MANY, {"cell": "r1c2"}, []),
        (KAKURO, {"cell": "r2c2", "kind": "kakuro"}, ["--kind", "kakuro"]),
    ],
)
def test_the_answer_is_the_command_line_record(
    client: TestClient, puzzle: str, fields: dict[str, Any], options: list[str]
) -> None:
    response = post(client, "why", puzzle=puzzle, **fields)
    assert response.status_code == 200, response.text
    record = response.json()
    run = satdoku("why", *options, "--format", "json", "--", puzzle, fields["cell"])
    assert without_times(record) == without_times(json.loads(run.out))
    TypeAdapter(Reasoned).validate_python(record)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({}, "missing field 'cell': the cell to explain, e.g. r5c3"),
        ({"cell": "r10c1"}, "r10c1 is outside the 9x9 grid"),
        ({"cell": "r1c1"}, "r1c1 is a given (4): ask about a blank cell,"),
        ({"cell": "r1c2", "not": "7"}, 'not must be a whole number, not "7"'),
        ({"cell": "r1c2", "smallest": 1}, "smallest must be true or false, not 1"),
    ],
)
def test_questions_refused(client: TestClient, fields: dict[str, Any], message: str) -> None:
    response = post(client, "why", puzzle=HARD, **fields)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)
