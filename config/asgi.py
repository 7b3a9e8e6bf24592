"""The ASGI application (uvicorn): Django's, each HTTP request stamped with its arrival
(``common.arrival``) before it waits for anything, the streams opened a few at a time
(``games.live.stream_gate``); no persistent database connections."""

import asyncio
import os
import time
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# No persistent database connections under ASGI: Django keeps a connection per request context, and
# a context ends with its request, so a kept connection would never be used again (nor closed). A
# request opens one and closes it (an open stream holds none: games.live.streams).
os.environ["DB_CONN_MAX_AGE"] = "0"
django_application = get_asgi_application()

from django.conf import settings  # noqa: E402

from config.limits import raise_open_files  # noqa: E402
from config.memory import settle  # noqa: E402
from games.live.stream_gate import STREAM_PATH, OpeningGate  # noqa: E402 - after Django's set-up

# A socket a stream: the soft limit of open files lifted to the hard one (config.limits).
raise_open_files()

# Streams open a few at a time (games.live.stream_gate): a burst of them takes a bounded number of connections.
gated_application = OpeningGate(django_application)
# Every other request runs in a thread of its own with a connection of its own: at most
# ASGI_REQUESTS_AT_ONCE of them at once, the others wait in the event loop (as in a WSGI server's backlog).
_running: asyncio.Semaphore | None = None
# What the process has loaded kept out of the garbage collector's full passes (config.memory).
settle()


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    global _running
    if scope.get("type") != "http":
        await gated_application(scope, receive, send)
        return
    scope = {**scope, "arrived_at": time.time()}  # before any wait: a move is judged at its arrival
    if settings.ASGI_REQUESTS_AT_ONCE <= 0 or STREAM_PATH.match(str(scope.get("path", ""))):
        await gated_application(scope, receive, send)
        return
    if _running is None:  # made in the server's loop
        _running = asyncio.Semaphore(settings.ASGI_REQUESTS_AT_ONCE)
    async with _running:
        await gated_application(scope, receive, send)
