"""Games that never started: no clock runs before both sides have made their first move (as on
lichess), and a game whose first moves do not come is not left waiting for ever.

The rules at home here:

* each first move is due within the start window (``games.play.state.start_window``: an event's
  game's own, the event's grace; else the settings ``GAME_START_LIVE``: 3 minutes for a live clock;
  ``GAME_START_CORRESPONDENCE``: 7 days for a correspondence clock or none): White's from the game's
  creation (an event's game: its round's start, ``Game.starts_at``), Black's from White's first
  move; the moment is ``Game.first_move_by``, cleared when both sides have moved (``games.play.service``);
* when it passes (``games.play.service``'s check, under the game's lock: the moment's own task, a read of the game or
  a move, the sweep) a **casual** game is aborted: over, no result, unrated, its state ``aborted``,
  its moves kept as its record, the live ``end`` says ``how: aborted``. A game of an **event's**
  round is not aborted: its pairing expects a result. The side to move loses it by forfeit
  (``games.play.service.forfeit_now``: ``+/-`` or ``-/+``, termination ``forfeit``, unrated), as on
  lichess's Swiss; the arbiter keeps his decision;
* either player of a casual game may abort it (:func:`abort`) while it has not started; an event's
  game only its arbiter ends (annul, adjudicate: ``games.play.arbitration``);
* the moment is scheduled like a flag and swept with the flags (``games.play.flags``: its task, the check
  on reading, ``flags.fallen`` in the sweep's ``games.play.clock_sweep``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from common.locking import retry_on_conflict
from games.models import Game
from games.play import announcements, errors, service, state
from games.records.confirmation import lock_game

ABORTED = announcements.ABORTED  # the live end's ``how`` and ``ending``, the game's termination


@retry_on_conflict
def abort(game: Game, user: object) -> Game:
    """A player aborts his casual game before it started (both sides moved): no result."""
    require(user, Action.PLAY_MOVE, game)
    with transaction.atomic():
        game = lock_game(game.pk)
        if game.origin != Game.Origin.SERVICE:
            raise errors.PlayConflict(_("a game of an event is not aborted: its arbiter decides it"))
        if game.finished_at is not None:
            raise errors.GameOver(_("the game is over: it cannot be aborted"), ply=state.ply_of(game))
        if game.first_move_by is None:
            raise errors.PlayConflict(
                _("the game has started (both sides have moved): it can no longer be aborted"),
                ply=state.ply_of(game),
            )
        service.abort_now(game, timezone.now())
    return game
