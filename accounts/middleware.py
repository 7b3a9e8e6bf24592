"""Throttling of the pages' submissions: the API's ``SubmissionThrottle`` applied to page forms.

Record submissions, result entry and claim attempts posted from the pages count against the same
rates as the API's (``DEFAULT_THROTTLE_RATES``); over the rate, the page answers 429 with the time
to wait. The API's own routes are left to DRF's throttling.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from accounts.api import SCOPE_OF_ROUTE, ChallengeOpponentThrottle, SubmissionThrottle


class SubmissionThrottleMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> HttpResponse | None:
        match = request.resolver_match
        name = getattr(match, "view_name", "") or ""
        if request.method != "POST" or name not in SCOPE_OF_ROUTE or name.startswith("api:"):
            return None
        refusing = [
            t
            for t in (SubmissionThrottle(), ChallengeOpponentThrottle())
            if not t.allow_request(request, view)
        ]
        if not refusing:
            return None
        wait = max(int(t.wait() or 0) for t in refusing) + 1
        response = render(
            request,
            "accounts/throttled.html",
            {
                "message": _("Too many attempts in a short time: wait %(seconds)s seconds, then try again.")
                % {"seconds": wait}
            },
            status=429,
        )
        response["Retry-After"] = str(wait)
        return response
