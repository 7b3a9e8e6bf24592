"""The play service: a move on a game played on the service, a resignation, and the end of play.

The rules at home here:

* a game on the service (``Game.on_service``) is a casual game (origin ``service``, created between
  two players with a time control, ``games.play.clocks``, and whether it is rated) or a pairing's game of
  a round played on the service (created by its origin's app with ``games.play.state.playable``); its position
  starts as the arbiter's ``start`` gives it; no clock runs before both sides have made their first
  move (``games.play.aborts``: each first move is due within a window, ``Game.first_move_by``, an
  event's game's from its start, ``Game.starts_at``; a casual game whose first moves do not come is
  aborted, an event's is lost by forfeit by the side to move, :func:`forfeit_now`), a move made
  before then leaves its mover's time as it was; from the move that starts the game the player to
  move's clock runs (a game its players may also play elsewhere has no window: its clocks run from
  its first move);
* only its two players may play it (``accounts.policy``: ``Action.PLAY_MOVE``), and only the player
  to move; each move names the ply it expects (the number of moves played so far): a stale ply is
  a ``StalePly`` conflict (``games.play.errors``) (409) carrying the current ply and position, so two tabs or a
  replayed request sending the same move give one move; the game's row is locked while a move is
  checked and stored (``common.locking``), and the unique ``(game, ply)`` of ``Move`` holds too;
* the arbiter's play API checks each move (``arbiter.registry.play``): a refused move is an
  ``IllegalMove`` naming the ply, the move and the arbiter's reason, and nothing is stored;
* a move after the mover's time ran out is refused (``OutOfTime``) and the game is lost on
  time; the sweep (``games.play.clock_sweep``) ends such games when nobody moves; a player's vacations
  pause his correspondence clocks (``games.play.vacations``);
* the game ends when the arbiter's ``status`` after a move says so, on a resignation (the player to
  move resigns, as the records write it), or on time; its result is set then, in the transaction
  that stores the ending move, from the arbiter's status (or the resignation, the time): the
  arbiter judged every move already. Its record, an export of the stored moves written in the
  game's notation by the record contract (``arbiter.records``: the ``[Game]`` tag holds the key,
  the ending words), is kept as a submission of kind ``played`` that the result rests on; it enters
  confirmation (``games.records.confirmation``) and, through the game's origin, whatever follows, at once
  (``games.play.carrying``; the flags falling together, ``games.play.flags``, end the games first and carry
  their results right after, :func:`end_on_time`). The record is verified afterwards like any
  submitted record (``games.records.services``): the result never waits on it;
* every move is told to the live streams as ``move`` (the ending one too), then the end as ``end``
  with the result, the winner and how it ended (``games.play.announcements``).

Time is read from ``django.utils.timezone.now`` (patched in tests): nothing here sleeps.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.errors import PermissionRefused
from accounts.policy import Action, require
from arbiter import registry
from arbiter.errors import ArbiterError
from arbiter.records import AGREED, RESIGN, RESULT, TIME, Ending
from arbiter.verdict import Result
from common.locking import retry_on_conflict
from games import messages, origins
from games.live import game_events
from games.models import Game, Move
from games.play import announcements, carrying, clocks, state
from games.play.endings import FORFEIT, grace_text
from games.play.errors import GameOver, IllegalMove, OutOfTime, PlayConflict, PlayError, StalePly
from games.records.confirmation import lock_game
from games.records.writer import record_of
from games.results import BLACK_FORFEIT_WIN, WHITE_FORFEIT_WIN
from games.signals import move_played

MAX_MOVE_CHARS = 200


def _checked(game: Game, user: object, expected_ply: int) -> int:
    """The game's locked state takes a move from ``user`` at ``expected_ply``: the side to move."""
    if not game.on_service:
        raise PlayConflict(_("this game is not played on the service: submit its record"))
    if game.state == Game.State.ANNULLED:
        raise GameOver(_("the game was annulled: it takes no more moves"), ply=state.ply_of(game))
    if game.finished_at is not None:
        raise GameOver(_("the game is over: it takes no more moves"), ply=state.ply_of(game))
    current = state.ply_of(game)
    if expected_ply != current:
        raise StalePly(
            _("the game is at ply %(current)s, not %(expected)s: another move was played meanwhile")
            % {"current": current, "expected": expected_ply},
            ply=current,
            position=game.position,
        )
    side = state.status_of(game).to_move
    mover = game.white if side == 0 else game.black
    if side is None or mover.user_id != getattr(user, "pk", None):
        raise PermissionRefused(Action.PLAY_MOVE, _("it is not your move: your opponent is to move"))
    return side


@retry_on_conflict
def make_move(
    game: Game, user: object, move_text: str, expected_ply: int, arrived: datetime | None = None
) -> Move:
    """Play ``move_text`` (in the game's record notation) for ``user`` at ``expected_ply``, judged
    at the request's arrival (``arrived``, ``common.arrival``: the wait for the lock is not the
    mover's time; never before his turn started), else now.

    Refused, with nothing stored: a non-player, a player not to move, a stale ply, a finished game,
    a move the arbiter refuses, a move after the mover's time ran out (the game is then lost on
    time, and that is stored).
    """
    require(user, Action.PLAY_MOVE, game)
    text = (move_text or "").strip()
    if not text:
        raise PlayError(_("the move is empty"))
    if len(text) > MAX_MOVE_CHARS:
        raise PlayError(_("the move is longer than %(limit)s characters") % {"limit": MAX_MOVE_CHARS})
    with transaction.atomic():
        game = lock_game(game.pk)
        side = _checked(game, user, expected_ply)
        now = timezone.now()
        if arrived is not None:
            now = max(min(arrived, now), game.turn_started or arrived)
        if state.not_started(game, now):
            start = game.starts_at.strftime("%Y-%m-%d %H:%M:%S")  # type: ignore[union-attr]
            raise PlayConflict(_("the game starts at %(start)s UTC: no move before") % {"start": start})
        aborted = _lapsed(game, now)
        left = None if aborted else state.clocks_at(game, now).of(side)
        if aborted:
            lost = False
        elif left is not None and left <= timedelta(0):
            _end(game, Ending(TIME), None, now)
            lost = True
        else:
            lost = False
            move = _play(game, user, side, text, expected_ply + 1, now, left)
    if aborted and game.termination == FORFEIT:
        grace = grace_text(state.start_window(game))
        raise GameOver(_("the game is lost by forfeit: no first move within %(grace)s") % {"grace": grace})
    if aborted:
        raise GameOver(_("the game was aborted: its first moves did not come in time"), ply=expected_ply)
    if lost:
        raise OutOfTime(_("your time ran out before this move: the game is lost on time"), ply=expected_ply)
    return move


def _play(
    game: Game, user: object, side: int, text: str, ply: int, now: datetime, left: timedelta | None
) -> Move:
    try:
        played = registry.play(game.position, text, ply=ply)
    except ArbiterError as exc:
        reason = messages.arbiter_message(exc)
        raise IllegalMove(
            f"{messages.where(ply, text)}: {reason}", ply=ply, move=text, reason=reason
        ) from None
    control = clocks.parse(game.time_control)
    starting = game.first_move_by is not None  # no clock ran: the time stays as it was
    after = left
    if control is not None and left is not None:
        after = left if starting else control.after_move(left)
        if side == 0:
            game.white_time = after
        else:
            game.black_time = after
    try:
        with transaction.atomic():
            move = Move.objects.create(
                game=game,
                ply=ply,
                notation=played.move,
                position=played.position,
                by=user,
                at=now,
                clock_after=after,
                clock_before=left,
            )
    except IntegrityError:  # the same ply stored meanwhile (the row lock makes this rare)
        raise StalePly(
            _("another move was played meanwhile"), ply=state.ply_of(game), position=game.position
        ) from None
    game.position = played.position
    game.turn_started = now
    game.plies = ply
    game.takeback_side = game.takeback_ply = None  # a takeback asked lapses with the move
    if starting:
        _start_or_wait(game, side, now)
    announcements.announce(game, game_events.MOVE, played.move, played.status.to_move)
    if played.status.ended:
        _end(game, Ending(RESULT, played.status.result), user, now, move=played.move)
    else:
        game.save(
            update_fields=[
                *("position", "turn_started", "plies", "white_time", "black_time"),
                *("first_move_by", "takeback_side", "takeback_ply"),
            ]
        )
        move_played.send(sender=Game, game=game, to_move=played.status.to_move)
    return move


def _start_or_wait(game: Game, side: int, now: datetime) -> None:
    """After a move made before the game started: the clocks start when both sides have moved (the
    player to move's from now), else the next first move is due within the start window."""
    if state.both_moved(game):
        game.first_move_by = None
        game.turn_started = now
    else:
        game.first_move_by = now + state.start_window(game)
        game.turn_started = None


def _lapsed(game: Game, now: datetime, carry: bool = True) -> bool:
    """The locked ``game``'s first move, due by ``now``, did not come (``games.play.aborts``): a casual
    game is aborted; an event's is lost by forfeit by the side to move (:func:`forfeit_now`; its
    result carried at once, or with ``carry`` false marked for ``games.play.carrying``). Whether it ended."""
    if game.first_move_by is None or now < game.first_move_by or game.finished_at is not None:
        return False
    if game.origin == Game.Origin.SERVICE:
        abort_now(game, now)
        return True
    forfeit_now(game, now, carry)
    return True


def forfeit_now(game: Game, now: datetime, carry: bool = True) -> None:
    """The locked ``game``'s side to move made no first move within its window: he loses by forfeit
    (``+/-``, ``-/+``; not on time), play stopped, the stream told; the result carried at once
    (``carrying.carry_forfeit``) or marked (``Game.to_carry``) where only the game is locked."""
    side = state.status_of(game).to_move or 0
    result = BLACK_FORFEIT_WIN if side == 0 else WHITE_FORFEIT_WIN
    stop(game, now)
    game.result, game.termination = result, FORFEIT
    game.to_carry = "" if carry else FORFEIT
    game.save(update_fields=["result", "termination", "to_carry"])
    announcements.announce_end(game, result, FORFEIT)
    if carry:
        carrying.carry_forfeit(game)


def abort_now(game: Game, now: datetime) -> None:
    """Abort the locked ``game`` (``games.play.aborts``): over, no result, the stream told ``aborted``."""
    game.state, game.result, game.termination = Game.State.ABORTED, "", announcements.ABORTED
    stop(game, now)
    announcements.announce_end(game, "", announcements.ABORTED)


@retry_on_conflict
def resign(game: Game, user: object) -> Game:
    """The player to move resigns (as the records write a resignation): the game is his loss."""
    require(user, Action.PLAY_MOVE, game)
    with transaction.atomic():
        game = lock_game(game.pk)
        _checked(game, user, state.ply_of(game))
        _end(game, Ending(RESIGN), user, timezone.now())
    return game


def end_agreed(game: Game, actor: object, now: datetime) -> None:
    """Play ends on a locked game in play by a draw the players agreed (``games.play.draws``): ½–½,
    its record ending with ``draw``."""
    _end(game, Ending(AGREED), actor, now)


@retry_on_conflict
def time_out(game: Game | int, now: datetime | None = None) -> bool:
    """End the game (its id, or the game as read before, with its place: its lock need not read
    that again) on time if its player to move has run out at ``now``; whether it did."""
    now = now or timezone.now()
    with transaction.atomic():
        return fall(lock_game(game), now)


def fall(game: Game, now: datetime, carry: bool = True) -> bool:
    """The locked ``game`` ends on time if its player to move has run out at ``now`` (or is aborted,
    or lost by forfeit, when its first move was due: ``games.play.aborts``); whether it ended.
    ``carry``: its result carried at once (:func:`_end`); else the end's first step only
    (:func:`end_on_time`: ``games.play.flags``, which holds the game's lock alone)."""
    side = state.to_move(game)
    if not game.on_service or side is None:
        return False
    if _lapsed(game, now, carry):
        return True
    left = state.clocks_at(game, now).of(side)
    if left is None or left > timedelta(0):
        return False
    if carry:
        _end(game, Ending(TIME), None, now)
    else:
        end_on_time(game, now)
    return True


def _stop_clock(game: Game, now: datetime) -> None:
    side = state.to_move(game)
    if side is not None and game.time_control and game.turn_started is not None:
        left = state.clocks_at(game, now).of(side)
        if side == 0:
            game.white_time = left
        else:
            game.black_time = left
    game.finished_at = now
    game.turn_started = game.first_move_by = None
    game.takeback_side = game.takeback_ply = None


def stop(game: Game, now: datetime) -> None:
    """Play stops on a locked game in play without an end by the rules (an arbiter's adjudication or
    annulment, ``games.play.arbitration``): the running clock stops and the moves so far, each checked by
    the arbiter as it was played, are the game's record. Nothing is submitted; the arbiter's action
    tells the live streams (:func:`announce_end`)."""
    _stop_clock(game, now)
    game.record = record_of(game)
    game.plies = state.ply_of(game)
    game.save()


def _end(game: Game, ending: Ending, actor: object, now: datetime, move: str | None = None) -> None:
    """Play has ended (``ending``: the rules' result after the move just stored, a resignation or
    time), both steps of an end in one transaction: :func:`_close` (the game is over, with its
    result), then ``games.play.carrying.carry`` (the record it rests on, its origin told)."""
    judged = _close(game, ending, now, move)
    carrying.carry(game, ending, actor, judged)


def end_on_time(game: Game, now: datetime) -> None:
    """The first step of a loss on time on the locked ``game`` (its lock alone: nothing above it is
    locked or written): the game is over with its result, its ``end`` told and saved, and what is
    left to do is marked on it (``Game.to_carry``), for ``games.play.carrying.carry_marked`` to do."""
    ending = Ending(TIME)
    _close(game, ending, now, None)
    game.to_carry = ending.text
    game.save(update_fields=[*ENDED_FIELDS, "to_carry"])


# What :func:`_close` changes on a game.
ENDED_FIELDS = (
    *("white_time", "black_time", "finished_at", "turn_started", "first_move_by"),
    *("takeback_side", "takeback_ply", "result", "termination"),
)


def _close(game: Game, ending: Ending, now: datetime, move: str | None) -> tuple[Result | None, str]:
    """The first step of an end (not saved): the running clock stops and the result is the game's
    at once (where its origin takes one now and no arbiter set one: ``games.records.confirmation`` decides
    as it takes the record), the ``end`` told once the transaction commits; the result judged."""
    result, termination = carrying.judged(game, ending)
    _stop_clock(game, now)
    if not game.state and origins.allows(game, origins.TAKE):
        game.result, game.termination = ("" if result is None else str(result)), termination
    announcements.announce(game, game_events.END, move, None, ending.text, termination)
    return result, termination
