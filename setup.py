"""The compiled part of satdoku: the DPLL search of ``satdoku.solver.dpll`` and
the plain Sudoku search of ``satdoku.solver.bitgrid`` (optional: where
it does not build, satdoku runs on python-sat alone)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "satdoku.solver._dpll",
            ["satdoku/solver/_dpll.c"],
            optional=True,
        ),
        Extension(
            "satdoku.solver._bitgrid",
            ["satdoku/solver/_bitgrid.c"],
            optional=True,
        ),
    ]
)
