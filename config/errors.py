"""Every error answer of the service, in one place per edge.

* Outside any view (no URL matches, a crash): JSON ``{"detail": ...}`` under ``/api/``, as the API
  documents; the site's own pages elsewhere (``handler400`` … ``handler500``).
* The API: :func:`api_exception_handler` (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``) answers the
  project's errors (``accounts.errors``): a refused permission 403, or 401 with ``WWW-Authenticate``
  when the request is anonymous; not found 404; a conflict 409; any other ``ServiceError`` 400; each
  with ``{"detail": message}`` in the request's language.
* The pages: :class:`ServiceErrorMiddleware` answers a refused permission with the 403 page and a
  missing object with the 404 page; the views handle the other ``ServiceError`` themselves (a form
  error or a message), through ``accounts.errors.attempt``.
* The database unreachable (PostgreSQL restarting, a connection broken: Django's
  ``OperationalError`` or ``InterfaceError``, :func:`database_unavailable`): 503 with
  ``Retry-After``, JSON under ``/api/``, the 503 page elsewhere, wherever it was raised (an API
  view, a page, a middleware). The request's transaction is rolled back, so nothing was stored
  half-way and the client sends it again (a move names its ply: sent twice, it is stored once).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response

from accounts.api import CsrfRefused, OutOfScope
from accounts.errors import Conflict, NotFound, PermissionRefused, ServiceError
from common.answers import BODY_MEMBERS, error_body
from config.middleware import limit_message


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    over = limit_message(exception)  # a body over a size limit: the message names the limit
    if _is_api(request):
        return JsonResponse(error_body("malformed", over or _("The request is malformed.")), status=400)
    if over:
        return HttpResponse(
            f"Bad request: {over[:1].upper()}{over[1:]}.\n",
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(
            error_body("permission_denied", str(exception) or _("You may not do this.")), status=403
        )
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(error_body("not_found", _("No such address in the API.")), status=404)
    return defaults.page_not_found(request, exception)


# Seconds a client is told to wait before sending again while the database cannot be reached.
RETRY_AFTER_SECONDS = 5


def database_unavailable(exception: BaseException | None) -> bool:
    """Whether ``exception`` says the database cannot be reached or its connection broke: Django's
    ``OperationalError`` (a refused or lost connection, the server shutting down; also a deadlock
    or a lock timeout, transient as well) or ``InterfaceError`` (a connection already closed)."""
    return isinstance(exception, OperationalError | InterfaceError)


def _unavailable_message() -> str:
    return _(
        "The service cannot reach its database for a moment; nothing was stored. Try again in a few seconds."
    )


def unavailable(request: HttpRequest) -> HttpResponse:
    """The 503 answer while the database cannot be reached, with ``Retry-After``. The page is
    rendered without the request's context: its context processors would read the database."""
    message = _unavailable_message()
    if _is_api(request):
        response: HttpResponse = JsonResponse(error_body("unavailable", message), status=503)
    else:
        response = HttpResponse(loader.get_template("503.html").render({"message": message}), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 answer; Django calls it while handling the exception, so that a database out of
    reach (raised by a middleware as well as a view) is told apart: a 503 (:func:`unavailable`)."""
    if database_unavailable(sys.exc_info()[1]):
        return unavailable(request)
    if _is_api(request):
        return JsonResponse(
            error_body("server_error", _("Something went wrong on our side; it has been logged.")), status=500
        )
    return defaults.server_error(request)


def status_of(exc: ServiceError) -> int:
    """The HTTP status of a project error (a refused permission: 403; the anonymous 401 is the handler's)."""
    if isinstance(exc, PermissionRefused):
        return status.HTTP_403_FORBIDDEN
    if isinstance(exc, NotFound):
        return status.HTTP_404_NOT_FOUND
    if isinstance(exc, Conflict):
        return status.HTTP_409_CONFLICT
    return status.HTTP_400_BAD_REQUEST


def error_code(exc: BaseException) -> str:
    """The error body's ``code``: the error's own (``data["code"]``), else its class's name in
    snake case (``IllegalMove``: ``illegal_move``; DRF's: ``invalid``, ``not_authenticated``,
    ``throttled`` ...); a bare ``ServiceError`` is ``refused``."""
    own = getattr(exc, "data", None)
    if isinstance(own, dict) and isinstance(own.get("code"), str):
        return own["code"]
    if isinstance(exc, exceptions.APIException):
        return str(exc.default_code)
    if isinstance(exc, PermissionRefused):  # the policy's refusal, named as DRF names its own
        return "permission_denied"
    if type(exc) is ServiceError:
        return "refused"
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(exc).__name__).lower()


def _validation_body(exc: exceptions.ValidationError, data: Any) -> dict[str, object]:
    """A refused request body: ``fields`` names each refused field; the first message is the ``detail``.
    The fields also stay at the top level as they were answered before ``fields`` (deprecated), but
    for those named as the body's own members (:data:`BODY_MEMBERS`)."""
    fields = (
        data if isinstance(data, dict) else {"non_field_errors": data if isinstance(data, list) else [data]}
    )
    first = next(iter(fields.values()), [_("The request is malformed.")])
    while isinstance(first, list | dict) and first:
        first = first[0] if isinstance(first, list) else next(iter(first.values()))
    name = next(iter(fields), "")
    detail = str(first) if name in ("non_field_errors", "") else f"{name}: {first}"
    kept = {key: value for key, value in fields.items() if key not in BODY_MEMBERS}
    return {**kept, **error_body("invalid", detail, fields=fields)}


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus the project's errors; a refusal of an anonymous request is a 401. Every
    answer's body is :func:`error_body`."""
    # rest_framework.views reads these settings on import: imported here, not at the top.
    from rest_framework.views import exception_handler as drf_exception_handler

    if database_unavailable(exc):  # first: reading request.user would query the database again
        from rest_framework.views import set_rollback

        set_rollback()
        return Response(
            error_body("unavailable", _unavailable_message()),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    request = context.get("request")
    view = context.get("view")
    anonymous = request is not None and not getattr(request.user, "is_authenticated", False)
    # a known token outside its scope, a session's write without its CSRF token: refused, not unknown
    out_of_scope = isinstance(exc, OutOfScope | CsrfRefused)
    if (
        anonymous
        and not out_of_scope
        and isinstance(exc, PermissionDenied | PermissionRefused | exceptions.PermissionDenied)
    ):
        exc = exceptions.NotAuthenticated()
    elif isinstance(exc, ServiceError):
        # an error may carry more for the client (a stale move: the current ply and position)
        more = {
            key: value for key, value in getattr(exc, "data", {}).items() if key not in ("code", "detail")
        }
        return Response(error_body(error_code(exc), exc, **more), status=status_of(exc))
    if isinstance(exc, Http404):  # as DRF's handler reads them, so that the code is DRF's too
        exc = exceptions.NotFound(*exc.args)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = _validation_body(exc, response.data)
    else:
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else response.data
        response.data = error_body(error_code(exc), detail)
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        header = view.get_authenticate_header(request) if view is not None and request is not None else None
        if header:
            response.status_code = 401
            response["WWW-Authenticate"] = header
    return response


class ServiceErrorMiddleware:
    """The pages' answer to a refused permission (the 403 page with its reason), a missing object
    (the 404 page) and the database out of reach (503), whichever view or service raised it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, PermissionRefused):
            return permission_denied(request, PermissionDenied(str(exception)))
        if isinstance(exception, NotFound):
            return page_not_found(request, Http404(str(exception)))
        if database_unavailable(exception):
            return unavailable(request)
        return None
