"""One event stream per player (issue 29): what a player, or his bot, needs to play every game of
his without asking the API in a loop, stored and resumed like a game's events (``games.live.game_events``,
served by ``games.live.streams``) on the channel ``player-<player id>``.

The rules at home here:

* the events: ``challenge`` (one sent to him or by him, open), ``challenge-accepted`` (with the
  game created), ``challenge-declined``, ``challenge-withdrawn``, each to both its players (an open
  challenge's ``challenged`` is null, and its challenger alone hears it until it is accepted);
  ``game-start`` (a game on the service of his begins: casual or an event's, with ``starts_at`` and
  ``first_move_by``), ``your-move`` (in any
  of his games: the game, the ply, the last move; at a game's start too when he has White), and
  ``game-end`` (one of his games ended: its end event's data, an abort too), ``takeback`` (his
  opponent asked to take back a move, or answered his request: ``games.play.takebacks``); each with ``game`` or ``challenge``
  ids a client then reads through the play API;
* they are published once the transaction that did it commits, never failing it (a failure is
  logged), from the hooks connected in ``GamesConfig.ready``: a challenge's save, a game's creation,
  ``games.signals.move_played`` and the end event of ``games.live.game_events``;
* only the player himself follows his stream (``GET /api/play/events/``, token or session; and
  ``/games/my-events/`` for the page's header): a stream names no one else's games.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import transaction

from arbiter import registry
from common.locking import retry_on_conflict
from games.live import batch
from games.models import Challenge, Game

logger = logging.getLogger(__name__)

CHALLENGE, GAME_START, YOUR_MOVE, GAME_END = "challenge", "game-start", "your-move", "game-end"
TAKEBACK = "takeback"
ANSWERED = {
    Challenge.Status.ACCEPTED: "challenge-accepted",
    Challenge.Status.DECLINED: "challenge-declined",
    Challenge.Status.WITHDRAWN: "challenge-withdrawn",
}


def channel_of(player_id: int) -> str:
    return f"player-{player_id}"


@retry_on_conflict  # a busy storage (SQLite) is tried again: the challenged must hear it
def _send(channel: str, kind: str, data: dict[str, Any]) -> None:
    from django_eventstream.eventstream import send_event

    send_event(channel, kind, data)
    if not settings.EVENTS_REDIS_URL:  # no Redis: this process's own streams (games.live.streams)
        from games.live import fanout

        fanout.notify_local(channel)


def publish(player_id: int, kind: str, data: dict[str, Any]) -> bool:
    """Store one event of the player's channel and send it to his streams now (or with the events
    published together, ``games.live.batch``); a failure is logged."""
    channel = channel_of(player_id)
    if batch.collect(channel, kind, data):
        return True
    try:
        _send(channel, kind, data)
    except Exception:  # noqa: BLE001 - whatever the storage or the broker does, the change stays
        logger.warning("the player event %s of player %s was not published", kind, player_id, exc_info=True)
        return False
    return True


def publish_on_commit(player_id: int, kind: str, data: dict[str, Any]) -> None:
    transaction.on_commit(lambda: publish(player_id, kind, data), robust=True)


def resume_id(player_id: int) -> str:
    from django_eventstream import get_current_event_id

    return get_current_event_id([channel_of(player_id)])  # type: ignore[no-any-return]


def _challenge_data(found: Challenge) -> dict[str, Any]:
    return {
        "challenge": found.pk,
        "challenger": found.challenger.handle,
        "challenged": found.challenged.handle if found.challenged_id else None,  # None: open
        "game_key": found.game,
        "time_control": found.time_control,
        "rated": found.rated,
        "colour": found.colour,
        "status": found.status,
        "game": found.played_id,
    }


def on_challenge_saved(sender: object, instance: Challenge, created: bool, **kwargs: object) -> None:
    """A challenge sent, or answered: both its players hear it."""
    kind = CHALLENGE if created else ANSWERED.get(Challenge.Status(instance.status))
    if kind is None:
        return
    data = _challenge_data(instance)
    for player_id in (instance.challenger_id, instance.challenged_id):
        if player_id is not None:  # an open challenge: its challenger alone until accepted
            publish_on_commit(player_id, kind, data)


def _game_data(game: Game, ply: int, move: str | None, to_move: int | None) -> dict[str, Any]:
    return {
        "game": game.pk,
        "game_key": game.game,
        "white": game.white.handle,
        "black": game.black.handle,
        "ply": ply,
        "move": move,
        "to_move": to_move,
    }


def on_game_created(sender: object, instance: Game, created: bool, **kwargs: object) -> None:
    """A game on the service begins: both players hear it, the player to move his move too."""
    if not created or not instance.on_service:
        return
    # who is to move in its position (the arbiter's status; none in a game created over): the
    # streams read the position themselves, they never ask play
    side = None if instance.finished_at is not None else registry.status(instance.position).to_move
    data = _game_data(instance, 0, None, side)
    starts = instance.starts_at  # an event's game: when it starts (no move before), and its first move's due
    due = instance.first_move_by
    started = {
        "starts_at": starts.isoformat() if starts else None,
        "first_move_by": due.isoformat() if due else None,
    }
    for player_id in (instance.white_id, instance.black_id):
        publish_on_commit(player_id, GAME_START, {**data, **started})
    if side is not None:
        publish_on_commit(instance.white_id if side == 0 else instance.black_id, YOUR_MOVE, data)


def on_move(sender: object, game: Game, to_move: int | None, **kwargs: object) -> None:
    """``games.signals.move_played``: the player now to move hears it."""
    if to_move is None:
        return
    last = game.moves.order_by("-ply").values_list("notation", flat=True).first()
    data = _game_data(game, game.plies, last, to_move)
    publish_on_commit(game.white_id if to_move == 0 else game.black_id, YOUR_MOVE, data)


def on_game_end(ends: list[tuple[int, dict[str, Any]]]) -> None:
    """The end events of games, each game's id and its event's data (``games.live.game_events``, after commit,
    one or many ended together): both players of each hear it, the players of all read at once."""
    games = Game.objects.filter(pk__in=[game_id for game_id, _data in ends])
    players = {pk: (white, black) for pk, white, black in games.values_list("pk", "white_id", "black_id")}
    for game_id, data in ends:
        for player_id in players.get(game_id, ()):
            publish(player_id, GAME_END, data)
