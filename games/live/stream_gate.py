"""Streams opened a few at a time: the one part of a stream that needs the database is its opening
(the request's authentication, the game, its flag, the stored events after ``Last-Event-ID``), and a
request under ASGI runs in a thread of its own with a connection of its own; a thousand streams
opened in the same second (a round published, a server restarted and every page reconnecting) would
each take one at once, past PostgreSQL's ``max_connections``.

:class:`OpeningGate` wraps the ASGI application (``config.asgi``). A request for a stream address
(:data:`STREAM_PATH`) waits, as a coroutine of the event loop (no thread, no connection), until one
of ``EVENT_STREAMS_OPENING`` places is free, and gives its place back once its first event is sent
(by then ``games.live.streams`` has closed the request's connection and read the storage) or its answer
is complete (a 4xx, a 503). So a process's streams never hold more than ``EVENT_STREAMS_OPENING``
connections while they open, plus the ``EVENT_STREAMS_READERS`` threads reading the storage
(``games.live.streams``): the budget of the scaled setup (docs/deployment.md). A request that waits longer than
``EVENT_STREAMS_OPEN_WAIT`` seconds, or comes when the process holds and awaits
``EVENT_STREAMS_MAX`` streams already, is answered 503 with ``Retry-After``. No other request
waits for a stream's place, so pages answer while streams queue (they have their own bound,
``ASGI_REQUESTS_AT_ONCE``, in ``config.asgi``).

Decision (docs/play.md): a bound on the openings rather than opening without the database. The
opening reads the session or the token, the user, the game and the stored events; keeping those in
Redis would mean a second copy of each (a token revoked, a game ended: stale until the copy
expires) for what a few connections, each held a few milliseconds, give.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from django.conf import settings

from games.live import fanout, streams

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

# The streams' addresses: a game's (page and API), a player's (page and API), a round page's and an
# arbiter's queue's (tournaments/web/urls.py); games/web/urls.py, games/api/play.py, the proxy's
# block in docs/deployment.md (tests/test_docs.py compares). Every address of the site whose route ends
# in ``events/`` is a stream (a test walks the URLs).
STREAM_PATH = re.compile(
    r"^/(?:api/play/(?:[0-9]+/)?events|games/(?:[0-9]+/events|my-events|events/[-\w]+/queue/events)"
    r"|events/[-\w]+/rounds/[0-9]+/events)/$"
)


class OpeningGate:
    """ASGI middleware: at most ``EVENT_STREAMS_OPENING`` streams of the process open at once."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.places: asyncio.Semaphore | None = None
        self.waiting = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope.get("type") != "http"
            or settings.EVENT_STREAMS_OPENING <= 0
            or not STREAM_PATH.match(str(scope.get("path", "")))
        ):
            await self.app(scope, receive, send)
            return
        if self.places is None:  # made in the server's loop, on the first stream
            self.places = asyncio.Semaphore(settings.EVENT_STREAMS_OPENING)
        if not await self._enter(self.places):
            await refuse(scope, send)
            return
        held = True

        def leave() -> None:
            nonlocal held
            if held:
                held = False
                assert self.places is not None
                self.places.release()

        async def sending(message: Message) -> None:
            if message.get("type") == "http.response.body":
                leave()  # the stream's first event (or the whole answer): its opening is done
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            leave()

    async def _enter(self, places: asyncio.Semaphore) -> bool:
        """Wait for a place: False when the process is full or the wait is too long."""
        if fanout.hub.open + self.waiting >= settings.EVENT_STREAMS_MAX:
            return False
        self.waiting += 1
        try:
            await asyncio.wait_for(places.acquire(), settings.EVENT_STREAMS_OPEN_WAIT)
        except TimeoutError:
            return False
        finally:
            self.waiting -= 1
        return True


async def refuse(scope: Scope, send: Send) -> None:
    """The streams' 503 (``games.live.streams.refused_at``), sent before Django sees the request."""
    response = streams.refused_at(str(scope.get("path", "")))
    headers = [(name.lower().encode(), value.encode()) for name, value in response.items()]
    await send({"type": "http.response.start", "status": response.status_code, "headers": headers})
    await send({"type": "http.response.body", "body": response.content})
