"""Each game's browser code and key in templates (``games.web.pickers`` serves the script):
``{% picker_script game.game %}`` (the script tag of the game's move picker, its URL naming the
script's digest; none when it declares none) and ``{% piece_key game.game %}`` (the key to its pieces
beside a board, :attr:`arbiter.spec.GameSpec.pieces`, their names in the page's language)."""

from __future__ import annotations

from dataclasses import dataclass

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from arbiter import registry
from arbiter.errors import UnknownGameError
from arbiter.spec import GameSpec

register = template.Library()


@dataclass(frozen=True)
class KeyPiece:
    code: str
    name: str
    drawing: str  # SVG elements drawn with the game's board classes (the spec's own, trusted)


def _spec(game: str) -> GameSpec | None:
    try:
        return registry.spec_for(game)
    except UnknownGameError:
        return None


@register.simple_tag
def picker_script(game: str) -> str:
    spec = _spec(game)
    if spec is None or not spec.script:
        return ""
    url = reverse("games:picker-script", args=[game]) + "?v=" + spec.script_digest()
    return format_html('<script src="{}" defer></script>', url)


@register.inclusion_tag("games/_piece_key.html")
def piece_key(game: str) -> dict[str, object]:
    spec = _spec(game)
    pieces = [KeyPiece(piece.code, _(piece.name), piece.drawing) for piece in spec.pieces] if spec else []
    return {"pieces": pieces}
