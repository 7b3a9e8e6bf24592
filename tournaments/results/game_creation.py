"""The games of a pairing, created: :func:`create_games` is the one place that creates a pairing's
games with their :class:`~tournaments.models.PairingGame` links (the games app knows nothing of
pairings).

One game per game of the event's matches: game 1 with the pairing's colours, game 2 of a match
swapped, none for a bye. Every game of a pairing carries the event's options (``Game.options``: its
game options, which its records must agree, P-27), its round's own over them (one start for every
board of a round). A round played on the service
(``tournaments.rounds.play_mode``: on the service, or both) has its games ready to play with the
round's time control (``games.play.state.playable``): on the service alone from the round's start
(``Round.starts_at``, ``tournaments.starts``), each first move due within the event's grace, else
the game is lost by forfeit; in both, a game's clock starts with its first move there.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from common.prepared import Prepared
from games import origins
from games.errors import GameServiceError
from games.models import Game
from games.play.state import playable
from tournaments.core.codes import first_named_is_white
from tournaments.events.game_options import options_for_round
from tournaments.models import Pairing, PairingGame, PlayMode
from tournaments.rounds import play_mode, time_control
from tournaments.starts import grace_of

# A pairing's links with their games, the statement composed once a process.
_LINKS: Prepared[PairingGame] = Prepared(
    lambda pk: PairingGame.objects.filter(pairing_id=pk).select_related("game"), int
)


def create_games(pairing: Pairing) -> list[Game]:
    """The pairing's games in order (game 1 first), those missing created now with their links (on
    first use, or when a round played on the service is published); a bye has none
    (``GameServiceError``)."""
    if pairing.black_id is None:
        raise GameServiceError(_("a bye has no games"))
    round_ = pairing.round
    event = round_.event
    mode = play_mode(round_)
    found = {}
    for link in _LINKS.rows(pairing.pk):
        link.pairing = pairing  # what is above the game, known to whoever locks it (lock_game)
        found[link.number] = link.game
    games, options = [], None
    for number in range(1, event.games_per_pairing + 1):
        game = found.get(number)
        if game is None:
            first, second = pairing.white.player, pairing.black.player  # type: ignore[union-attr]
            white, black = (first, second) if first_named_is_white(number - 1) else (second, first)
            # its game options (P-27), the round's over the event's
            options = options_for_round(event, round_.number) if options is None else options
            fields: dict[str, object] = {
                "game": event.game,
                "options": options,
                "white": white,
                "black": black,
                "rated": event.rated,
            }
            if mode != PlayMode.ELSEWHERE:
                control, on_service_alone = time_control(round_), mode == PlayMode.SERVICE
                fields |= playable(
                    event.game,
                    control,
                    clock_running=on_service_alone,
                    options=options,
                    starts_at=round_.starts_at if on_service_alone else None,
                    window=grace_of(event, control) if on_service_alone else None,
                )
            game = _create_game(pairing, number, fields)
        games.append(game)
    return games


def _create_game(pairing: Pairing, number: int, fields: dict[str, object]) -> Game:
    """Game ``number`` of the pairing and its link, or the one a concurrent first use created."""
    try:
        with transaction.atomic():
            game = Game.objects.create(origin=Game.Origin.PAIRING, **fields)
            PairingGame.objects.create(pairing=pairing, number=number, game=game)
    except IntegrityError:  # the link's unique (pairing, number): created meanwhile
        return PairingGame.objects.select_related("game").get(pairing=pairing, number=number).game
    origins.inserted(game)
    return game


def existing_games(pairing: Pairing) -> list[Game]:
    """The pairing's games that exist so far (none are created here), game 1 first."""
    return list(pairing.games.select_related("pairing_game").order_by("pairing_game__number"))
