"""The OpenAPI description of the API, served at ``/api/openapi.json``: each endpoint's body
is the JSON schema of the :class:`~satdoku.web.job.Job` fields it takes, each answer the JSON
schema of its typed dictionary in :mod:`satdoku.web.answers`, both made by pydantic."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from satdoku import __version__
from satdoku.web.answers import Error
from satdoku.web.endpoints import ENDPOINTS
from satdoku.web.job import Job
from satdoku.web.settings import Settings

OPENAPI_PATH = "/api/openapi.json"
COMPONENTS = "#/components/schemas/{model}"


def _error(description: str, **headers: Any) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": COMPONENTS.format(model="Error")}}},
    }
    if headers:
        response["headers"] = headers
    return response


def _body(takes: tuple[str, ...]) -> dict[str, Any]:
    """The schema of a body of the fields ``takes``; ``puzzle`` is required where taken."""
    fields = Job.model_json_schema()["properties"]
    required = [name for name in takes if name == "puzzle"]
    properties = {name: dict(fields[name]) for name in takes}
    for name in required:
        del properties[name]["default"]
    return {
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": properties,
    }


def openapi(settings: Settings) -> dict[str, Any]:
    """The OpenAPI 3.1 document of a server run with ``settings``."""
    answers, components = TypeAdapter.json_schemas(
        [(e.name, "serialization", TypeAdapter(e.returns)) for e in ENDPOINTS.values()]
        + [("error", "serialization", TypeAdapter(Error))],
        ref_template=COMPONENTS,
    )
    errors = {
        "400": _error(
            "Bad JSON, an unknown field, a bad value or a puzzle that does not read: the"
            " one-line message of the command line."
        ),
        "408": _error(
            f"The body did not arrive within {settings.body_timeout:g} s; the connection is closed."
        ),
        "413": _error(f"The body is larger than {settings.max_body} bytes."),
        "500": _error("A worker stopped, or an answer failed verification."),
        "503": _error(
            "Every worker is busy and the queue is full (or the request ran past its time"
            " limit): try again later.",
            **{"Retry-After": {"schema": {"type": "integer"}}},
        ),
    }
    paths: dict[str, Any] = {
        f"/api/{e.name}": {
            "post": {
                "operationId": e.name,
                "summary": e.summary,
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _body(e.takes)}},
                },
                "responses": {
                    "200": {
                        "description": "The answer: the record of the command line's JSON.",
                        "content": {
                            "application/json": {"schema": answers[e.name, "serialization"]}
                        },
                    },
                    **errors,
                },
            }
        }
        for e in ENDPOINTS.values()
    }
    paths["/api/status"] = {
        "get": {
            "operationId": "status",
            "summary": "The worker pool: its size, the requests in flight and the time limit.",
            "responses": {"200": {"description": "The pool's state."}},
        }
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "satdoku",
            "version": __version__,
            "description": "Solve, count and explain grid puzzles. Every request runs in a"
            f" worker process within a time limit of at most {settings.timeout:g} s (a"
            " request's `timeout` may lower it); answers are the records of the command"
            ' line\'s `--format json`; errors are `{"error": "..."}`.',
        },
        "paths": paths,
        "components": {"schemas": components.get("$defs", {})},
    }
