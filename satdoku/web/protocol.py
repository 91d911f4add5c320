"""The HTTP protocol of ``satdoku serve``: uvicorn's h11 protocol with a time limit on each
request's head (its request line and headers).

uvicorn bounds the wait between requests (``timeout_keep_alive``) but not a head on its way:
any byte received stops its keep-alive timer, so a client that sends half a request line holds
its connection for as long as it stays. Here a connection's next head must be whole within
``seconds`` of the connection's opening or of the end of the previous answer; past them a
client that sent part of one reads a 408, and the connection is closed.
"""

from __future__ import annotations

import asyncio
import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


def head_timeout_protocol(seconds: float) -> type[H11Protocol]:
    """uvicorn's h11 protocol, closing a connection whose request head takes past ``seconds``
    (for ``uvicorn.Config(http=...)``)."""

    class HeadTimeoutProtocol(H11Protocol):
        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._wait_for_head()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:
                self._stop_waiting()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self._wait_for_head()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            super().connection_lost(exc)

        def _wait_for_head(self) -> None:
            self._stop_waiting()
            self._head_timer = self.loop.call_later(seconds, self._head_late)

        def _stop_waiting(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_late(self) -> None:
            self._head_timer = None
            if self.conn.their_state is not h11.IDLE or self.transport.is_closing():
                return
            if self.conn.trailing_data[0]:  # part of a head came
                self.transport.write(late_head(seconds))
            self.transport.close()

    return HeadTimeoutProtocol


def late_head(seconds: float) -> bytes:
    """The 408 answer to a head not whole within ``seconds``, after which the connection
    closes."""
    body = json.dumps({"error": f"the request's head did not arrive within {seconds:g} s"})
    return (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body) + 1}\r\nconnection: close\r\n\r\n{body}\n"
    ).encode()
