"""The request guard: bad input is refused with a 400 naming the problem before any view runs.

One place for what every page and every API endpoint would otherwise have to check itself:

* the address and the query string hold no NUL character (PostgreSQL cannot store or compare it);
* a body declares a character set that is ASCII-compatible (``charset=utf-16`` is refused);
* form bodies (URL-encoded and multipart) can be parsed and their fields hold no NUL character
  (uploaded files are the services' concern: binary files are legitimate);
* JSON bodies are UTF-8, nested no deeper than :data:`MAX_JSON_DEPTH`, valid JSON, and their keys
  and strings hold no NUL character.

The size of bodies is bounded by Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` and the number of form
fields by ``DATA_UPLOAD_MAX_NUMBER_FIELDS``: a larger body is a 400 too, whose message names the
limit (:func:`limit_message`, also used for the refusals Django raises outside this guard).
Refusals are JSON (``{"detail": ...}``) under ``/api/`` and plain text elsewhere.

Also here: the Content-Security-Policy's middleware, each policy built once a process
(:class:`PolicyOnceMiddleware`).
"""

from __future__ import annotations

import codecs
import functools
import json
import re
from collections.abc import Callable, Iterator

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.translation import gettext as _

MAX_JSON_DEPTH = 32
NUL = "\x00"

_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


class BadRequest(Exception):
    """The message of a refused request."""


OVER_LIMIT = (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent)


def limit_message(exc: Exception) -> str | None:
    """The message naming the limit a request went over (Django's refusals), else ``None``."""
    if isinstance(exc, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
        return _("the request body is larger than the limit of %(megabytes)s MB (%(bytes)s bytes)") % {
            "megabytes": f"{limit / 1_048_576:g}",
            "bytes": limit,
        }
    if isinstance(exc, TooManyFieldsSent):
        return _("the form has more than the limit of %(limit)s fields") % {
            "limit": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        }
    if isinstance(exc, TooManyFilesSent):
        return _("the form has more than the limit of %(limit)s files") % {
            "limit": settings.DATA_UPLOAD_MAX_NUMBER_FILES
        }
    return None


def json_depth_exceeds(text: str, limit: int) -> bool:
    """Whether the JSON text nests arrays and objects deeper than ``limit`` (linear in the text)."""
    brackets = _NOT_A_BRACKET.sub("", _JSON_STRING.sub("", text))
    depth = 0
    for char in brackets:
        depth += 1 if char in "[{" else -1
        if depth > limit:
            return True
    return False


def _strings(value: object, path: str) -> Iterator[tuple[str, str]]:
    """Every key and string of a parsed JSON value with where it is (``record``, ``items[2]``)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            yield where, str(key)
            yield from _strings(item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}[{index}]")


def _refuse_nul(where: Callable[[], str], text: str) -> None:
    """Refuse ``text`` holding a NUL character; ``where`` names it (written only then)."""
    if NUL in text:
        raise BadRequest(
            _("%(where)s contains a NUL character (\\x00), which cannot be stored")
            % {"where": where().replace(NUL, "\\x00")[:80]}
        )


def _the_field(name: str) -> str:
    return _("the field '%(field)s'") % {"field": name}


def _the_parameter(name: str) -> str:
    return _("the parameter '%(parameter)s'") % {"parameter": name}


def _check_charset(request: HttpRequest) -> None:
    charset = (request.content_params or {}).get("charset")
    if not charset:
        return
    try:
        codec = codecs.lookup(charset)
    except LookupError:
        raise BadRequest(_("unknown character set '%(charset)s'") % {"charset": charset[:40]}) from None
    try:
        ascii_compatible = codec.encode("a=b")[0] == b"a=b"
    except (UnicodeError, TypeError):
        ascii_compatible = False
    if not ascii_compatible:
        raise BadRequest(
            _("the character set '%(charset)s' is not supported: send UTF-8") % {"charset": charset[:40]}
        )


def _check_form(request: HttpRequest) -> None:
    try:
        fields = request.POST
    except (MultiPartParserError, UnicodeDecodeError, ValueError) as exc:
        raise BadRequest(_("the form data cannot be read: %(reason)s") % {"reason": exc}) from None
    for key in fields:
        _refuse_nul(lambda: _("a field name"), key)
        for value in fields.getlist(key):
            _refuse_nul(functools.partial(_the_field, key), value)


def _check_json(request: HttpRequest) -> None:
    body = request.body
    if not body:
        return
    try:
        text = body.decode(request.encoding or "utf-8")
    except (UnicodeDecodeError, LookupError):
        raise BadRequest(_("the JSON body is not UTF-8 text")) from None
    if json_depth_exceeds(text, MAX_JSON_DEPTH):
        raise BadRequest(
            _("the JSON body is nested deeper than %(limit)s levels") % {"limit": MAX_JSON_DEPTH}
        )
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadRequest(_("the body is not valid JSON: %(reason)s") % {"reason": exc}) from None
    for where, string in _strings(value, ""):
        _refuse_nul(functools.partial(_the_field, where or "body"), string)


def check_request(request: HttpRequest) -> None:
    """Raise :class:`BadRequest` naming the first problem of the request's address, query or body."""
    _refuse_nul(lambda: _("the address"), request.path)
    for key in request.GET:
        _refuse_nul(lambda: _("a parameter name"), key)
        for value in request.GET.getlist(key):
            _refuse_nul(functools.partial(_the_parameter, key), value)
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    _check_charset(request)
    content_type = request.content_type or ""
    try:
        if content_type in _FORM_TYPES:
            _check_form(request)
        elif content_type == "application/json" or content_type.endswith("+json"):
            _check_json(request)
    except OVER_LIMIT as exc:
        raise BadRequest(limit_message(exc)) from None


class RequestGuardMiddleware:
    """Answer 400 with the reason to a request :func:`check_request` refuses."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            check_request(request)
        except BadRequest as exc:
            message = str(exc)
            if request.path.startswith("/api/"):
                return JsonResponse({"code": "malformed", "detail": message}, status=400)
            text = f"Bad request: {message[:1].upper()}{message[1:]}.\n"
            return HttpResponse(text, status=400, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


class PolicyOnceMiddleware(CSPMiddleware):
    """django-csp's middleware (``CONTENT_SECURITY_POLICY``), each policy built once a process: a
    response without a nonce and without its own configuration has the policy of the settings with
    its updates (the boards' styles, ``games.web.middleware``), the same text for every such
    response, so it is kept by those updates and set as the library sets it (not on an exempt
    response, nor under an excluded prefix, nor over a header already set) rather than built anew
    for each response (about a twentieth of an API request's CPU). A response with a nonce or its
    own configuration is left to the library; a change of the settings (tests) forgets what was kept."""

    KEPT = 64  # policies kept at most (one per set of updates: a handful)

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        own = ("_csp_config", "_csp_replace", "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro")
        if getattr(request, "_csp_nonce", None) is not None or any(
            getattr(response, name, None) is not None for name in own
        ):
            return super().process_response(request, response)
        if response.status_code in (500, 404) and settings.DEBUG:
            return response  # the library leaves the debug pages alone
        update = getattr(response, "_csp_update", None)
        key = repr(update)
        policies = _POLICIES.get(key)
        if policies is None:
            if len(_POLICIES) >= self.KEPT:
                _POLICIES.clear()
            policies = _POLICIES[key] = (build_policy(update=update), build_policy(report_only=True))
        for policy, header, exempt, setting in (
            (policies[0], HEADER, "_csp_exempt", "CONTENT_SECURITY_POLICY"),
            (policies[1], HEADER_REPORT_ONLY, "_csp_exempt_ro", "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
        ):
            if not policy or header in response or getattr(response, exempt, False) is not False:
                continue
            prefixes = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES", None) or ()
            if not request.path_info.startswith(tuple(prefixes)):
                response[header] = policy
        # the nonce asked after the header is written is refused, as the library refuses it
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response


#: the policies built (:class:`PolicyOnceMiddleware`): by the response's updates, the header and its
#: report-only twin
_POLICIES: dict[str, tuple[str, str]] = {}


@receiver(setting_changed)
def _forget_policies(setting: str, **kwargs: object) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _POLICIES.clear()
