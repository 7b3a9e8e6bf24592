"""Each game's browser code and key in templates (``games.web.pickers``): ``{% picker_script game.game %}``
(the script tag of the game's move picker, none when it declares none) and ``{% piece_key game.game %}``
(the key to its pieces beside a board)."""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from games.web import pickers

register = template.Library()


@register.simple_tag
def picker_script(game: str) -> str:
    url = pickers.script_url(game)
    return format_html('<script src="{}" defer></script>', url) if url else ""


@register.inclusion_tag("games/_piece_key.html")
def piece_key(game: str) -> dict[str, object]:
    return {"pieces": pickers.piece_key(game)}
