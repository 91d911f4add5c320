"""JSON schemas of the API's answers, for its OpenAPI description (the records of
:mod:`satdoku.formats.records`; docs/serve.md shows examples)."""

from __future__ import annotations

from typing import Any

from satdoku.status import Status

Schema = dict[str, Any]


def _object(required: tuple[str, ...], **properties: Schema) -> Schema:
    return {"type": "object", "required": list(required), "properties": properties}


def _status(*statuses: Status) -> Schema:
    return {"type": "string", "enum": [s.value for s in statuses]}


LINE: Schema = {
    "type": "string",
    "description": "A grid in one line: a character per cell up to 9 values (. for a blank),"
    " numbers separated by commas above.",
}
NULLABLE_LINE: Schema = {"type": ["string", "null"], "description": LINE["description"]}
REASON: Schema = {"type": "string", "description": "Why there is no answer, in words."}
CELLS: Schema = {"type": "array", "items": {"type": "string", "example": "r1c2"}}
SECONDS: Schema = {"type": "number", "description": "Seconds the work took."}

SOLVE = _object(
    ("status", "solution"),
    status=_status(Status.SOLVED, Status.NO_SOLUTION, Status.UNKNOWN),
    solution=NULLABLE_LINE,
    reason=REASON,
)

COUNT = _object(
    ("status", "count", "complete", "backend", "time", "stopped"),
    status=_status(
        Status.UNIQUE, Status.MULTIPLE, Status.NO_SOLUTION, Status.SOLVED, Status.UNKNOWN
    ),
    count={"type": "integer"},
    complete={"type": "boolean", "description": "False when a limit or the time stopped it."},
    backend={"type": "string"},
    time=SECONDS,
    stopped={"type": ["string", "null"], "enum": ["limit", "timeout", None]},
)

UNIQUE = _object(
    ("status", "solutions", "differences", "time"),
    status=_status(Status.UNIQUE, Status.MULTIPLE, Status.NO_SOLUTION, Status.UNKNOWN),
    solutions={"type": "array", "items": LINE, "maxItems": 2},
    differences={**CELLS, "description": "The cells where the two solutions differ."},
    time=SECONDS,
)

MOVES: Schema = {
    "type": "array",
    "items": _object(("cell", "value"), cell={"type": "string"}, value={"type": "integer"}),
}

STEP = _object(
    ("technique", "difficulty", "description", "cells", "digits", "units"),
    technique={"type": "string"},
    difficulty={"type": "number", "description": "On the Sudoku Explainer scale."},
    description={"type": "string", "description": "The step in words."},
    cells={**CELLS, "description": "The cells of the pattern."},
    digits={"type": "array", "items": {"type": "integer"}},
    units={"type": "array", "items": {"type": "string", "example": "box 4"}},
    placements=MOVES,
    eliminations=MOVES,
)

RATE = _object(
    ("status",),
    status=_status(Status.SOLVED, Status.NEEDS_SEARCH, Status.NO_SOLUTION, Status.UNKNOWN),
    score={"type": ["number", "null"]},
    label={"type": ["string", "null"], "enum": ["easy", "medium", "hard", "fiendish", None]},
    hardest={"type": ["string", "null"]},
    hardest_score={"type": "number"},
    steps={"type": "integer"},
    placed={"type": "integer"},
    histogram={"type": "object", "additionalProperties": {"type": "integer"}},
    reason=REASON,
)

GENERATE = _object(
    ("status",),
    status=_status(Status.SOLVED, Status.UNKNOWN),
    puzzle={
        "type": "string",
        "description": "The new puzzle, in the text satdoku reads with its kind.",
    },
    solution=LINE,
    givens={"type": "integer"},
    rating={"type": ["number", "null"]},
    label={"type": ["string", "null"]},
    hardest={"type": ["string", "null"]},
    seed={
        "type": "string",
        "description": "SEED:0: the run's seed (send it as `seed` to make this puzzle again)"
        " and the puzzle's index in the run.",
    },
    kind={"type": "string"},
    regions={"type": "array", "items": {"type": "string"}},
    cages={"type": "array", "items": {"type": "string"}},
    sums={"type": "object", "additionalProperties": {"type": "integer"}},
    reason=REASON,
)

LOGIC_STATUS = _status(Status.SOLVED, Status.NEEDS_SEARCH, Status.NO_SOLUTION, Status.UNKNOWN)

EXPLAIN = _object(
    ("puzzle", "status"),
    puzzle=LINE,
    status=LOGIC_STATUS,
    steps={"type": "array", "items": STEP},
    grid={"type": "string", "description": "The grid reached, rows separated by spaces."},
    reason=REASON,
    rating=RATE,
    candidates={
        "type": "object",
        "description": "When stuck: the candidates of each open cell, by name.",
        "additionalProperties": {"type": "array", "items": {"type": "integer"}},
    },
    solutions={**COUNT, "description": "When stuck: the solutions counted."},
)

HINT = _object(
    ("puzzle", "status", "hint"),
    puzzle=LINE,
    status=LOGIC_STATUS,
    hint={"oneOf": [STEP, {"type": "null"}]},
    reason=REASON,
    solutions={**COUNT, "description": "When stuck from the start: the solutions counted."},
)

DRAW = _object(
    ("kind", "size", "svg", "cell", "margin", "digit_size", "cells", "names", "givens", "units"),
    kind={"type": "string"},
    size={"type": "integer", "description": "Values 1..size."},
    rows={"type": "integer"},
    cols={"type": "integer"},
    box={"type": ["string", "null"], "example": "3x3"},
    svg={"type": "string", "description": "The picture of `satdoku solve --format svg`."},
    cell={"type": "number", "description": "Pixels of a cell in the picture."},
    margin={"type": "number", "description": "Pixels from the picture's edge to the grid."},
    digit_size={"type": "number", "description": "Font size of a digit in the picture."},
    symbols={
        "type": "array",
        "items": {"type": "string"},
        "description": "How each value is written, from 1.",
    },
    cells={
        "type": "array",
        "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        "description": "Row and column (from 0) of each cell.",
    },
    names={**CELLS, "description": "The name of each cell."},
    givens={"type": "array", "items": {"type": "integer"}, "description": "0: a blank."},
    units={
        "type": "array",
        "items": _object(
            ("name", "cells"),
            name={"type": "string"},
            cells={"type": "array", "items": {"type": "integer"}},
        ),
    },
    candidates={
        "type": ["array", "null"],
        "items": {"type": "array", "items": {"type": "integer"}},
        "description": "The values each cell may take given the givens; null for puzzles"
        " with sums.",
    },
    line=LINE,
    editable={"type": "boolean", "description": "Whether `line` reads back as this puzzle."},
)

ERROR = _object(("error",), error={"type": "string", "description": "What is wrong, in one line."})
