"""The OpenAPI schema's one rule for error answers: which statuses every operation may give.

drf-spectacular documents the success answer of each operation from its serializers; the errors come
from layers it cannot see (the request guard, authentication, permissions, throttling, lookups, the
services' refusals). This schema class adds them, all with the same body: ``{"detail": "..."}`` or,
for a refused request body, one list of messages per field.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema

ERROR_BODY: dict[str, Any] = {
    "type": "object",
    "description": "What went wrong: `detail`, or one list of messages per refused field.",
    "properties": {"detail": {"type": "string"}},
    "additionalProperties": {},
}

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def error_statuses(method: str, path: str, query: frozenset[str] | set[str] = frozenset()) -> dict[str, str]:
    """The error statuses an operation documents, with what each means (``query``: the names of
    its documented query parameters)."""
    statuses = {
        "400": "The request is malformed: the message names the problem.",
        "503": "The database cannot be reached for a moment; nothing was stored: send the request "
        "again after the seconds of the Retry-After header.",
    }
    if "{" in path:
        statuses["404"] = "No such object, or not visible to this user."
    if "format" in query:
        statuses["404"] = "No such format."
    if method not in SAFE_METHODS:
        statuses["401"] = "Not signed in: send a session cookie, Basic credentials or a token."
        statuses["403"] = "Signed in, but this user may not do this."
        statuses["409"] = "The object is not in a state that allows this (e.g. the round is closed)."
        statuses["429"] = "Too many requests: wait as long as the Retry-After header says."
    return statuses


class ServiceAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        query = {p["name"] for p in self._get_parameters() if p.get("in") == "query"}
        for code, meaning in error_statuses(self.method, self.path, query).items():
            if code not in responses:
                responses[code] = {
                    "description": meaning,
                    "content": {"application/json": {"schema": ERROR_BODY}},
                }
        return responses
