"""The ASGI application: the page and its files, ``POST /api/{endpoint}`` for each endpoint,
``GET /api/openapi.json`` and ``GET /api/status``.

A request's body is read up to the cap (413 beyond it; :mod:`satdoku.web.connection`) within
the body time limit (408) and checked on the event loop (400 with the one-line message); the
work goes to the worker pool (503 with ``Retry-After`` when it is full) and is cancelled when
the client hangs up. Every error is ``{"error": "..."}``. The page's files are read from the
package once, when the application is made: no request reads or writes a file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from satdoku.deadline import Deadline
from satdoku.web.connection import HungUp, TooLarge, read_body, unless_hung_up
from satdoku.web.endpoints import ENDPOINTS, Endpoint
from satdoku.web.job import BadRequest, effective_timeout, read_job
from satdoku.web.openapi import OPENAPI_PATH, openapi
from satdoku.web.pool import Busy, WorkerDied, WorkerPool
from satdoku.web.settings import Settings

ASSETS = {
    "index.html": "text/html; charset=utf-8",
    "satdoku.css": "text/css; charset=utf-8",
    "picture.css": "text/css; charset=utf-8",
    "satdoku.js": "text/javascript; charset=utf-8",
    "api.js": "text/javascript; charset=utf-8",
    "grid.js": "text/javascript; charset=utf-8",
    "input.js": "text/javascript; charset=utf-8",
    "link.js": "text/javascript; charset=utf-8",
    "play.js": "text/javascript; charset=utf-8",
    "puzzle.js": "text/javascript; charset=utf-8",
    "rules.js": "text/javascript; charset=utf-8",
    "state.js": "text/javascript; charset=utf-8",
    "truth.js": "text/javascript; charset=utf-8",
    "walk.js": "text/javascript; charset=utf-8",
}
"""The page's files (``satdoku/web/static``) and their media types."""

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self';"
    " img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none';"
    " frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
"""Headers of every response: the page loads nothing from anywhere but this server."""
CLOSE = {"Connection": "close"}
"""The header of an answer after which the connection is closed (its body is not all read)."""

logger = logging.getLogger(__name__)


def json_response(status: int, record: Any, headers: Mapping[str, str] | None = None) -> Response:
    """``record`` as one line of JSON, written as the command line writes its records."""
    return Response(json.dumps(record) + "\n", status, headers, "application/json")


def error(status: int, message: str, headers: Mapping[str, str] | None = None) -> Response:
    return json_response(status, {"error": message}, headers)


def hung_up(request: Request, when: str) -> Response:
    """One line of the log for a client that closed its connection; the answer is for no one
    (499, "client closed request", as proxies log it)."""
    client = request.client
    who = f"{client.host}:{client.port}" if client else "a client"
    logger.info("%s hung up on %s %s", who, request.url.path, when)
    return Response(status_code=499)


def create_app(settings: Settings | None = None) -> Starlette:
    """The application of a server with ``settings`` (defaults: :class:`Settings`). Its
    lifespan starts and stops the worker pool (``app.state.pool``)."""
    settings = settings or Settings()
    pool = WorkerPool(settings)
    static = files("satdoku.web") / "static"
    assets = {name: (static / name).read_bytes() for name in ASSETS}
    description = openapi(settings)

    def api(endpoint: Endpoint) -> Callable[[Request], Awaitable[Response]]:
        async def answer(request: Request) -> Response:
            arrived = time.monotonic()
            try:
                body = await asyncio.wait_for(
                    read_body(request, settings.max_body, settings.max_drain),
                    settings.body_timeout,
                )
                job = read_job(endpoint.name, endpoint.takes, body)
            except TooLarge as err:
                too_large = f"the body is larger than {settings.max_body} bytes"
                return error(413, too_large, None if err.drained else CLOSE)
            except asyncio.TimeoutError:
                late = f"the body did not arrive within {settings.body_timeout:g} s"
                return error(408, late, CLOSE)
            except BadRequest as err:
                return error(400, str(err))
            except HungUp:
                return hung_up(request, "before the end of its body")
            deadline = Deadline(effective_timeout(job, settings.timeout), arrived)
            try:
                found = await unless_hung_up(pool.run(job, deadline), request.receive)
            except HungUp:
                return hung_up(request, "before its answer")
            except Busy as err:
                return error(503, str(err), {"Retry-After": str(err.retry_after)})
            except WorkerDied as err:
                return error(500, str(err))
            return json_response(found.status, found.record)

        return answer

    async def page(request: Request) -> Response:
        name = request.path_params.get("name", "index.html")
        if name not in assets:
            raise HTTPException(404, f"no such file: {name}")
        return Response(assets[name], media_type=ASSETS[name])

    async def api_description(request: Request) -> Response:
        return json_response(200, description)

    async def status(request: Request) -> Response:
        return json_response(200, pool.status())

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return error(exc.status_code, exc.detail, exc.headers)

    async def internal_error(request: Request, exc: Exception) -> Response:
        return error(500, f"internal error: {type(exc).__name__}")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await pool.start()
        try:
            yield
        finally:
            pool.close()

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/static/{name}", page, methods=["GET"]),
        Route(OPENAPI_PATH, api_description, methods=["GET"]),
        Route("/api/status", status, methods=["GET"]),
        *(Route(f"/api/{e.name}", api(e), methods=["POST"]) for e in ENDPOINTS.values()),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: http_error, Exception: internal_error},
        lifespan=lifespan,
    )
    app.add_middleware(SecurityHeaders)
    app.state.pool = pool
    return app


class SecurityHeaders:
    """Adds :data:`HEADERS` to every response that does not set them itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, sending)
