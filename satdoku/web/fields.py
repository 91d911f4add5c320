"""The fields of a request body, each declared once with its JSON schema and its check, and the
reading of a body into a :class:`Job`: bad JSON, an unknown field or a bad value is one
:class:`BadRequest` with a one-line message (the command line's own message where it has one).

Reading is cheap and runs on the event loop; the puzzle text is parsed later, in a worker.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from satdoku.errors import SatdokuError
from satdoku.generate.digging import SYMMETRIES
from satdoku.geometry import Geometry
from satdoku.kinds import KINDS, get_kind

ALPHABETS = ("auto", "1-9A-Z", "0-F")
LABEL_NAMES = ("easy", "medium", "hard", "fiendish", "needs_search")
HUGE = 1e300
"""Seconds taken as no limit of the request's own (the server's applies)."""


class BadRequest(Exception):
    """A request that cannot be answered as sent: the answer is 400 with this message."""


@dataclass(frozen=True)
class Job:
    """One request's work, as read from its body: what to answer (``endpoint``) and the
    fields of the body (those it left out keep their defaults). It pickles, to go to a
    worker."""

    endpoint: str
    puzzle: str = ""
    kind: str = "sudoku"
    box: str | None = None
    alphabet: str = "auto"
    limit: int | None = None
    timeout: float | None = None
    techniques: str = "all"
    seed: str | None = None
    symmetry: str = "none"
    minimal: bool = False
    label: str | None = None


def _string(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise BadRequest(f"{name} must be a string, not {_json_type(value)}")
    return value


def _kind(name: str, value: Any) -> str:
    get_kind(_string(name, value))  # an unknown kind: its message names the kinds
    return str(value)


def _box(name: str, value: Any) -> str | None:
    if value is None:
        return None
    Geometry.parse(_string(name, value))
    return str(value)


def _alphabet(name: str, value: Any) -> str:
    if _string(name, value) not in ALPHABETS:
        raise BadRequest(f"{name} must be one of {', '.join(ALPHABETS)}, not {value!r}")
    return str(value)


def _count(name: str, value: Any) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadRequest(f"{name} must be a whole number, 0 or more, not {json.dumps(value)}")
    return value


def _seconds(name: str, value: Any) -> float | None:
    if value is None:
        return None
    if not isinstance(value, int | float) or isinstance(value, bool) or not value >= 0:
        raise BadRequest(f"{name} must be a number of seconds, 0 or more, not {json.dumps(value)}")
    return float(value) if value < HUGE else math.inf


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise BadRequest(f"{name} must be true or false, not {json.dumps(value)}")
    return value


def _one_of(*choices: str) -> Callable[[str, Any], str]:
    def check(name: str, value: Any) -> str:
        if _string(name, value) not in choices:
            raise BadRequest(f"{name} must be one of {', '.join(choices)}, not {value!r}")
        return str(value)

    return check


def _optional_string(name: str, value: Any) -> str | None:
    return None if value is None else _string(name, value)


def _techniques(name: str, value: Any) -> str:
    from satdoku.logic import technique_set

    technique_set(_string(name, value))  # an unknown name: its message names the choices
    return str(value)


@dataclass(frozen=True)
class Field:
    """One field of a request body: its JSON ``schema`` (for the OpenAPI description) and its
    ``check``, which returns the value to keep or raises."""

    name: str
    schema: dict[str, Any]
    check: Callable[[str, Any], Any]


FIELDS = {
    f.name: f
    for f in (
        Field(
            "puzzle",
            {
                "type": "string",
                "description": "The puzzle, in any notation satdoku reads (one line of N*N"
                " characters, a grid one row per line, a jigsaw's rows then its region map,"
                " a killer's cage map then its sums, a table, an f-puzzles or SudokuPad link;"
                " docs/formats.md).",
                "example": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            },
            _string,
        ),
        Field(
            "kind",
            {"type": "string", "enum": list(KINDS), "default": "sudoku"},
            _kind,
        ),
        Field(
            "box",
            {
                "type": ["string", "null"],
                "description": "Box shape RxC, for sizes that are not square numbers.",
                "example": "2x3",
            },
            _box,
        ),
        Field(
            "alphabet",
            {
                "type": "string",
                "enum": list(ALPHABETS),
                "default": "auto",
                "description": "Characters of one-line puzzles above 9x9.",
            },
            _alphabet,
        ),
        Field(
            "limit",
            {
                "type": ["integer", "null"],
                "minimum": 0,
                "description": "Solutions to count, at most.",
            },
            _count,
        ),
        Field(
            "timeout",
            {
                "type": ["number", "null"],
                "minimum": 0,
                "description": "Seconds for the request, counted from its arrival; the"
                " server's own limit applies when this is larger or absent.",
            },
            _seconds,
        ),
        Field(
            "techniques",
            {
                "type": "string",
                "default": "all",
                "description": "Techniques allowed: singles, all, or a comma-separated list of"
                " technique names (docs/logic.md).",
            },
            _techniques,
        ),
        Field(
            "seed",
            {
                "type": ["string", "null"],
                "description": "The seed of a new puzzle: the same seed and fields, the same"
                " puzzle. Left out: a fresh one, given in the answer.",
                "example": "1",
            },
            _optional_string,
        ),
        Field(
            "symmetry",
            {"type": "string", "enum": list(SYMMETRIES), "default": "none"},
            _one_of(*SYMMETRIES),
        ),
        Field(
            "minimal",
            {
                "type": "boolean",
                "default": False,
                "description": "No given can be taken out.",
            },
            _flag,
        ),
        Field(
            "label",
            {
                "type": ["string", "null"],
                "enum": [*LABEL_NAMES, None],
                "description": "Difficulty of the new puzzle, by the logic engine.",
            },
            lambda name, value: None if value is None else _one_of(*LABEL_NAMES)(name, value),
        ),
    )
}
"""Every field an endpoint may take; each :class:`Job` attribute of the same name holds it."""


def read_job(endpoint: str, takes: Sequence[str], body: bytes) -> Job:
    """The :class:`Job` of a request to ``endpoint``, whose fields are ``takes`` (``puzzle``,
    when it is one of them, is required).

    Raises:
        BadRequest: the body is not a JSON object, holds a field ``endpoint`` does not take,
            lacks ``puzzle``, or holds a value that does not fit its field.
    """
    data = _json(body)
    if not isinstance(data, dict):
        raise BadRequest(
            f'the body must be a JSON object such as {{"puzzle": "..."}}, not {_json_type(data)}'
        )
    for name in data:
        if name not in takes:
            raise BadRequest(f"unknown field {name!r}: /api/{endpoint} takes {', '.join(takes)}")
    if "puzzle" in takes and "puzzle" not in data:
        raise BadRequest(f"missing field 'puzzle': /api/{endpoint} takes {', '.join(takes)}")
    values = {}
    for name, value in data.items():
        try:
            values[name] = FIELDS[name].check(name, value)
        except SatdokuError as err:
            raise BadRequest(str(err)) from None
    return Job(endpoint, **values)


def _json(body: bytes) -> Any:
    try:
        return json.loads(body, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise BadRequest(f"bad JSON at line {err.lineno}, column {err.colno}: {err.msg}") from None
    except UnicodeDecodeError:
        raise BadRequest("the body is not UTF-8 text") from None
    except ValueError as err:  # e.g. an integer of more digits than Python converts
        raise BadRequest(f"bad JSON: {err}") from None
    except RecursionError:
        raise BadRequest("bad JSON: nested too deeply") from None


def _no_constant(name: str) -> Any:
    raise BadRequest(f"bad JSON: {name} is not a number JSON knows")


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return "a string"


def effective_timeout(job: Job, limit: float) -> float:
    """The seconds ``job`` gets: what it asked for, at most the server's ``limit``."""
    return limit if job.timeout is None else min(job.timeout, limit)
