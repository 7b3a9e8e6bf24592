"""Downloads: an event as JSON (the shape of :mod:`tournaments.events.export`) and a game's
accepted record as plain text."""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from games.models import Game
from tournaments.events.export import event_document
from tournaments.models import Pairing
from tournaments.web.views.common import event_or_404


def event_json(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    text = json.dumps(event_document(event, request.user), ensure_ascii=False, indent=2)
    response = HttpResponse(text + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.json"'
    return response


def game_record_txt(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's accepted (verified) record; 404 while it has none or its round is a draft."""
    game = get_object_or_404(Game.objects.select_related("pairing_game__pairing__round__event"), pk=pk)
    link = getattr(game, "pairing_game", None)  # a pairing's game; none for a game of no event
    if (
        link is None
        or not game.record
        or not Pairing.objects.visible_to(request.user).filter(pk=link.pairing_id).exists()
    ):
        raise Http404(_("this game has no accepted record"))
    pairing = link.pairing
    name = f"{pairing.round.event.slug}-r{pairing.round.number}-b{pairing.board}-g{link.number}.txt"
    response = HttpResponse(game.record.rstrip("\n") + "\n", content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
