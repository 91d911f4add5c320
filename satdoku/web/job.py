"""A request's body read into a :class:`Job`, a pydantic model that declares every field an
endpoint may take once: its type, its check and its JSON schema (for the OpenAPI description).

Bad JSON, an unknown field or a bad value is one :class:`BadRequest` with a one-line message
(the command line's own message where it has one). Reading is cheap and runs on the event
loop; the puzzle text is parsed later, in a worker.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
)
from pydantic_core import ErrorDetails

from satdoku.errors import SatdokuError
from satdoku.formats.kinds import KINDS, get_kind
from satdoku.generate.digging import SYMMETRIES
from satdoku.geometry import Geometry
from satdoku.setter import CONSIDER

ALPHABETS = ("auto", "1-9A-Z", "0-F")
LABEL_NAMES = ("easy", "medium", "hard", "fiendish", "needs_search")


class BadRequest(Exception):
    """A request that cannot be answered as sent: the answer is 400 with this message."""


def _one_of(choices: Sequence[str]) -> AfterValidator:
    """A check that a string is one of ``choices``; otherwise :class:`BadRequest` naming them."""

    def check(value: str, info: ValidationInfo) -> str:
        if value not in choices:
            raise BadRequest(
                f"{info.field_name} must be one of {', '.join(choices)}, not {value!r}"
            )
        return value

    return AfterValidator(check)


def _enum(choices: Iterable[str]) -> Any:
    """The JSON schema's list of the values a string may take."""
    return Field(json_schema_extra={"enum": [*choices]})


def _kind(value: str) -> str:
    get_kind(value)  # an unknown kind: its message names the kinds
    return value


def _box(value: str) -> str:
    Geometry.parse(value)
    return value


def _techniques(value: str) -> str:
    from satdoku.logic import technique_set

    technique_set(value)  # an unknown name: its message names the choices
    return value


Kind = Annotated[str, AfterValidator(_kind), _enum(KINDS)]
Box = Annotated[str, AfterValidator(_box)]
Alphabet = Annotated[str, _one_of(ALPHABETS), _enum(ALPHABETS)]
Techniques = Annotated[str, AfterValidator(_techniques)]
Symmetry = Annotated[str, _one_of(SYMMETRIES), _enum(SYMMETRIES)]
Label = Annotated[str, _one_of(LABEL_NAMES), _enum(LABEL_NAMES)]
Consider = Annotated[str, _one_of(CONSIDER), _enum(CONSIDER)]

MUST = {
    "limit": "a whole number, 0 or more",
    "timeout": "a number of seconds, 0 or more",
    "minimal": "true or false",
    "not": "a whole number",
    "smallest": "true or false",
}
"""What a field that is not a string must hold, as its message says it."""


class Job(BaseModel):
    """One request's work: what to answer (``endpoint``) and the fields of its body (those
    it left out keep their defaults). JSON types are kept as they are (no ``"5"`` for 5). It
    pickles, to go to a worker."""

    model_config = ConfigDict(strict=True, frozen=True)

    endpoint: str
    puzzle: str = Field(
        default="",
        description="The puzzle, in any notation satdoku reads (one line of N*N characters,"
        " a grid one row per line, a jigsaw's rows then its region map, a killer's cage map"
        " then its sums, a table, an f-puzzles or SudokuPad link; docs/formats.md).",
        examples=[
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        ],
    )
    kind: Kind = "sudoku"
    box: Box | None = Field(
        default=None,
        description="Box shape RxC, for sizes that are not square numbers.",
        examples=["2x3"],
    )
    alphabet: Alphabet = Field(
        default="auto", description="Characters of one-line puzzles above 9x9."
    )
    limit: int | None = Field(
        default=None,
        ge=0,
        description="Solutions to count, at most (candidates: per value of a cell, 1 or more).",
    )
    timeout: float | None = Field(
        default=None,
        ge=0,
        description="Seconds for the request, counted from its arrival; the server's own limit"
        " applies when this is larger or absent.",
    )
    techniques: Techniques = Field(
        default="all",
        description="Techniques allowed: singles, all, or a comma-separated list of technique"
        " names (docs/logic.md).",
    )
    seed: str | None = Field(
        default=None,
        description="The seed of a new puzzle: the same seed and fields, the same puzzle. Left"
        " out: a fresh one, given in the answer. For /api/minimize: the order the items are"
        " tried in (left out: 0).",
        examples=["1"],
    )
    symmetry: Symmetry = "none"
    minimal: bool = Field(default=False, description="No given can be taken out.")
    label: Label | None = Field(
        default=None, description="Difficulty of the new puzzle, by the logic engine."
    )
    cell: str | None = Field(
        default=None,
        description="The cell to explain, r{row}c{column} from 1 (required by /api/why).",
        examples=["r5c3"],
    )
    not_digit: int | None = Field(
        default=None,
        alias="not",
        description="Why the cell cannot hold this digit, instead of why it holds its own.",
    )
    smallest: bool = Field(
        default=False, description="A reason with the fewest givens and rules, within the time."
    )
    consider: Consider = Field(
        default="givens",
        description="What the setter tools may take out: the givens, the rule instances"
        " (cages, dots, arrows, lines, outside clues: every rule but the rows, columns, boxes"
        " and regions), or both.",
    )


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
    try:
        return Job.model_validate({**data, "endpoint": endpoint})
    except ValidationError as err:
        raise BadRequest(_message(err.errors()[0])) from None
    except SatdokuError as err:
        raise BadRequest(str(err)) from None


def _message(error: ErrorDetails) -> str:
    """The one line of the first value that does not fit its field."""
    name, value = str(error["loc"][0]), error["input"]
    if name in MUST:
        return f"{name} must be {MUST[name]}, not {json.dumps(value)}"
    return f"{name} must be a string, not {_json_type(value)}"


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
