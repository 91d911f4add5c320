"""One puzzle of an input as a reader gives it: where it starts, its text, and the puzzle or
the error that kept it from parsing."""

from __future__ import annotations

from satdoku.errors import SatdokuError
from satdoku.geometry import Geometry
from satdoku.kinds.classic import sudoku
from satdoku.model import Puzzle


class Record:
    """One puzzle of an input: where it starts, its text, the puzzle or the parse error, and
    the key of its table row (None outside tables). Readers make it whole; nothing changes it
    after (its puzzle is made at most once).

    A reader may give, instead of the puzzle, ``plain``: the box shape and the givens (a byte
    per cell) of a plain Sudoku, whose :class:`Puzzle` is then made when first asked for (a
    batch hands the givens to the search without one).
    """

    __slots__ = ("_puzzle", "error", "key", "line", "plain", "text")

    line: int
    text: str
    error: SatdokuError | None
    key: str | None
    plain: tuple[tuple[int, int], bytes] | None
    """(box rows, box columns) and the givens of a plain Sudoku, when the reader gave them."""

    def __init__(
        self,
        line: int,
        text: str,
        puzzle: Puzzle | None = None,
        error: SatdokuError | None = None,
        key: str | None = None,
        plain: tuple[tuple[int, int], bytes] | None = None,
    ) -> None:
        self.line = line
        self.text = text
        self._puzzle = puzzle
        self.error = error
        self.key = key
        self.plain = plain

    @property
    def puzzle(self) -> Puzzle | None:
        """The puzzle; None when the text did not parse."""
        if self._puzzle is None and self.plain is not None:
            (rows, cols), givens = self.plain
            self._puzzle = sudoku(Geometry(rows, cols), givens)
        return self._puzzle

    def _fields(self) -> tuple[object, ...]:
        return (self.line, self.text, self.puzzle, self.error, self.key)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        line, text, puzzle, error, key = self._fields()
        return (
            f"Record(line={line!r}, text={text!r}, puzzle={puzzle!r}, error={error!r}, key={key!r})"
        )
