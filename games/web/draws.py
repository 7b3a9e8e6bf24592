"""The game page's draw offers (``games.play.draws``): offer, accept, decline, each a POST that returns to
the game's page; a refusal shows the page as it stands now with the reason (a refused permission:
the 403 page, by the one page-side mapping)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.errors import attempt
from games.models import Game
from games.play import draws, errors, flags
from games.web.views import game_detail


def _answered(request: HttpRequest, pk: int, call: Callable[[Game], object], done: str) -> HttpResponse:
    game = flags.fall_if_due(get_object_or_404(Game.objects.select_related("white", "black"), pk=pk))
    outcome = attempt(lambda: call(game))
    if outcome.refused:
        messages.error(request, outcome.reason)
        response = game_detail(request, pk)
        response.status_code = 409 if isinstance(outcome.error, errors.PlayConflict) else 400
        return response
    messages.success(request, done)
    return redirect(game)


@login_required
@require_POST
def offer_draw(request: HttpRequest, pk: int) -> HttpResponse:
    return _answered(request, pk, lambda game: draws.offer(game, request.user), _("You offered a draw."))


@login_required
@require_POST
def accept_draw(request: HttpRequest, pk: int) -> HttpResponse:
    return _answered(
        request,
        pk,
        lambda game: draws.accept(game, request.user),
        _("You accepted the draw: the game is drawn."),
    )


@login_required
@require_POST
def decline_draw(request: HttpRequest, pk: int) -> HttpResponse:
    return _answered(
        request, pk, lambda game: draws.decline(game, request.user), _("You declined the draw: play goes on.")
    )
