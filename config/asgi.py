"""The ASGI application (uvicorn): Django's, each HTTP request stamped with its arrival
(``common.arrival``) before it waits for anything, the streams opened a few at a time
(``games.stream_gate``); no persistent database connections."""

import os
import time
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# No persistent database connections under ASGI: Django keeps a connection per request context, and
# a context ends with its request, so a kept connection would never be used again (nor closed). A
# request opens one and closes it (an open stream holds none: games.streams).
os.environ["DB_CONN_MAX_AGE"] = "0"
django_application = get_asgi_application()

from games.stream_gate import OpeningGate  # noqa: E402 - after Django's set-up

# Streams open a few at a time (games.stream_gate): a burst of them takes a bounded number of connections.
gated_application = OpeningGate(django_application)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope.get("type") == "http":
        scope = {**scope, "arrived_at": time.time()}
    await gated_application(scope, receive, send)
