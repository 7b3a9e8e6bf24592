"""Takebacks in casual games: a player asks to take back his last move, his opponent accepts or
declines.

The rules at home here:

* only in a casual game (origin ``service``), in play; not in a game of an event (its moves stand,
  as over the board in a rated event);
* a player asks (:func:`ask`) while the last move played is his own; the request is his side and
  the ply it was asked at (``Game.takeback_side``, ``takeback_ply``), one at a time. It lapses when
  a move is played (``games.play.service`` clears it; a request at another ply than the game's is none);
* only his opponent answers (:func:`answer`): declined, nothing changes but the request; accepted,
  the move is taken back: its ``Move`` row deleted, the position the one before it, the asker to
  move again. The clocks: the asker's time is what he had when he made the move (``Move.clock_before``,
  the time the move added taken back too); the opponent's clock stops with the time it had when the
  move was made (the time he spent on his reply and on the request is not charged). The asker's
  clock then runs from the acceptance, if the game is still started (both sides have a move left);
  else no clock runs and the first move is due within the start window again (``games.play.aborts``);
* each step is told to the game's stream as ``takeback`` (``asked``, ``declined``, ``accepted`` with
  the game's state) and to the other player's own stream (``games.live.player_events``).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.errors import PermissionRefused
from accounts.policy import Action, require
from common.locking import retry_on_conflict
from games import options as game_options
from games.live import game_events, player_events
from games.models import Game, Move
from games.play import announcements, clocks, errors, flags, state
from games.records.confirmation import lock_game

ASKED, DECLINED, ACCEPTED = "asked", "declined", "accepted"


def pending(game: Game) -> int | None:
    """The side (0 White, 1 Black) whose takeback request waits for an answer, else None."""
    if game.finished_at is not None or game.takeback_side is None or game.takeback_ply != game.plies:
        return None
    return game.takeback_side


def _side_of(game: Game, user: object) -> int:
    return 0 if game.white.user_id == getattr(user, "pk", None) else 1


def _in_play(game: Game) -> None:
    if game.origin != Game.Origin.SERVICE:
        raise errors.PlayConflict(_("takebacks are for casual games: a game of an event keeps its moves"))
    if game.finished_at is not None:
        raise errors.GameOver(_("the game is over: no move can be taken back"), ply=state.ply_of(game))


@retry_on_conflict
def ask(game: Game, user: object) -> Game:
    """``user`` asks to take back his move, the last one played."""
    require(user, Action.PLAY_MOVE, game)
    with transaction.atomic():
        game = lock_game(game.pk)
        _in_play(game)
        last = game.moves.order_by("-ply").first()
        if last is None or last.by_id != getattr(user, "pk", None):
            raise errors.PlayConflict(
                _("only your own move can be taken back, while it is the last one played"), ply=game.plies
            )
        side = _side_of(game, user)
        if pending(game) == side:
            raise errors.PlayConflict(
                _("you asked already: your opponent has not answered yet"), ply=game.plies
            )
        game.takeback_side, game.takeback_ply = side, game.plies
        game.save(update_fields=["takeback_side", "takeback_ply"])
        _tell(game, ASKED, side)
    return game


@retry_on_conflict
def answer(game: Game, user: object, accept: bool) -> Game:
    """``user``, the opponent of the player who asked, accepts the takeback or declines it."""
    require(user, Action.PLAY_MOVE, game)
    with transaction.atomic():
        game = lock_game(game.pk)
        _in_play(game)
        side = pending(game)
        if side is None:
            raise errors.PlayConflict(
                _("no takeback is asked now (a request lapses when a move is played)"), ply=game.plies
            )
        if _side_of(game, user) == side:
            raise PermissionRefused(Action.PLAY_MOVE, _("only your opponent answers your takeback request"))
        game.takeback_side = game.takeback_ply = None
        if accept:
            _take_back(game, side)
        else:
            game.save(update_fields=["takeback_side", "takeback_ply"])
        _tell(game, ACCEPTED if accept else DECLINED, side)
    return game


def restored_time(move: Move, control: clocks.TimeControl | None) -> timedelta | None:
    """The mover's time given back with ``move``: what he had when he made it (a move stored
    before ``clock_before`` was kept: its time after, less what a move adds)."""
    if move.clock_before is not None or control is None or move.clock_after is None:
        return move.clock_before
    return max(move.clock_after - control.increment, timedelta(0))


def _take_back(game: Game, side: int) -> None:
    now = timezone.now()
    last = game.moves.order_by("-ply").first()
    assert last is not None  # a request is asked after a move of the asker's
    before = game.moves.filter(ply__lt=last.ply).order_by("-ply").first()
    restored = restored_time(last, clocks.parse(game.time_control))
    if restored is not None:
        if side == 0:
            game.white_time = restored
        else:
            game.black_time = restored
    last.delete()
    game.position = before.position if before else game_options.start(game.game, game.options)
    game.plies = last.ply - 1
    game.warned_ply = None
    if state.both_moved(game):
        game.turn_started, game.first_move_by = now, None
    else:
        game.turn_started, game.first_move_by = None, now + state.start_window(game)
    game.save()
    flags.schedule(game, state.to_move(game))


def _tell(game: Game, step: str, side: int) -> None:
    """The game's stream and the other player's own stream hear the step."""
    data = {"game": game.pk, "ply": game.plies, "takeback": step, "side": side}
    announcements.announce_clocks(game, kind=game_events.TAKEBACK, extra=data)
    other = game.black_id if (side == 0) == (step == ASKED) else game.white_id
    player_events.publish_on_commit(other, player_events.TAKEBACK, data)
