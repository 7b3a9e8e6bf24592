"""The Content-Security-Policy's one exception: the boards' inline stylesheets.

A board is drawn as inline SVG (the game page, the refused submission's board, the board stepper's
fetched plies), and its ``<style>`` element holds the shared board CSS and its game's own
(``arbiter.svg.stylesheet``). The policy (``CONTENT_SECURITY_POLICY``, django-csp) allows no inline
style but these: this middleware adds the hash of every registered game's board stylesheet to each
response's ``style-src`` (games registered through ``GAME_PACKAGES`` included).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from games.web.boards import board_style_sources


class BoardStylesPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        update = dict(getattr(response, "_csp_update", None) or {})
        update["style-src"] = [*update.get("style-src", []), *board_style_sources()]
        response._csp_update = update  # type: ignore[attr-defined]  # read by csp.middleware
        return response
