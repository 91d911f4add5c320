"""What the API answers, as typed dictionaries: the records of :mod:`satdoku.formats.records`
(docs/serve.md shows examples). Only the OpenAPI description reads them (through pydantic's
JSON schema); the records themselves are built by the command line's builders."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field
from typing_extensions import NotRequired, Required, TypedDict

from satdoku.status import Status

Line = Annotated[
    str,
    Field(
        description="A grid in one line: a character per cell up to 9 values (. for a blank),"
        " numbers separated by commas above."
    ),
]
Reason = Annotated[str, Field(description="Why there is no answer, in words.")]
Cells = Annotated[list[Annotated[str, Field(examples=["r1c2"])]], Field(description="Cell names.")]
Seconds = Annotated[float, Field(description="Seconds the work took.")]
LogicStatus = Literal[Status.SOLVED, Status.NEEDS_SEARCH, Status.NO_SOLUTION, Status.UNKNOWN]


class Solved(TypedDict):
    """The answer of /api/solve."""

    status: Literal[Status.SOLVED, Status.NO_SOLUTION, Status.UNKNOWN]
    solution: Line | None
    reason: NotRequired[Reason]


class Counted(TypedDict):
    """The answer of /api/count."""

    status: Literal[
        Status.UNIQUE, Status.MULTIPLE, Status.NO_SOLUTION, Status.SOLVED, Status.UNKNOWN
    ]
    count: int
    complete: Annotated[bool, Field(description="False when a limit or the time stopped it.")]
    backend: str
    time: Seconds
    stopped: Literal["limit", "timeout"] | None


class Checked(TypedDict):
    """The answer of /api/unique."""

    status: Literal[Status.UNIQUE, Status.MULTIPLE, Status.NO_SOLUTION, Status.UNKNOWN]
    solutions: Annotated[list[Line], Field(max_length=2)]
    differences: Annotated[Cells, Field(description="The cells where the two solutions differ.")]
    time: Seconds


class Move(TypedDict):
    """A value placed in a cell, or taken out of its candidates."""

    cell: str
    value: int


class Step(TypedDict):
    """One step of a person's solve."""

    technique: str
    difficulty: Annotated[float, Field(description="On the Sudoku Explainer scale.")]
    description: Annotated[str, Field(description="The step in words.")]
    cells: Annotated[Cells, Field(description="The cells of the pattern.")]
    digits: list[int]
    units: list[Annotated[str, Field(examples=["box 4"])]]
    placements: list[Move]
    eliminations: list[Move]


class Rated(TypedDict, total=False):
    """The answer of /api/rate."""

    status: Required[LogicStatus]
    score: float | None
    label: Literal["easy", "medium", "hard", "fiendish"] | None
    hardest: str | None
    hardest_score: float
    steps: int
    placed: int
    histogram: dict[str, int]
    reason: Reason


class Generated(TypedDict, total=False):
    """The answer of /api/generate."""

    status: Required[Literal[Status.SOLVED, Status.UNKNOWN]]
    puzzle: Annotated[
        str, Field(description="The new puzzle, in the text satdoku reads with its kind.")
    ]
    solution: Line
    givens: int
    rating: float | None
    label: str | None
    hardest: str | None
    seed: Annotated[
        str,
        Field(
            description="SEED:0: the run's seed (send it as `seed` to make this puzzle"
            " again) and the puzzle's index in the run."
        ),
    ]
    kind: str
    regions: list[str]
    cages: list[str]
    sums: dict[str, int]
    reason: Reason


class Explained(TypedDict, total=False):
    """The answer of /api/explain."""

    puzzle: Required[Line]
    status: Required[LogicStatus]
    steps: list[Step]
    grid: Annotated[str, Field(description="The grid reached, rows separated by spaces.")]
    reason: Reason
    rating: Rated
    candidates: Annotated[
        dict[str, list[int]],
        Field(description="When stuck: the candidates of each open cell, by name."),
    ]
    solutions: Annotated[Counted, Field(description="When stuck: the solutions counted.")]


class Hinted(TypedDict):
    """The answer of /api/hint."""

    puzzle: Line
    status: LogicStatus
    hint: Step | None
    reason: NotRequired[Reason]
    solutions: NotRequired[
        Annotated[Counted, Field(description="When stuck from the start: the solutions counted.")]
    ]


Reasoned = TypedDict(
    "Reasoned",
    {
        "status": Literal[Status.SOLVED, Status.MULTIPLE, Status.NO_SOLUTION, Status.UNKNOWN],
        "cell": str,
        "digit": NotRequired[Annotated[int, Field(description="The digit the cell holds.")]],
        "not": NotRequired[Annotated[int, Field(description="The digit ruled out.")]],
        "givens": NotRequired[Annotated[Cells, Field(description="The givens of the reason.")]],
        "rules": NotRequired[
            Annotated[list[str], Field(description="The rules of the reason, by name.")]
        ],
        "digits": NotRequired[
            Annotated[list[int], Field(description="Not forced: the digits the cell may take.")]
        ],
        "smallest": NotRequired[
            Annotated[bool, Field(description="Asked for the smallest: proven in time.")]
        ],
        "error": NotRequired[Reason],
        "time": Seconds,
    },
)
"""The answer of /api/why (``not`` is a word Python keeps: the dictionary is spelled out)."""


Consider = Annotated[
    Literal["givens", "rules", "both"], Field(description="What may be taken out.")
]
Weighed = Annotated[int, Field(description="The items that were weighed.")]


class Redundant(TypedDict):
    """The answer of /api/redundant."""

    status: Literal[Status.UNIQUE, Status.MULTIPLE, Status.NO_SOLUTION, Status.UNKNOWN]
    consider: Consider
    redundant: Annotated[
        list[str] | None,
        Field(
            description="The items that can each be taken out alone, by name (a given: its"
            " cell); null unless the puzzle is unique."
        ),
    ]
    weighed: Weighed
    time: Seconds
    reason: NotRequired[Reason]


class Minimal(TypedDict):
    """The answer of /api/minimize."""

    status: Literal[Status.UNIQUE, Status.MULTIPLE, Status.NO_SOLUTION, Status.UNKNOWN]
    puzzle: Annotated[
        str | None,
        Field(
            description="The minimal puzzle, in the notation of its kind where satdoku writes"
            " one (else its givens on one line); null unless the puzzle is unique."
        ),
    ]
    givens: Annotated[int | None, Field(description="The minimal puzzle's givens.")]
    consider: Consider
    seed: Annotated[int | str, Field(description="The seed of the order the items were tried.")]
    weighed: Weighed
    kept: Annotated[int | None, Field(description="The items kept.")]
    removed: Annotated[list[str] | None, Field(description="The items taken out, by name.")]
    time: Seconds
    reason: NotRequired[Reason]


class TrueCandidates(TypedDict):
    """The answer of /api/candidates."""

    status: Literal[Status.UNIQUE, Status.MULTIPLE, Status.NO_SOLUTION, Status.UNKNOWN]
    candidates: Annotated[
        list[list[int]],
        Field(
            description="Per cell, in cell order: the values it takes in some solution (when"
            " the time ran out: in the solutions found so far)."
        ),
    ]
    counts: NotRequired[
        Annotated[
            list[list[int]],
            Field(
                description="With a limit, parallel to candidates: the solutions found holding"
                " each value; a count equal to limit means at least that many."
            ),
        ]
    ]
    limit: NotRequired[int]
    solutions: Annotated[int, Field(description="Distinct solutions met on the way.")]
    time: Seconds
    reason: NotRequired[Reason]


class Unit(TypedDict):
    """A unit of the puzzle: its name and its cells' numbers."""

    name: str
    cells: list[int]


class Rule(TypedDict):
    """The rules of one family, besides rows, columns and boxes."""

    family: Annotated[str, Field(examples=["thermometer"])]
    count: Annotated[
        int,
        Field(
            description="The groups of cells it constrains (a killer cage's sum and its"
            " all-different are one)."
        ),
    ]
    unit: Annotated[
        bool,
        Field(
            description="Whether these rules are all-different units and nothing more (the"
            " step-by-step logic reads only those)."
        ),
    ]


class Drawn(TypedDict):
    """The answer of /api/draw."""

    kind: str
    size: Annotated[int, Field(description="Values 1..size.")]
    rows: int
    cols: int
    box: Annotated[str | None, Field(examples=["3x3"])]
    svg: Annotated[str, Field(description="The picture of `satdoku solve --format svg`.")]
    cell: Annotated[float, Field(description="Pixels of a cell in the picture.")]
    margin: Annotated[
        float,
        Field(
            description="The grid's top-left corner is at (margin, margin) in the picture's"
            " coordinates (outside clues lie before it, at negative coordinates)."
        ),
    ]
    digit_size: Annotated[float, Field(description="Font size of a digit in the picture.")]
    symbols: Annotated[list[str], Field(description="How each value is written, from 1.")]
    cells: Annotated[
        list[Annotated[list[int], Field(min_length=2, max_length=2)]],
        Field(description="Row and column (from 0) of each cell."),
    ]
    names: Annotated[Cells, Field(description="The name of each cell.")]
    givens: Annotated[list[int], Field(description="0: a blank.")]
    units: list[Unit]
    rules: list[Rule]
    candidates: Annotated[
        list[list[int]] | None,
        Field(
            description="The values each cell may take given the givens; null for puzzles"
            " with a rule that is not a unit (sums, lines, dots, ...)."
        ),
    ]
    line: Line
    editable: Annotated[bool, Field(description="Whether `line` reads back as this puzzle.")]


class Error(TypedDict):
    """Every error the API answers."""

    error: Annotated[str, Field(description="What is wrong, in one line.")]
