"""Draw offers in games played on the service.

The rules at home here (docs/play.md, "Draw offers"):

* a draw may be offered only in a game whose rules allow one (its spec's ``draws``:
  DVONN, YINSH; a game that cannot be drawn refuses the offer, 400), on the service and in play,
  by one of its two players (``accounts.policy``: ``Action.PLAY_MOVE``), whether or not he is to move;
* one offer stands at a time: the offerer's own second offer is refused (409); offering while the
  opponent's offer stands accepts it; after an offer was declined or lapsed, its player offers
  again only once a move has been played since (no offer after offer);
* the opponent accepts it: the game ends at once, ½–½, official, worded "Drawn by agreement"
  (``games.play.endings``), its record ending with the word ``draw`` (``arbiter.records``), through
  ``games.play.ends.end``; or he declines it;
* an offer lapses when the opponent moves (the play service asks :func:`lapse`), and with the game's
  end (``games.play.ends``);
* each offer, refusal and lapse is told to the game's live streams as ``draw`` (``games.live.game_events``),
  and to each player's own stream (``games.live.player_events``, a bot's), with ``offer`` (0 White, 1 Black: whose offer stands, null: none) and ``answer`` (``offered``,
  ``declined``, ``lapsed``); an accepted offer's end is the game's ``end`` event.

Every change locks the game's row first (``games.records.confirmation.lock_game``).
"""

from __future__ import annotations

import functools
from datetime import datetime

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.errors import PermissionRefused
from accounts.policy import Action, require
from arbiter import registry
from arbiter.records import AGREED, Ending
from games.choices import game_name
from games.errors import GameServiceError
from games.live import batch, game_events, player_events
from games.models import DrawOffer, Game
from games.play import ends, errors
from games.records.confirmation import lock_game

#: the live event of a draw offer (``games.live.game_events``)
DRAW = "draw"
OFFERED, DECLINED, LAPSED = "offered", "declined", "lapsed"


class DrawRefused(GameServiceError):
    """A draw offer in a game whose rules allow no draw (400)."""


def allowed(game: Game) -> bool:
    """The game's rules allow a draw (its spec's ``draws``)."""
    return _drawn(game.game)


@functools.cache
def _drawn(key: str) -> bool:
    """Whether ``key``'s rules allow a draw (a spec's answer never changes in a process)."""
    return key in registry.game_keys() and registry.draws(key)


def pending(game: Game) -> DrawOffer | None:
    """The offer standing in the game (None: none, or the game is over)."""
    if game.finished_at is not None:
        return None
    return game.draw_offers.filter(status=DrawOffer.Status.OPEN).first()


def side_of(game: Game, user: object) -> int:
    """The side ``user`` plays (0 White, 1 Black); a non-player is refused (403)."""
    require(user, Action.PLAY_MOVE, game)
    pk = getattr(user, "pk", None)
    if game.white.user_id == pk:
        return 0
    if game.black.user_id == pk:
        return 1
    raise PermissionRefused(Action.PLAY_MOVE, _("only the two players of this game may offer a draw"))


def _in_play(game: Game) -> None:
    if not game.on_service:
        raise errors.PlayConflict(_("this game is not played on the service: no draw can be offered here"))
    if game.finished_at is not None or game.state == Game.State.ANNULLED:
        raise errors.GameOver(_("the game is over: no draw can be offered or accepted"), ply=game.plies)
    if not allowed(game):
        raise DrawRefused(
            _("the rules of %(game)s allow no draw: a draw cannot be offered")
            % {"game": game_name(game.game)}
        )


def _publish(game: Game, offer: int | None, answer: str) -> None:
    data = {"game": game.pk, "ply": game.plies, "offer": offer, "answer": answer}
    game_events.publish_on_commit(game.pk, DRAW, data)
    for player in (game.white, game.black):  # and each player's own stream (a bot's)
        player_events.publish_on_commit(player.pk, DRAW, data)


def offer(game: Game, user: object) -> DrawOffer:
    """``user`` offers a draw (or accepts the opponent's standing offer, which then ends the game)."""
    side_of(game, user)
    with transaction.atomic():
        game = lock_game(game.pk)
        side = side_of(game, user)
        _in_play(game)
        standing = pending(game)
        if standing is not None and standing.side != side:
            return _accept(game, standing, user)
        if standing is not None:
            raise errors.PlayConflict(
                _("you offered a draw already: your opponent answers it"), ply=game.plies
            )
        last = game.draw_offers.filter(side=side).first()
        if last is not None and last.ply == game.plies:
            raise errors.PlayConflict(
                _("your last draw offer was answered at this move: offer again after a move"), ply=game.plies
            )
        made = DrawOffer.objects.create(game=game, side=side, ply=game.plies, offered_at=timezone.now())
        _publish(game, side, OFFERED)
        return made


def _standing_for(game: Game, user: object) -> DrawOffer:
    """The opponent's offer standing in the locked game, which ``user`` answers (409 when none)."""
    side = side_of(game, user)
    _in_play(game)
    standing = pending(game)
    if standing is None:
        raise errors.PlayConflict(_("there is no draw offer to answer"), ply=game.plies)
    if standing.side == side:
        raise errors.PlayConflict(_("this is your own draw offer: your opponent answers it"), ply=game.plies)
    return standing


def _accept(game: Game, standing: DrawOffer, user: object) -> DrawOffer:
    now = timezone.now()
    standing.status, standing.answered_at = DrawOffer.Status.ACCEPTED, now
    standing.save(update_fields=["status", "answered_at"])
    ends.end(game, Ending(AGREED), user, now)
    return standing


def accept(game: Game, user: object) -> DrawOffer:
    """The opponent accepts the standing offer: the game is drawn by agreement, official at once."""
    side_of(game, user)
    with transaction.atomic():
        game = lock_game(game.pk)
        return _accept(game, _standing_for(game, user), user)


def decline(game: Game, user: object) -> DrawOffer:
    """The opponent declines the standing offer: play goes on."""
    side_of(game, user)
    with transaction.atomic():
        game = lock_game(game.pk)
        standing = _standing_for(game, user)
        standing.status, standing.answered_at = DrawOffer.Status.DECLINED, timezone.now()
        standing.save(update_fields=["status", "answered_at"])
        _publish(game, None, DECLINED)
        return standing


def lapse(game: Game, side: int, now: datetime) -> list[batch.Pending]:
    """In the locked game just moved by ``side``: an offer the other side made him lapses (where the
    rules allow draws at all); what its streams are told then, for the service to publish with the
    move's (none when no offer lapsed)."""
    if not allowed(game):
        return []
    stored = DrawOffer._meta.get_field("answered_at").get_db_prep_save(now, connection)
    with connection.cursor() as cursor:  # the statement composed once a process
        lapsed, open_ = str(DrawOffer.Status.LAPSED), str(DrawOffer.Status.OPEN)  # their values
        cursor.execute(_lapsing(), [lapsed, stored, game.pk, open_, side])
        if not cursor.rowcount:
            return []
    data = {"game": game.pk, "ply": game.plies, "offer": None, "answer": LAPSED}
    return [
        (game_events.CHANNEL.format(game.pk), DRAW, data),
        *((player_events.CHANNEL.format(player), DRAW, data) for player in (game.white_id, game.black_id)),
    ]


@functools.cache
def _lapsing() -> str:
    """:func:`lapse`'s update: the open offer of the other side lapsed (as the ORM writes it)."""
    quote = connection.ops.quote_name
    column = {
        name: quote(DrawOffer._meta.get_field(name).column)
        for name in ("status", "answered_at", "game", "side")
    }
    return (
        f"UPDATE {quote(DrawOffer._meta.db_table)} SET {column['status']} = %s, {column['answered_at']} = %s "
        f"WHERE {column['game']} = %s AND {column['status']} = %s AND NOT ({column['side']} = %s)"
    )


def state(game: Game, user: object) -> dict[str, object]:
    """What the game page and the API show of draws for ``user``: whether the game can be drawn,
    whose offer stands (0, 1 or None), and what ``user`` may do now (offer, answer)."""
    can_draw = game.on_service and game.finished_at is None and allowed(game)
    standing = pending(game) if can_draw else None
    pk = getattr(user, "pk", None)
    mine = 0 if pk and game.white.user_id == pk else 1 if pk and game.black.user_id == pk else None
    offerable = can_draw and mine is not None and standing is None
    if offerable:
        last = game.draw_offers.filter(side=mine).first()
        offerable = last is None or last.ply != game.plies
    return {
        "allowed": can_draw,
        "offer": None if standing is None else standing.side,
        "mine": mine,
        "can_offer": offerable,
        "can_answer": standing is not None and mine is not None and standing.side != mine,
        "offered_by_me": standing is not None and standing.side == mine,
    }
