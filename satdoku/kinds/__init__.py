"""Puzzle kinds as compositions of constraints: the classic Sudoku (rows, columns and boxes),
and the kinds that add units or sums to it or replace its boxes. Their text formats are read
in :mod:`satdoku.formats`."""
