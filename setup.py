"""The compiled part of satdoku: the DPLL search of ``satdoku.solver.dpll``, the plain
Sudoku search of ``satdoku.solver.bitgrid`` and the proof checker of ``satdoku.proof.checker``
(optional: where they do not build, satdoku runs on python-sat alone, without certificates)."""

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
        Extension(
            "satdoku.proof._rup",
            ["satdoku/proof/_rup.c"],
            optional=True,
        ),
    ]
)
