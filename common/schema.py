"""The answers an API operation documents, shared by every app's edge (``games.api``,
``tournaments.api``, ``personal``): :func:`answers` writes the usual error statuses of a write once
(each described in the operation's own words), :func:`write_action` routes a write on one object
with those answers documented, and :func:`valid` checks a request's body.

``config.openapi`` gives every error answer the one error body (``common.answers.error_body``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.serializers import BaseSerializer

NOT_SIGNED_IN = "Not signed in"
NOT_AN_OFFICIAL = "Not an organiser or arbiter of the event"
NO_SERVICE_GAME = "No such game on the service"

View = TypeVar("View", bound=Callable[..., Any])


def _described(answer: str | OpenApiResponse) -> OpenApiResponse:
    return OpenApiResponse(description=answer) if isinstance(answer, str) else answer


def answers(
    ok: Mapping[int, Any] | None = None,
    *,
    bad: str | OpenApiResponse | None = None,
    forbidden: str | OpenApiResponse | None = None,
    missing: str | OpenApiResponse | None = None,
    conflict: str | OpenApiResponse | None = None,
    signed_out: str | OpenApiResponse | None = NOT_SIGNED_IN,
) -> dict[int, Any]:
    """An operation's answers: ``ok`` (status -> serializer), then 400 ``bad`` input, 401 ``signed_out``
    (by default: not signed in), 403 ``forbidden``, 404 ``missing`` and 409 ``conflict``, each as
    described (an answer given None is not documented)."""
    errors = {
        400: bad,
        401: signed_out,
        403: forbidden,
        404: missing,
        409: conflict,
    }
    return {**(ok or {}), **{code: _described(text) for code, text in errors.items() if text is not None}}


def write_action(
    body: Any,
    ok: Mapping[int, Any] | None = None,
    /,
    *,
    url_path: str | None = None,
    **documented: str | OpenApiResponse | None,
) -> Callable[[View], View]:
    """A POST on one object of a viewset (at ``url_path``, by default the method's name) taking the
    request ``body`` (a serializer, or None), its :func:`answers` documented: ``ok`` and the refusals
    ``documented`` (``bad``, ``forbidden``, ...)."""
    routed = action(detail=True, methods=["post"], url_path=url_path)
    schema = extend_schema(request=body, responses=answers(ok, **documented))

    def decorate(view: View) -> View:
        return schema(routed(view))  # type: ignore[no-any-return]

    return decorate


def valid(serializer: type[BaseSerializer], request: Request, /, **context: Any) -> dict[str, Any]:
    """The request's body as ``serializer`` validates it (a 400 naming each refused field otherwise);
    ``context`` is given to the serializer."""
    data = serializer(data=request.data, context=context)
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)
