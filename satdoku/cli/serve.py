"""``satdoku serve``: the web page and the JSON API (docs/serve.md), with uvicorn."""

from __future__ import annotations

import errno
import socket
import sys
from contextlib import suppress

import click

from satdoku.batch import MAX_JOBS
from satdoku.cli.options import timeout_option
from satdoku.errors import UsageError
from satdoku.extras import require
from satdoku.status import Exit
from satdoku.web.settings import BODY_TIMEOUT, HEADER_TIMEOUT, QUEUE, TIMEOUT, Settings


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--workers",
    type=click.IntRange(min=0, max=MAX_JOBS),
    default=0,
    metavar="N",
    help="Worker processes that solve (default: one per core; at most four per CPU).",
)
@timeout_option(
    f"The most seconds a request may take (default {TIMEOUT:g}); a request's own timeout"
    " may be lower. Past it the status is unknown."
)
@click.option(
    "--queue",
    type=click.IntRange(min=0),
    default=QUEUE,
    show_default=True,
    metavar="N",
    help="Requests that may wait for a worker; past them the answer is 503.",
)
@click.option(
    "--body-timeout",
    type=click.FloatRange(min=0, min_open=True, max=1e7),
    default=BODY_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="The most seconds a client may take to send a request's body; past them the"
    " answer is 408 and the connection is closed.",
)
@click.option(
    "--header-timeout",
    type=click.FloatRange(min=0, min_open=True, max=1e7),
    default=HEADER_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="The most seconds a client may take to send a request's line and headers; past"
    " them the connection is closed (after a 408 when part of them came).",
)
@click.option("-q", "--quiet", is_flag=True, help="Log warnings only, not every request.")
def serve_command(
    host: str,
    port: int,
    workers: int,
    timeout: float | None,
    queue: int,
    body_timeout: float,
    header_timeout: float,
    quiet: bool,
) -> int:
    """Serve the page and the JSON API at http://HOST:PORT/ until Ctrl-C.

    The page enters, solves, counts, checks, explains and rates a puzzle; the API answers
    POST /api/solve, /api/count, /api/unique, /api/explain, /api/hint and /api/rate with the
    records of --format json (described at /api/openapi.json). Each request runs in a worker
    process within the time limit.

    \b
    Examples:
      satdoku serve
      satdoku serve --port 8080 --workers 4 --timeout 30
      curl -d '{"puzzle": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}' localhost:8000/api/solve
    """
    uvicorn = require("uvicorn", "web", "serve")
    require("starlette", "web", "serve")
    require("pydantic", "web", "serve")
    from satdoku.web.app import create_app
    from satdoku.web.protocol import head_timeout_protocol

    settings = Settings(
        workers=workers,
        timeout=TIMEOUT if timeout is None else timeout,
        queue=queue,
        body_timeout=body_timeout,
        header_timeout=header_timeout,
    )
    listening = _listen(host, port)
    app = create_app(settings)
    if not quiet:
        where = f"[{host}]" if ":" in host else host
        click.echo(
            f"satdoku serve: http://{where}:{listening.getsockname()[1]}/ ({settings.workers}"
            f" workers, requests up to {settings.timeout:g} s; Ctrl-C stops)",
            err=True,
        )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=head_timeout_protocol(settings.header_timeout),
        log_level="warning" if quiet else "info",
        access_log=not quiet,
        timeout_graceful_shutdown=int(settings.timeout + settings.grace),
    )
    with listening, suppress(KeyboardInterrupt):  # Ctrl-C stops the server: not a failure
        uvicorn.Server(config).run(sockets=[listening])
    return Exit.OK


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` as uvicorn binds one (an address in use, or
    one this machine does not have, is one :class:`UsageError`)."""
    listening = socket.socket(family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
    except OSError as err:
        listening.close()
        where = f"cannot listen on {host} port {port}"
        if err.errno == errno.EADDRINUSE:
            raise UsageError(
                f"port {port} is in use ({where}; --port 0 takes a free one)"
            ) from None
        raise UsageError(f"{where}: {err.strerror}") from None
    listening.set_inheritable(True)
    return listening


if __name__ == "__main__":
    from satdoku.cli import COMMANDS, main

    COMMANDS.setdefault("serve", f"{__spec__.name}:serve_command")
    main(["serve", *sys.argv[1:]])
