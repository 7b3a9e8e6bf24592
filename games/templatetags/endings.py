"""The wording of a game's end in templates (``games.play.endings``): ``{{ game|ending }}`` ("Anna
Vermeer resigned") and ``{{ game|result_line }}`` ("1-0 · Anna Vermeer resigned")."""

from __future__ import annotations

from django import template

from games.models import Game
from games.play import endings

register = template.Library()


@register.filter
def ending(game: Game) -> str:
    return endings.ending(game)


@register.filter
def result_line(game: Game) -> str:
    return endings.result_line(game)
