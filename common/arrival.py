"""When a request arrived: the moment a move is judged at, so that the time it waits in the server
(for a worker thread, for the game's lock) is not charged to the mover's clock (``games.play.service``).

Under ASGI (uvicorn) the server's application (``config.asgi``) stamps the connection's scope as the
request comes in, before it waits for a thread; under WSGI :class:`ArrivalMiddleware`, the first
middleware, stamps the request. :func:`arrival` reads either; a request never stamped (a test's,
a command's) is taken as arriving now.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

SCOPE_KEY = "arrived_at"  # seconds since the epoch (time.time()), set by config.asgi


def arrival(request: object) -> datetime:
    """The moment ``request`` (an ``HttpRequest`` or DRF's ``Request``) arrived; now if unknown."""
    stamped = getattr(request, "arrived_at", None)
    return stamped if isinstance(stamped, datetime) else timezone.now()


class ArrivalMiddleware:
    """Stamps ``request.arrived_at``: the ASGI scope's stamp when there is one, else now."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        scope = getattr(request, "scope", None)
        stamp = scope.get(SCOPE_KEY) if isinstance(scope, dict) else None
        now = timezone.now()
        if isinstance(stamp, float):
            # never later than now (the same clock unless a test froze Django's)
            request.arrived_at = min(datetime.fromtimestamp(stamp, tz=UTC), now)  # type: ignore[attr-defined]
        else:
            request.arrived_at = now  # type: ignore[attr-defined]
        return self.get_response(request)
