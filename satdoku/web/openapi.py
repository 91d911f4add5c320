"""The OpenAPI description of the API, made from the endpoint and field tables, served at
``/api/openapi.json``."""

from __future__ import annotations

from typing import Any

from satdoku import __version__
from satdoku.web import schemas
from satdoku.web.endpoints import ENDPOINTS
from satdoku.web.fields import FIELDS
from satdoku.web.settings import Settings

OPENAPI_PATH = "/api/openapi.json"


def _error(description: str, **headers: Any) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    if headers:
        response["headers"] = headers
    return response


def openapi(settings: Settings) -> dict[str, Any]:
    """The OpenAPI 3.1 document of a server run with ``settings``."""
    paths: dict[str, Any] = {}
    for endpoint in ENDPOINTS.values():
        body = {
            "type": "object",
            "additionalProperties": False,
            "required": [name for name in endpoint.takes if name == "puzzle"],
            "properties": {name: FIELDS[name].schema for name in endpoint.takes},
        }
        paths[f"/api/{endpoint.name}"] = {
            "post": {
                "operationId": endpoint.name,
                "summary": endpoint.summary,
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": body}},
                },
                "responses": {
                    "200": {
                        "description": "The answer: the record of the command line's JSON.",
                        "content": {"application/json": {"schema": endpoint.returns}},
                    },
                    "400": _error(
                        "Bad JSON, an unknown field, a bad value or a puzzle that does not"
                        " read: the one-line message of the command line."
                    ),
                    "413": _error(f"The body is larger than {settings.max_body} bytes."),
                    "500": _error("A worker stopped, or an answer failed verification."),
                    "503": _error(
                        "Every worker is busy and the queue is full (or the request ran past"
                        " its time limit): try again later.",
                        **{"Retry-After": {"schema": {"type": "integer"}}},
                    ),
                },
            }
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
        "components": {"schemas": {"Error": schemas.ERROR}},
    }
