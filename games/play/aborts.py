"""Games that never started: no clock runs before both sides have made their first move (as on
lichess), and a game whose first moves do not come is not left waiting for ever.

The rules at home here:

* each first move is due within the start window (``games.play.state.start_window``: an event's
  game's own, the event's grace; else the settings ``GAME_START_LIVE``: 3 minutes for a live clock;
  ``GAME_START_CORRESPONDENCE``: 7 days for a correspondence clock or none): White's from the game's
  creation (an event's game: its round's start, ``Game.starts_at``, no move before it:
  :func:`before_start`), Black's from White's first move; the moment is ``Game.first_move_by``,
  cleared when both sides have moved (``games.play.service``);
* when it passes (:func:`lapsed`, under the game's lock: the clocks' ticker, a read of the game or
  a move, the sweep) a **casual** game is aborted: over, no result, unrated, its state ``aborted``,
  its moves kept as its record, the live ``end`` says ``how: aborted``. A game of an **event's**
  round is not aborted: its pairing expects a result. The side to move loses it by forfeit
  (``games.play.ends.forfeit``: ``+/-`` or ``-/+``, termination ``forfeit``, unrated), as on
  lichess's Swiss; the arbiter keeps his decision;
* either player of a casual game may abort it (:func:`abort`) while it has not started; an event's
  game only its arbiter ends (annul, adjudicate: ``games.play.arbitration``);
* the moment is the game's flag until then (``Game.flag_at``) and ended with the flags
  (``games.play.flags``: the clocks' ticker, the check on reading, the sweep's ``games.play.clock_sweep``).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from common.locking import retry_on_conflict
from games.models import Game
from games.play import announcements, ends, errors, state
from games.play.endings import FORFEIT, grace_text
from games.records.confirmation import lock_game

ABORTED = announcements.ABORTED  # the live end's ``how`` and ``ending``, the game's termination


def before_start(game: Game, now: datetime) -> Exception | None:
    """Why the locked ``game`` takes no move at ``now`` before it started (None: it takes one): its
    start still to come (an event's round starting later), or its first move due and not come, the
    game then aborted or lost by forfeit (:func:`lapsed`, stored)."""
    if state.not_started(game, now):
        start = game.starts_at.strftime("%Y-%m-%d %H:%M:%S")  # type: ignore[union-attr]
        return errors.PlayConflict(_("the game starts at %(start)s UTC: no move before") % {"start": start})
    if not lapsed(game, now):
        return None
    if game.termination == FORFEIT:
        grace = grace_text(state.start_window(game))
        return errors.GameOver(
            _("the game is lost by forfeit: no first move within %(grace)s") % {"grace": grace},
            ply=game.plies,
        )
    return errors.GameOver(_("the game was aborted: its first moves did not come in time"), ply=game.plies)


def lapsed(game: Game, now: datetime, carry: bool = True) -> bool:
    """The locked ``game``'s first move, due by ``now``, did not come: a casual game is aborted; an
    event's is lost by forfeit by the side to move (``games.play.ends.forfeit``: its result carried
    at once, or with ``carry`` false marked for ``games.play.carrying``). Whether it ended."""
    if game.first_move_by is None or now < game.first_move_by or game.finished_at is not None:
        return False
    if game.origin == Game.Origin.SERVICE:
        ends.abort(game, now)
    else:
        ends.forfeit(game, now, carry)
    return True


@retry_on_conflict
def abort(game: Game, user: object) -> Game:
    """A player aborts his casual game before it started (both sides moved): no result."""
    require(user, Action.PLAY_MOVE, game)
    with transaction.atomic():
        game = lock_game(game.pk)
        if game.origin != Game.Origin.SERVICE:
            raise errors.PlayConflict(_("a game of an event is not aborted: its arbiter decides it"))
        if game.finished_at is not None:
            raise errors.GameOver(_("the game is over: it cannot be aborted"), ply=game.plies)
        if game.first_move_by is None:
            raise errors.PlayConflict(
                _("the game has started (both sides have moved): it can no longer be aborted"),
                ply=game.plies,
            )
        ends.abort(game, timezone.now())
    return game
