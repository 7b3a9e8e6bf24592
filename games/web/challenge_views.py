"""The Play page's helper: the players one may challenge, suggested as one types their name
(``games.play.challenges.suggestions``), as JSON for ``static/js/challenges.js``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from games.play import challenges


@login_required
@require_GET
def player_suggestions(request: HttpRequest) -> JsonResponse:
    """``?q=an``: up to ten players with an account whose name or handle holds it."""
    return JsonResponse({"players": challenges.suggestions(request.user, request.GET.get("q", ""))})
