"""``satdoku serve``: a web page to enter, solve, check and learn from a puzzle, and the JSON
API under it (the ``web`` extra: Starlette, pydantic and uvicorn).

    from satdoku.web import Settings, create_app
    app = create_app(Settings(workers=2))     # an ASGI application

Requests are read and checked on the event loop (:mod:`satdoku.web.job`); the work runs in
a bounded pool of worker processes (:mod:`satdoku.web.pool`), each request under a time limit;
what each endpoint answers is in :mod:`satdoku.web.endpoints`, built from the same records as
the command line's JSON. Only this package's ``app`` module needs Starlette.
"""

from satdoku.web.settings import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> object:
    if name != "create_app":
        raise AttributeError(f"module 'satdoku.web' has no attribute {name!r}")
    from satdoku.web.app import create_app

    return create_app
