"""What a client sends and whether it stays: a request's body read within its bounds, and the
client hanging up.

A body past the cap is :class:`TooLarge`. Up to a drain bound it is still read, and dropped,
so that a client that sends its whole body before it reads the answer (urllib, requests) reads
the 413 instead of a reset connection; a body past that bound is refused at once and its
connection is to be closed. A client that closes its connection is :class:`HungUp`, never a
traceback, and :func:`unless_hung_up` cancels the work of a request whose client has gone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

from starlette.requests import ClientDisconnect, Request
from starlette.types import Receive

T = TypeVar("T")


class TooLarge(Exception):
    """A body past the cap; ``drained``: the whole of it was read, so that the connection may
    carry another request."""

    def __init__(self, drained: bool) -> None:
        super().__init__()
        self.drained = drained


class HungUp(Exception):
    """The client closed its connection before its answer."""


async def read_body(request: Request, cap: int, drain: int) -> bytes:
    """The body of ``request``, at most ``cap`` bytes.

    Raises:
        TooLarge: the body passes ``cap``; read to its end when it is ``drain`` bytes at most
            (``drained``), refused as soon as it is known to pass them otherwise.
        HungUp: the client closed the connection before the end of the body.
    """
    bound = max(cap, drain)
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > bound:
        raise TooLarge(drained=False)
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > bound:
                raise TooLarge(drained=False)
            if size <= cap:
                chunks.append(chunk)
    except ClientDisconnect:
        raise HungUp from None
    if size > cap:
        raise TooLarge(drained=True)
    return b"".join(chunks)


async def unless_hung_up(work: Awaitable[T], receive: Receive) -> T:
    """The result of ``work``, run while ``receive`` (a request's, its body read) is watched
    for the client hanging up.

    Raises:
        HungUp: the client closed the connection first; ``work`` was cancelled.
    """
    task = asyncio.ensure_future(work)
    watch = asyncio.ensure_future(_hang_up(receive))
    try:
        await asyncio.wait((task, watch), return_when=asyncio.FIRST_COMPLETED)
    except BaseException:  # cancelled: the server is stopping
        task.cancel()
        raise
    finally:
        watch.cancel()
    if task.done():
        return task.result()
    task.cancel()
    await asyncio.wait((task,))  # let the work's own clean-up run
    raise HungUp


async def _hang_up(receive: Receive) -> None:
    """Return when the client closes the connection."""
    while (await receive())["type"] != "http.disconnect":
        pass
