"""The API's authentication, throttles and refusals (wired in ``REST_FRAMEWORK`` in the settings).

* Token authentication comes first, so an anonymous write is answered 401 with
  ``WWW-Authenticate: Token`` (DRF answers 403 when the first class gives no such header); session
  authentication (the pages' sign-in; a write without its CSRF token a 403 that says so,
  :class:`CheckedSessionAuthentication`, not an anonymous 401) and HTTP Basic stay. Basic sign-ins obey the sign-in lockout
  (``accounts.lockout``): a locked user name or address is answered 429 with the time to wait.
* :class:`SubmissionThrottle` limits challenges per user (scope ``challenges``;
  :class:`ChallengeOpponentThrottle` per user and opponent, ``challenge_opponents``), token requests
  (scope ``tokens``), sign-ups (scope ``signups``, the page's and the API's), record submissions and result entry per user (scope
  ``submissions``), claim attempts (scope ``claims``) and replays of a record without storing it
  (scope ``replays``, open to anonymous visitors), rates from ``DEFAULT_THROTTLE_RATES``;
  anonymous requests count per client address (``common.client``). The counts are kept in the
  database (``accounts.ThrottleBucket``, ``accounts.throttles.counted``), a bucket's row locked while a request is
  counted: requests at once are counted one after the other, so a limit is exact under concurrency
  and holds with the cache down. A challenge's bucket per opponent is the player named
  (``accounts.models.player_named``: his handle or his name alike); an open challenge names none and
  counts in the user's bucket only.
"""

from __future__ import annotations

import time
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import BasicAuthentication, SessionAuthentication, TokenAuthentication
from rest_framework.permissions import SAFE_METHODS
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from accounts import lockout, schema, tokens  # noqa: F401 - schema registers the OpenAPI extension of this authentication
from accounts.errors import LockedOut
from accounts.models import player_named
from accounts.throttles import counted
from common.client import client_address

# Named routes (``namespace:name``) and the throttle scope of their writes.
SCOPE_OF_ROUTE = {
    "api:game-submit": "submissions",
    "api:pairing-result": "submissions",
    "games:submit": "submissions",
    "tournaments:pairing-result": "submissions",
    "accounts:claim": "claims",
    "api:replay": "replays",
    "api:tokens": "tokens",
    "api:challenge-list": "challenges",
    "games:challenges": "challenges",
    "api:token-revoke": "tokens",
    "accounts:signup": "signups",
    "api:signup": "signups",
    "api:claim": "claims",
}


class OutOfScope(exceptions.PermissionDenied):
    """A valid token used outside its scope: a 403 (the request is not anonymous, its token is known)."""

    status_code = 403


class ScopedTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``: a named token (``accounts.tokens``), refused (403) for an
    operation its scope does not take (``accounts.policy.SCOPES``), or the account page's token
    (scope ``all``)."""

    def authenticate(self, request: Any) -> Any:
        self._request = request
        return super().authenticate(request)

    def authenticate_credentials(self, key: str) -> Any:
        token = tokens.token_of(key)
        if token is None:
            found = tokens.account_token(key)  # the account page's token: one statement composed once
            if found is None or not found.user.is_active:  # refused as DRF refuses it
                return super().authenticate_credentials(key)
            return (found.user, found)
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        request = getattr(self, "_request", None)
        if request is not None and not tokens.allows(token, request):
            raise OutOfScope(
                _("This token may only play (its scope is play): create a token with the scope all.")
            )
        token.user.api_scope = token.scope  # the policy reads it: a play token has no official role
        return (token.user, token)


class CsrfRefused(exceptions.PermissionDenied):
    """A write by the site's session without its CSRF token: a 403 that says so (the session is
    known: not an anonymous request's 401)."""

    status_code = 403


class CheckedSessionAuthentication(SessionAuthentication):
    """The site's session, its writes checked against CSRF as DRF's; a failure says what to send."""

    def enforce_csrf(self, request: Any) -> None:
        try:
            super().enforce_csrf(request)
        except exceptions.PermissionDenied as refused:
            raise CsrfRefused(
                _(
                    "Signed in by the site's session, but without its CSRF token: send it in the "
                    "X-CSRFToken header (the value of the csrftoken cookie)"
                )
                + f" ({refused.detail})"
            ) from None


class LockoutBasicAuthentication(BasicAuthentication):
    """HTTP Basic that refuses locked-out user names and addresses (429) before checking the password."""

    def authenticate_credentials(self, userid: str, password: str, request: Any = None) -> Any:
        try:
            lockout.check(userid, lockout.address_of(request))
        except LockedOut as exc:
            raise exceptions.Throttled(wait=exc.wait_seconds, detail=str(exc)) from None
        return super().authenticate_credentials(userid, password, request)


class SubmissionThrottle(SimpleRateThrottle):
    """Writes to the routes of :data:`SCOPE_OF_ROUTE`, counted per user (per address when anonymous)."""

    scope = "submissions"

    def __init__(self) -> None:  # the rate depends on the request's route: see allow_request
        pass

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        match = getattr(request, "resolver_match", None)
        scope = SCOPE_OF_ROUTE.get(getattr(match, "view_name", "") or "")
        if scope is None:
            return True
        self.scope = scope
        self.rate = api_settings.DEFAULT_THROTTLE_RATES[scope]  # read now: tests and settings may change it
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return self.counted(request, view)

    def counted(self, request: Any, view: Any) -> bool:
        """Whether the request is let through its bucket (:func:`counted`), counted if it is."""
        key = self.get_cache_key(request, view)
        if key is None or self.num_requests is None or self.duration is None:
            return True
        self.now = time.time()
        allowed, self.history = counted(key, self.num_requests, self.duration, self.now)
        if not allowed:  # the throttles after this one count it nowhere (see ChallengeOpponentThrottle)
            request.throttle_refused = True
        return allowed

    def get_ident(self, request: Any) -> str:
        return client_address(request)

    def get_cache_key(self, request: Any, view: Any) -> str:
        user: Any = getattr(request, "user", None)
        ident = str(user.pk) if getattr(user, "is_authenticated", False) else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class ChallengeOpponentThrottle(SubmissionThrottle):
    """Challenges of one user to one opponent (scope ``challenge_opponents``), beside the scope
    ``challenges`` of all his challenges: a player is not flooded by one challenger. The bucket is
    the player named (his handle or his name alike); an open challenge, or a name that names nobody
    (refused by the challenge itself), has none. A challenge the scope ``challenges`` refused is not
    counted here (DRF asks every throttle): requests at once refused there would otherwise take this
    bucket's places from the ones let through there."""

    def allow_request(self, request: Any, view: Any) -> bool:
        match = getattr(request, "resolver_match", None)
        if (
            getattr(request, "throttle_refused", False)
            or request.method in SAFE_METHODS
            or SCOPE_OF_ROUTE.get(getattr(match, "view_name", "") or "") != "challenges"
        ):
            return True
        sent = getattr(request, "data", None)
        if sent is None:  # a page's form
            sent = request.POST
        text = str(sent.get("opponent", "") if hasattr(sent, "get") else "")[:80].strip()
        opponent = player_named(text) if text else None
        if opponent is None:
            return True
        self.opponent = opponent.pk
        self.scope = "challenge_opponents"
        self.rate = api_settings.DEFAULT_THROTTLE_RATES[self.scope]
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return self.counted(request, view)

    def get_cache_key(self, request: Any, view: Any) -> str:
        return f"{super().get_cache_key(request, view)}:{self.opponent}"
