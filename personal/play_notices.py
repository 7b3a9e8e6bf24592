"""Notices of play on the service that follow the game: "your move" in a slow game, the time warning,
and their reading once the move is made or the game is over.

The rules at home here:

* when a move is stored and the game goes on (``games.signals.move_played``), the mover's unread
  notices about moves of that game (:data:`MOVE_KINDS`: its start, his move, his time, a draw or a
  takeback offered to him) are read: he answered them by moving;
* the player now to move gets a "your move" notice for that game when it is played by
  correspondence (or without a clock), at most one unread a game: a live game's player has his
  stream and the game's page, not a notice a move;
* when the player to move's clock runs low (``games.signals.time_running_out``: ``games.play.clock_sweep``,
  on time) he gets the time warning, with the time left;
* when a game ends, however (``games.live.game_events.END_LISTENERS``: a result, a loss on time, an abort, an
  annulment), both players' unread notices about its moves are read; an aborted game (no result,
  so no notice of a result) tells both players it was aborted;
* a draw offered (``DrawOffer`` saved open) tells the player it is offered to; a takeback asked
  (``Game.takeback_side`` saved) tells the opponent; each is read when it is answered, when he
  moves, or when the game ends;
* every notice goes through ``accounts.notices.notify``: in each recipient's language, to each of
  his channels (``personal.delivery``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from functools import partial
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import Notice
from accounts.notices import DRAW_OFFER, GAME_END, ROUND_PUBLISHED, TAKEBACK, notify, read_about
from games.models import DrawOffer, Game
from games.play import clocks
from games.play.vacations import duration_text

#: the kinds of notice about a game's moves: read once the recipient moves or the game is over
MOVE_KINDS = (ROUND_PUBLISHED, Notice.YOUR_MOVE, Notice.TIME_WARNING, DRAW_OFFER, TAKEBACK)
#: the live ``end``'s ``how`` of a game whose first moves did not come (``games.play.ABORTED``)
ABORTED = "aborted"


def _user_of(game: Game, side: int | None) -> int | None:
    if side is None:
        return None
    return game.white.user_id if side == 0 else game.black.user_id


def slow(game: Game) -> bool:
    """A game played by correspondence, or without a clock: its player is told of his move."""
    control = clocks.parse(game.time_control)
    return control is None or control.kind == clocks.CORRESPONDENCE


def on_move_played(
    sender: object, game: Game, to_move: int | None, mover: int | None = None, **kwargs: object
) -> list[Notice]:
    """Receiver of ``move_played``: the mover's (``mover``, his user's id, as the move stored it)
    notices about the game's moves read; "your move" to the player now to move in a slow game, unless
    one is unread already."""
    link = game.get_absolute_url()
    read_about([mover], link, MOVE_KINDS)
    user_id = _user_of(game, to_move)
    if user_id is None or user_id == mover or not slow(game):
        return []
    if Notice.objects.filter(recipient_id=user_id, kind=Notice.YOUR_MOVE, link=link, read=False).exists():
        return []  # one message a game until he moves
    return notify(
        [user_id],
        Notice.YOUR_MOVE,
        lambda: (
            _("Your move in %(game)s (%(name)s), move %(ply)s played")
            % {"game": f"{game.white} – {game.black}", "name": game.game_name, "ply": game.plies}
        ),
        link,
        {"game": game.pk, "ply": game.plies},
    )


def left_text(left: timedelta, correspondence: bool) -> str:
    """The time left as the warning says it: days, hours or minutes by correspondence; minutes and
    seconds of a live clock."""
    if correspondence or left >= timedelta(hours=1):
        return duration_text(left)
    seconds = max(int(left.total_seconds()), 0)
    if seconds < 60:
        return ngettext("%(n)s second", "%(n)s seconds", seconds) % {"n": seconds}
    minutes, seconds = divmod(seconds, 60)
    text = ngettext("%(n)s minute", "%(n)s minutes", minutes) % {"n": minutes}
    if seconds:
        text += " " + ngettext("%(n)s second", "%(n)s seconds", seconds) % {"n": seconds}
    return text


def on_time_running_out(
    sender: object, game: Game, side: int, left: timedelta, **kwargs: object
) -> list[Notice]:
    """Receiver of ``time_running_out``: the time warning for the player to move."""
    control = clocks.parse(game.time_control)
    correspondence = control is not None and control.kind == clocks.CORRESPONDENCE
    return notify(
        [_user_of(game, side)],
        Notice.TIME_WARNING,
        lambda: (
            _("Only %(left)s left on your clock in %(game)s: move before it runs out")
            % {"left": left_text(left, correspondence), "game": f"{game.white} – {game.black}"}
        ),
        game.get_absolute_url(),
        {"game": game.pk, "ply": game.plies, "seconds_left": int(left.total_seconds())},
    )


def _aborted(game: Game) -> str:
    return _("%(game)s was aborted before it started: no result") % {
        "game": f"{game.white} – {game.black} ({game.game_name})"
    }


def on_games_ended(ends: list[tuple[int, dict[str, Any]]]) -> None:
    """``games.live.game_events.END_LISTENERS`` (after commit): the games ended, each game's id and
    its end event's data (one, or a round's flags falling together). Their players' notices about
    their moves are read, in one statement for all; an aborted game is told."""
    ids = [game_id for game_id, _data in ends]
    players = {
        uid
        for pair in Game.objects.filter(pk__in=ids).values_list("white__user_id", "black__user_id")
        for uid in pair
    }
    players.discard(None)
    if players:
        links = [reverse("games:game-detail", args=[game_id]) for game_id in ids]
        Notice.objects.filter(
            recipient_id__in=players, link__in=links, kind__in=MOVE_KINDS, read=False
        ).update(read=True)
    aborted = [game_id for game_id, data in ends if data.get("how") == ABORTED]
    for game in Game.objects.filter(pk__in=aborted).select_related("white", "black") if aborted else []:
        notify(
            [game.white.user_id, game.black.user_id],
            GAME_END,
            partial(_aborted, game),
            game.get_absolute_url(),
            {"game": game.pk, "result": "", "how": ABORTED},
        )


def _asked_of_opponent(
    game: Game, side: int, kind: str, asks: Callable[[], str], ply: int | None
) -> list[Notice]:
    """Tell the opponent of ``side``'s player what he asks (``asks``: the message in the opponent's
    language, naming the ``player`` and the ``game``) at ``ply``."""
    asking = game.white if side == 0 else game.black
    return notify(
        [_user_of(game, 1 - side)],
        kind,
        lambda: asks() % {"player": asking, "game": f"{game.white} – {game.black}"},
        game.get_absolute_url(),
        {"game": game.pk, "ply": ply},
    )


def on_draw_offer_saved(sender: object, instance: DrawOffer, created: bool, **kwargs: object) -> list[Notice]:
    """Receiver of a draw offer's ``post_save``: the player it is offered to is told; declined, his
    notice of it is read."""
    game = instance.game
    other = _user_of(game, 1 - instance.side)
    link = game.get_absolute_url()
    if not created:
        if instance.status != DrawOffer.Status.OPEN:
            read_about([other], link, [DRAW_OFFER])
        return []
    return _asked_of_opponent(
        game, instance.side, DRAW_OFFER, lambda: _("%(player)s offers you a draw in %(game)s"), instance.ply
    )


def on_game_saved(
    sender: object, instance: Game, created: bool, update_fields: Any = None, **kwargs: object
) -> list[Notice]:
    """Receiver of a game's ``post_save``: a takeback asked (``games.play.takebacks``: the request alone
    saved) tells the opponent; its answer declined reads it."""
    if created or update_fields is None or set(update_fields) != {"takeback_side", "takeback_ply"}:
        return []
    link = instance.get_absolute_url()
    side = instance.takeback_side
    if side is None:  # declined
        read_about([instance.white.user_id, instance.black.user_id], link, [TAKEBACK])
        return []
    return _asked_of_opponent(
        instance,
        side,
        TAKEBACK,
        lambda: _("%(player)s asks to take back his last move in %(game)s"),
        instance.takeback_ply,
    )
