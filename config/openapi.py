"""The OpenAPI schema's one rule for error answers: which statuses every operation may give; and
the token scope each operation needs (``accounts.policy.SCOPES``: ``x-token-scope`` and a line of its
description).

drf-spectacular documents the success answer of each operation from its serializers; the errors come
from layers it cannot see (the request guard, authentication, permissions, throttling, lookups, the
services' refusals). This schema class adds them, and gives every error answer an operation documents
(its own descriptions included) the one error body of ``common.answers.error_body``: ``code``,
``detail`` in the user's language, and what it concerns (``fields``; a move's ``ply`` and ``move``).
"""

from __future__ import annotations

import re
from typing import Any

from django.urls import Resolver404, resolve
from drf_spectacular.openapi import AutoSchema
from rest_framework.permissions import IsAuthenticated

from accounts import policy

ERROR_BODY: dict[str, Any] = {
    "type": "object",
    "description": "What went wrong: `code` (for programs: `invalid`, `not_authenticated`, "
    "`authentication_failed`, `permission_denied`, `not_found`, `conflict`, `throttled`, "
    "`confirmation_required`, `illegal_move`, `stale_ply` ...), `detail` (for people, in the "
    "request's language) and what it concerns: `fields` (one list of messages per refused field), "
    "a move's `ply`, `move` and `reason`, what a confirmation `would` do. Other members some errors "
    "add (a stale move's `position`) are named in the operation's description.",
    "properties": {
        "code": {"type": "string"},
        "detail": {"type": "string"},
        "fields": {"type": "object", "additionalProperties": {}},
        "ply": {"type": "integer", "nullable": True},
        "move": {"type": "string"},
        "reason": {"type": "string"},
        "would": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["code", "detail"],
    "additionalProperties": {},
}
ERROR_CONTENT = {"application/json": {"schema": ERROR_BODY}}

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


NOT_SIGNED_IN = "Not signed in: send a session cookie, Basic credentials or a token."


def error_statuses(
    method: str, path: str, query: frozenset[str] | set[str] = frozenset(), signed_in: bool = False
) -> dict[str, str]:
    """The error statuses an operation documents, with what each means (``query``: the names of
    its documented query parameters; ``signed_in``: its view's permissions refuse anonymous reads)."""
    statuses = {
        "400": "The request is malformed: the message names the problem.",
        "503": "The database cannot be reached for a moment; nothing was stored: send the request "
        "again after the seconds of the Retry-After header.",
    }
    if "{" in path:
        statuses["404"] = "No such object, or not visible to this user."
    if "format" in query:
        statuses["404"] = "No such format."
    if signed_in:
        statuses["401"] = NOT_SIGNED_IN
    if method not in SAFE_METHODS:
        statuses["401"] = NOT_SIGNED_IN
        statuses["403"] = "Signed in, but this user may not do this."
        statuses["409"] = "The object is not in a state that allows this (e.g. the round is closed)."
        statuses["429"] = "Too many requests: wait as long as the Retry-After header says."
    return statuses


def route_of(path: str) -> str:
    """The route's name (``api:service-game-move``) of a schema path (``/api/play/{id}/move/``)."""
    try:
        return str(resolve(re.sub(r"\{[^}/]+\}", "1", path)).view_name)
    except Resolver404:
        return ""


SCOPE_WORDS = {
    policy.PLAY: "Token scope: `play` (a token of either scope).",
    policy.ALL: "Token scope: `all` (a `play` token is refused, 403).",
}


class ServiceAutoSchema(AutoSchema):
    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation: dict[str, Any] | None = super().get_operation(*args, **kwargs)
        scope = policy.scope_needed(route_of(self.path), self.method)
        if operation is not None and scope is not None:
            operation["x-token-scope"] = str(scope)
            words = SCOPE_WORDS[scope]
            operation["description"] = f"{operation.get('description', '')}\n\n{words}".strip()
        return operation

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        query = {p["name"] for p in self._get_parameters() if p.get("in") == "query"}
        signed_in = any(isinstance(rule, IsAuthenticated) for rule in self.view.get_permissions())
        for code, meaning in error_statuses(self.method, self.path, query, signed_in).items():
            if code not in responses:
                responses[code] = {"description": meaning, "content": ERROR_CONTENT}
        for code, response in responses.items():  # the operation's own descriptions of its errors
            if str(code)[:1] in "45" and not response.get("content"):
                response["content"] = ERROR_CONTENT
        return responses
