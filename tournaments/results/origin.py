"""The pairing origin of games: what the games app asks of an event's game (``games.origins``).

Registered for ``Game.Origin.PAIRING`` in ``TournamentsConfig.ready``. The officials of a pairing's
game are its event's organisers and arbiters; the game's result becomes the pairing's result once
every game of the pairing has one (:func:`tournaments.results.services.apply_result`).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.errors import GameServiceError
from games.models import Game
from tournaments.errors import ServiceError
from tournaments.locking import lock_pairing
from tournaments.results.services import apply_result


def pairing_results(game: Game) -> list[str] | None:
    """The result codes of the pairing's games when every game has one, else ``None``."""
    games = list(game.pairing.games.order_by("number"))
    if len(games) < game.pairing.round.event.games_per_pairing or any(not g.result for g in games):
        return None
    return [g.result for g in games]


class PairingOrigin:
    def officials(self, game: Game) -> frozenset[int]:
        event = game.pairing.round.event
        return frozenset(event.organisers.values_list("pk", flat=True)) | frozenset(
            event.arbiters.values_list("pk", flat=True)
        )

    def lock_above(self, game_id: int) -> None:
        lock_pairing(Game.objects.values_list("pairing_id", flat=True).get(pk=game_id))

    def apply_result(self, game: Game, source: str) -> str:
        codes = pairing_results(game)
        if codes is None:
            return _("waiting for the other game of the match")
        try:
            apply_result(game.pairing, codes, source)
        except ServiceError as exc:
            raise GameServiceError(str(exc)) from exc
        return ""
