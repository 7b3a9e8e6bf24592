"""A pairing's game has its result (``games.origins.result_set``, through the pairing origin): once
every game of the pairing has one, they become the pairing's result
(:func:`tournaments.results.services.apply_result`, under the locks the game's change holds).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Game
from tournaments.models import Pairing
from tournaments.results.services import apply_result


def pairing_results(game: Game, pairing: Pairing) -> list[str] | None:
    """The result codes of the pairing's games when every game has one, else ``None``."""
    if pairing.round.event.games_per_pairing == 1:  # the game is the pairing's one game
        return [game.result] if game.result else None
    games = list(pairing.games.order_by("pairing_game__number"))
    if len(games) < pairing.round.event.games_per_pairing or any(not g.result for g in games):
        return None
    return [g.result for g in games]


def carry_to_pairing(game: Game, pairing: Pairing, source: str) -> str:
    """The game's result reaches its pairing once every game of it has one: "" when done, else why
    not yet; a refusal (a closed round) is the ``ServiceError`` of :func:`apply_result`."""
    codes = pairing_results(game, pairing)
    if codes is None:
        return _("waiting for the other game of the match")
    # the game is locked, so are its round and pairing, read with it after
    apply_result(pairing, codes, source, locked=True)
    return ""
