"""The one error body of the API, shared by every app's edge below ``config``: whoever answers an
API request with an error (``config.errors``' handler and middleware, the replay check of
``games.api.views``, the streams' 503 of ``games.live.streams``) writes it with :func:`error_body`.
Pure: no Django.
"""

from __future__ import annotations


def error_body(code: str, detail: object, **more: object) -> dict[str, object]:
    """The one error body of every 4xx and 5xx answer of the API (``config.openapi.ERROR_BODY``):
    ``code``, ``detail`` (in the request's language) and what the error concerns (``fields``: one list
    of messages per refused field; a move's ``ply`` and ``move`` ...)."""
    return {"code": code, "detail": str(detail), **more}


# The error body's own members (``config.openapi.ERROR_BODY``): a refused field of the same name (a
# ``reason``, a ``move``) is named in ``fields`` only, never in their place.
BODY_MEMBERS = frozenset({"code", "detail", "fields", "ply", "move", "reason", "would"})
