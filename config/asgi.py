"""The ASGI application (uvicorn): Django's, each HTTP request stamped with its arrival
(``config.arrival``) before it waits for anything."""

import os
import time
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope.get("type") == "http":
        scope = {**scope, "arrived_at": time.time()}
    await django_application(scope, receive, send)
