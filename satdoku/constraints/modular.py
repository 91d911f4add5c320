"""Modular line: any ``modulus`` cells in a row along the line hold values of different
residues modulo ``modulus``."""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.constraints.classline import ClassLine
from satdoku.targets import Canvas


@dataclass(frozen=True)
class Modular(ClassLine):
    """Cells fewer than ``modulus`` apart along ``cells`` hold values of different residues
    modulo ``modulus`` (with 3: one of 1 4 7, one of 2 5 8 and one of 3 6 9 in any three in a
    row); a line shorter than ``modulus`` keeps all its residues different.

    ISS: ``.Modular~3~R1C1~R1C2...``; the argument is the modulus (ISS always writes it; its
    editor offers 5)."""

    cells: tuple[int, ...]
    modulus: int = 3
    name: str = "modular line"
    family: str = "modular"

    @property
    def span(self) -> int:
        return self.modulus

    @property
    def clash(self) -> str:
        return f"repeat a residue modulo {self.modulus}"

    def value_class(self, value: int) -> int:
        return value % self.modulus

    def draw(self, canvas: Canvas) -> None:
        canvas.line(self.cells, "modular")
