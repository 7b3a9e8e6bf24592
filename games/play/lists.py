"""The lists of a player's games on the service: his casual games for his player page
(:func:`casual_games_of`), and ``GET /api/play/``: newest first, filtered by
``state`` (``active``: in play; ``finished``: over), ``turn`` (``mine``: in play with him to move;
``theirs``: in play with his opponent to move) and ``opponent`` (a handle); an unknown filter value
is a 400 naming it. Whose turn it is comes from each game's position (the arbiter's status), so the
turn filter reads the games in play only; every game listed has its flag checked (``games.play.flags``).
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from games.errors import GameServiceError
from games.models import Game
from games.play import flags
from games.play import state as play_state

STATES = ("active", "finished")
TURNS = ("mine", "theirs")


def service_games_of(user: object) -> QuerySet[Game]:
    """The games on the service of ``user``'s player, newest first."""
    pk = getattr(user, "pk", None)
    if pk is None:  # anonymous: no games of his (not those of the players without an account)
        return Game.objects.none()
    return (
        Game.objects.filter(on_service=True)
        .filter(Q(white__user_id=pk) | Q(black__user_id=pk))
        .select_related("white", "black")
        .order_by("-pk")
    )


def _choice(name: str, value: str, choices: tuple[str, ...]) -> str:
    if value and value not in choices:
        raise GameServiceError(
            _("“%(value)s” is not a value of %(name)s: use one of %(choices)s")
            % {"value": value[:40], "name": name, "choices": ", ".join(choices)}
        )
    return value


def filtered(
    games: QuerySet[Game], user: object, state: str = "", turn: str = "", opponent: str = ""
) -> list[Game] | QuerySet[Game]:
    """``user``'s games (``games``, newest first) as the filters ask, flags checked."""
    state = _choice("state", state, STATES)
    turn = _choice("turn", turn, TURNS)
    if opponent:
        games = games.filter(Q(white__handle=opponent) | Q(black__handle=opponent)).exclude(
            white__handle=opponent, black__handle=opponent
        )
    if state == "finished":
        return games.filter(finished_at__isnull=False)
    if state == "active" or turn:
        in_play = [flags.fall_if_due(game) for game in games.filter(finished_at__isnull=True)]
        in_play = [game for game in in_play if game.finished_at is None]
        if not turn:
            return in_play
        mine = turn == "mine"
        return [game for game in in_play if _is_to_move(game, user) == mine]
    return games


#: the casual games a player's page lists, newest first
CASUAL_SHOWN = 50


def casual_games_of(player: object) -> list[Game]:
    """The player's casual games on the service (in play and finished, annulled ones aside), newest
    first, at most :data:`CASUAL_SHOWN`: his player page lists them."""
    games = (
        Game.objects.filter(origin=Game.Origin.SERVICE)
        .filter(Q(white=player) | Q(black=player))
        .exclude(state=Game.State.ANNULLED)
        .select_related("white", "black")
        .order_by("-pk")
    )
    return list(games[:CASUAL_SHOWN])


def _is_to_move(game: Game, user: object) -> bool:
    player = play_state.player_to_move(game)
    return player is not None and player.user_id == getattr(user, "pk", None)
