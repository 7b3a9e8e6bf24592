"""The end of play on the service, in one place: every end (a move by the rules, a resignation, a
draw agreed, time, an abort, an arbiter's adjudication or annulment) stops the game here.

The rules at home here:

* an end by the game's play (the rules after a move, a resignation, a draw agreed, time) has two
  steps. The first, :func:`close`, in the transaction that ended it, under the game's lock: the
  running clock stops, the result and termination are the game's at once (where its origin takes a
  result now and nobody set one: judged from the arbiter's status, ``games.play.carrying.judged``),
  the draw offer left standing is closed (lapsed with the game), the ``end`` is told to the live
  streams once the transaction commits, and what is left to do is marked on the game
  (``Game.to_carry``: the ending's words). From then on the game is over: a move is refused, the
  pages and the play API show it ended. The second (``games.play.carrying``) carries the result to
  what the game rests on: the played record, the origin's result (under its locks), the notices.
  An end a player makes (a move, a resignation, a draw agreed) or finds (a flag fallen, seen by a
  move or a read) takes both in its one transaction (:func:`finish`, :func:`end`): the game's lock
  is taken under its origin's (the round's) already, and the answer says the result official. The
  flags falling together (``games.play.flags``) take the first step for many games in one
  transaction under the games' locks only, and queue the second after commit (``games.carry``,
  :data:`CARRY`): the database, not the queue, remembers what is left, and the sweep carries a game
  still marked;
* an abort (:func:`abort`, ``games.play.aborts``), a forfeit (:func:`forfeit`: an event's game
  whose first move did not come) and an arbiter's end (:func:`stop`, ``games.play.arbitration``) stop
  the clock and keep the moves played as the game's record: the abort and the forfeit are told
  ``end`` here, the arbiter's action tells its own.
"""

from __future__ import annotations

from datetime import datetime

from arbiter.play import Status
from arbiter.records import TIME, Ending
from common import bulk
from games import origins
from games.live import batch, game_events
from games.models import MOMENTS, DrawOffer, Game
from games.play import announcements, carrying, state
from games.play.endings import FORFEIT
from games.records.writer import record_of
from games.results import BLACK_FORFEIT_WIN, WHITE_FORFEIT_WIN

#: the second step's task (``games.play.tasks``), loaded when queued
CARRY = "games.play.tasks.carry_task"

#: what :func:`close` changes on a game (its flag's moment follows: ``Game.save``)
ENDED_FIELDS = (
    *("white_time", "black_time", "finished_at", "turn_started", "first_move_by"),
    *("takeback_side", "takeback_ply", "result", "termination", "to_carry"),
)


def stop_clock(game: Game, now: datetime, status: Status | None = None) -> None:
    """The locked ``game``'s running clock stops at ``now`` (the time used charged to the player to
    move, his vacations not: ``games.play.state.clocks_at``; none after a move that ended the game,
    whose ``status`` says so) and play is over: no first move due, no takeback asked. Not saved."""
    side = state.to_move(game) if status is None else status.to_move
    if side is not None and game.time_control and game.turn_started is not None:
        left = state.clocks_at(game, now).of(side)
        if side == 0:
            game.white_time = left
        else:
            game.black_time = left
    game.finished_at = now
    game.turn_started = game.first_move_by = None
    game.takeback_side = game.takeback_ply = None


def close_offers(game_ids: list[int], now: datetime) -> None:
    """The draw offers left standing in the games ended lapse with them (``games.play.draws``)."""
    if game_ids:
        DrawOffer.objects.filter(game_id__in=game_ids, status=DrawOffer.Status.OPEN).update(
            status=DrawOffer.Status.LAPSED, answered_at=now
        )


def close(
    game: Game,
    ending: Ending,
    now: datetime,
    move: str | None = None,
    status: Status | None = None,
    offers: bool = True,
    save: bool = True,
) -> batch.Pending:
    """The first step of an end of play on the locked ``game`` (``ending``: the rules' result after
    the move ``move`` just stored, whose ``status`` the arbiter gave; a resignation; a draw agreed;
    time), saved (``save``; else the caller saves it with others', :func:`save_closed`): over, with
    its result, its offers closed (``offers``; else the caller closes them with others',
    :func:`close_offers`), marked to be carried. The ``end`` event, for the caller to publish once
    the transaction commits."""
    result, termination = carrying.judged(game, ending, status)
    stop_clock(game, now, status)
    if not game.state and origins.allows(game, origins.TAKE):
        game.result, game.termination = ("" if result is None else str(result)), termination
    game.to_carry = ending.text
    if save:
        game.save(update_fields=ENDED_FIELDS)
    if offers:
        close_offers([game.pk], now)
    return announcements.end_event(game, move, ending.text, termination)


def finish(
    game: Game,
    ending: Ending,
    actor: object,
    now: datetime,
    move: str | None = None,
    status: Status | None = None,
) -> batch.Pending:
    """Both steps of an end of play on the locked ``game``, in its transaction: :func:`close`, then
    the result carried (``games.play.carrying.carry``: the played record submitted by ``actor``, the
    origin told, official at once where it takes it). The ``end`` event, to publish once it commits."""
    told = close(game, ending, now, move, status)
    carrying.carry(game, ending, getattr(actor, "pk", None), status)
    return told


def end(game: Game, ending: Ending, actor: object, now: datetime) -> None:
    """Play ends on the locked ``game`` in play (a resignation, a draw agreed by ``actor``; time, the
    actor None, found by a read or a move): :func:`finish`, its ``end`` told once it commits."""
    game_events.publish_all_on_commit([finish(game, ending, actor, now)])


def end_on_time(game: Game, now: datetime, save: bool = True) -> batch.Pending:
    """The first step of a loss on time (``games.play.flags``, many games in one transaction): the
    ``end`` event to publish with the others' (its draw offer closed with theirs; the game saved with
    theirs too unless ``save``: :func:`save_closed`)."""
    return close(game, Ending(TIME), now, offers=False, save=save)


def save_closed(games: list[Game]) -> None:
    """The ``games`` closed together but not saved (:func:`close`), saved in one statement with their
    clocks' moments (none now: ``games.models.MOMENTS``), as each one's save would write them."""
    for game in games if MOMENTS else []:
        MOMENTS[0](game)
    bulk.update_each(Game, games, [*ENDED_FIELDS, "flag_at", "warn_at"])


def stop(game: Game, now: datetime) -> None:
    """Play stops on the locked ``game`` in play without an end of its own (an arbiter's adjudication
    or annulment, ``games.play.arbitration``; an abort): the running clock stops and the moves so
    far, each checked by the arbiter as it was played, are the game's record. Nothing is submitted;
    the arbiter's action tells the live streams (``games.play.announcements.announce_end``)."""
    stop_clock(game, now)
    game.record = record_of(game)
    game.plies = game.moves.count()
    game.save()
    close_offers([game.pk], now)


def forfeit(game: Game, now: datetime, carry: bool = True) -> None:
    """The locked ``game``'s side to move made no first move within its window (an event's game,
    ``games.play.aborts``): he loses by forfeit (``+/-``, ``-/+``; not on time), play stopped, the
    stream told; its result carried at once (``games.play.carrying.carry_forfeit``) or, ``carry``
    false, marked (``Game.to_carry``) where only the game is locked (``games.play.flags``)."""
    side = state.to_move(game) or 0
    result = BLACK_FORFEIT_WIN if side == 0 else WHITE_FORFEIT_WIN
    stop(game, now)
    game.result, game.termination = result, FORFEIT
    game.to_carry = "" if carry else FORFEIT
    game.save(update_fields=["result", "termination", "to_carry"])
    announcements.announce_end(game, result, FORFEIT)
    if carry:
        carrying.carry_forfeit(game)


def abort(game: Game, now: datetime) -> None:
    """Abort the locked ``game`` (``games.play.aborts``): over, no result, the stream told ``aborted``."""
    game.state, game.result, game.termination = Game.State.ABORTED, "", announcements.ABORTED
    stop(game, now)
    announcements.announce_end(game, "", announcements.ABORTED)
