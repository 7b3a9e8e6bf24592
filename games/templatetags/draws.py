"""The game page's draw offers (``games.play.draws``): ``{% draw_offer game %}`` renders what the viewer
may do (offer, accept, decline) and whose offer stands."""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Game
from games.play import draws

register = template.Library()


@register.inclusion_tag("games/_draw.html", takes_context=True)
def draw_offer(context: dict[str, Any], game: Game) -> dict[str, object]:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {"game": game, "draw": draws.state(game, user), "csrf_token": context.get("csrf_token")}
