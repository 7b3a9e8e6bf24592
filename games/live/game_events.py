"""Live updates of games played on the service: each game has an event stream (server-sent events,
through django-eventstream) that tells its players and spectators when a move is stored and when
play ends.

The rules at home here:

* an event is published once the transaction that stored the move (or ended play) has committed,
  never before; publishing can fail (the database refusing to store it, Redis down): that is logged
  and nothing else, so a move is never refused or answered 500 for it;
* each event is stored first (django-eventstream's model storage, ``EVENTSTREAM_STORAGE_CLASS``:
  the database's tables, SQLite or PostgreSQL) with the next id of its game's channel, and sent with
  that id (``game-7:3``). A client that reconnects with ``Last-Event-ID`` (a browser's
  ``EventSource`` sends it by itself; or ``?lastEventId=``) gets the events it missed, in order,
  before the live ones. Events are kept 24 hours (the library's pruning, as each event is stored):
  an id older than that, or unknown, opens the stream with ``stream-reset``, and the client reads the
  game's state (the play API) instead. The game page starts its stream from :func:`resume_id`, read
  before the page's moves, so nothing between the page and its stream is lost either;
* an event is ``move``, ``end`` or ``clock`` with the game's state as JSON: ``game``, ``ply`` (moves
  played), ``move`` (the last one, in notation; null for ``clock``, a resignation's, a loss on
  time's and an arbiter's ``end``), ``to_move`` (0 White, 1 Black, null once over), each player's
  clock in seconds at the moment of the event (``white_seconds``, ``black_seconds``, null without
  a clock), ``over``, and once over: ``result`` (the game's, set when play ended; "" annulled),
  ``winner`` (0 White, 1 Black, null for a draw or no result), ``how`` (its termination: the
  game's own end such as ``no-reserve``, ``resignation``, ``time``, ``arbiter``, or ``annulled``)
  and ``ending``, as the record ends (the rules' result such as ``1-0``, or ``resign`` or
  ``time``: the player to move lost) or as the arbiter ended it (the result he adjudicated, or
  ``annulled``). ``move`` follows each stored move, the one that ends the game too; ``end`` then
  follows the end of play (that move, a resignation, time) and an arbiter's adjudication or
  annulment (``games.play.arbitration``), and an abort (``how`` and ``ending`` ``aborted``, no result:
  ``games.play.aborts``); ``clock`` the time an arbiter gave, or a clock started at the moment a first
  move was due (an event's game); ``takeback`` a takeback asked, declined or accepted
  (``games.play.takebacks``: ``takeback`` the step, ``side`` who asked, and the game's state after it);
* a stream is served only by an ASGI server (uvicorn, docs/deployment.md "Live games"): a WSGI server
  (``manage.py runserver``, gunicorn) answers the stream's address 204 at once, which tells a
  browser's ``EventSource`` not to reconnect; the game page then asks the play API every few
  seconds instead. With ``EVENTS_REDIS_URL`` set, every process publishes through Redis and every
  ASGI process passes the events on to its streams; without it events reach the streams of the
  publishing process only (one ASGI process serving everything). The streams themselves are
  ``games.live.streams``'s: no database connection nor thread while they wait, a limit a process, a
  Redis listener that reconnects;
* who may follow a game's stream is ``accounts.policy``'s (``Action.WATCH_GAME``: anyone, a
  spectator too); only a game played on the service has one.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from accounts.errors import NotFound
from accounts.policy import Action, require
from games.live import batch, fanout, streams
from games.models import Game

logger = logging.getLogger(__name__)

MOVE, END, CLOCK, TAKEBACK = "move", "end", "clock", "takeback"
#: a game's channel (:func:`channel_of`)
CHANNEL = "game-{}"

# Called with the ends published, each game's id and its end event's data (one, or the many published
# together), once they are (GamesConfig.ready adds games.live.player_events's): whatever else must hear
# that games ended.
END_LISTENERS: list[Callable[[list[tuple[int, dict[str, Any]]]], None]] = []


def channel_of(game_id: int) -> str:
    return CHANNEL.format(game_id)


def publish(game_id: int, kind: str, data: dict[str, Any]) -> bool:
    """Store one event and send it to the game's streams now; whether it went out (a failure, of the
    storage or of the broker, is logged only)."""
    try:
        from django_eventstream import send_event

        send_event(channel_of(game_id), kind, data)
        if not settings.EVENTS_REDIS_URL:  # no Redis: this process's own streams (games.live.streams)
            fanout.notify_local(channel_of(game_id))
        if kind == END:  # and to what listens to ends (its players' own streams: games.live.player_events)
            for listener in END_LISTENERS:
                listener([(game_id, data)])
    except Exception:  # noqa: BLE001 - whatever the storage or the broker does, the move stays stored
        logger.warning("the live event %s of game %s was not published", kind, game_id, exc_info=True)
        return False
    return True


def resume_id(game_id: int) -> str:
    """The id of the game's last stored event (``game-7:3``; ``game-7:0`` before any): a stream
    opened with it as ``lastEventId`` starts with every event stored since."""
    from django_eventstream import get_current_event_id

    return get_current_event_id([channel_of(game_id)])  # type: ignore[no-any-return]


def publish_on_commit(game_id: int, kind: str, data: dict[str, Any]) -> None:
    """Publish the event once the current transaction commits (at once outside one); a failure of
    the publishing never reaches the request. Collected instead while events are published together
    (``games.live.batch``)."""
    if batch.collect(channel_of(game_id), kind, data):
        return
    transaction.on_commit(lambda: publish(game_id, kind, data), robust=True)


def publish_all_on_commit(events: list[batch.Pending]) -> None:
    """Publish ``events`` (of games' and players' channels) together once the current transaction
    commits (:func:`publish_together`); collected instead while events are published together."""
    collected = batch.COLLECTED.get()
    if collected is not None:
        collected.extend(events)
        return
    transaction.on_commit(functools.partial(publish_together, events), robust=True)


@contextmanager
def together() -> Iterator[list[batch.Pending]]:
    """Inside a transaction: the events published meanwhile (games' and players') are published
    together once it commits (``games.live.batch``: one storage transaction, one Redis round trip),
    nothing if it rolls back. Yields the events collected so far (a part rolled back takes its own
    back)."""
    with batch.collecting() as events:
        yield events
    transaction.on_commit(lambda: publish_together(events), robust=True)


def publish_together(events: list[batch.Pending]) -> int:
    """Publish ``events`` (of games' and players' channels) at once, then what the games' ends among
    them make heard (their players' own streams, :data:`END_LISTENERS`), at once too; how many went
    out. A failure is logged, each game's event named, and changes nothing stored."""
    try:
        batch.publish(events)
        sent = len(events)
    except Exception:  # noqa: BLE001 - whatever the storage or the broker does, the games stay as they are
        sent = 0
        fanout.not_published(events)
    return sent + _heard(events)


def store_with_commit(events: list[batch.Pending]) -> None:
    """Inside the transaction that writes what ``events`` tell (a move): the events stored in it, so
    that they commit with it and a rolled-back transaction leaves none; sent to the streams (and the
    games' ends among them heard, as :func:`publish_together`) only once it commits, so that nobody
    hears of them before. A failure to store them before the database wrote anything is logged and
    leaves the transaction as it was (nothing is sent then); a failure of the database rolls the
    whole transaction back, the move's writes with its events (``games.live.batch.store``), and
    raises."""
    try:
        ids: list[int] | None = batch.store(events)
    except Exception:
        if transaction.get_connection().needs_rollback:  # the database failed: nothing is kept
            raise
        fanout.not_published(events)
        ids = None
    if any(kind == END for _channel, kind, _data in events):  # what the ends make heard, too
        transaction.on_commit(functools.partial(_send_stored, events, ids), robust=True)
    elif ids is not None:  # sent by the streams' own module, once (batch._send: fanout.send)
        transaction.on_commit(functools.partial(fanout.send_committed, batch._send, events, ids), robust=True)


def _send_stored(events: list[batch.Pending], ids: list[int] | None) -> int:
    """After commit: the stored ``events`` (with their ``ids``; None: not stored) sent, then what
    the games' ends among them make heard; how many went out."""
    sent = 0 if ids is None else fanout.send_committed(batch._send, events, ids)
    return sent + _heard(events)


def _heard(events: list[batch.Pending]) -> int:
    """What the games' ends among ``events`` make heard (:data:`END_LISTENERS`), published at once;
    how many went out."""
    ends = [
        (int(data["game"]), data)
        for channel, kind, data in events
        if kind == END and channel.startswith("game-")
    ]
    if not ends:
        return 0
    with batch.collecting() as heard:
        for listener in END_LISTENERS:
            try:
                listener(ends)
            except Exception:  # noqa: BLE001 - as publish: the games stay ended whatever they do
                logger.warning("a listener of the ends of %s games failed", len(ends), exc_info=True)
    return batch.publish_all(heard)


def watchable(game: Game, user: object) -> Game:
    """The game whose stream ``user`` may follow: a game played on the service, watched by anyone
    the policy lets (a refused permission is the edge's 403, a game off the service its 404)."""
    if not game.on_service:
        raise NotFound(_("only a game played on the service has live events"))
    require(user, Action.WATCH_GAME, game)
    return game


def stream(request: HttpRequest, game: Game) -> HttpResponse:
    """The game's event stream for ``request`` (its user already authenticated): server-sent events
    under an ASGI server, else an immediate 204 (no stream here: ask the play API instead)."""
    return serve(request, [channel_of(game.pk)])


def serve(request: HttpRequest, channels: list[str]) -> HttpResponse:
    """The stream of ``channels`` (a game's, a player's: ``games.live.streams``) under ASGI, else 204."""
    if not isinstance(request, ASGIRequest):
        response = HttpResponse(status=204)
        response["Cache-Control"] = "no-cache"
        return response
    return streams.serve(request, channels)


def resume_id_of(game_ids: list[int]) -> str:
    """The last stored event of several games' channels at once (``game-7:3,game-9:0``): a page that
    follows a round's games (the round page, the arbiter's queue) starts its stream from it."""
    from django_eventstream import get_current_event_id

    return get_current_event_id([channel_of(game_id) for game_id in game_ids])  # type: ignore[no-any-return]


def serve_games(request: HttpRequest, game_ids: list[int]) -> HttpResponse:
    """One stream of several games' events (a round page's, the arbiter's queue's): the games'
    channels together, under ASGI; 204 when there is nothing to follow or no stream here."""
    if not game_ids:
        response = HttpResponse(status=204)
        response["Cache-Control"] = "no-cache"
        return response
    return serve(request, [channel_of(game_id) for game_id in game_ids])
