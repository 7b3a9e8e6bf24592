"""The play service: a move on a game played on the service, and a resignation.

A move takes one straight path (docs/play.md, "A move's path"): the request, then here, under the
game's lock, the checks, the arbiter's one call (the move checked and the position's status after it,
computed once), the mover's clock, the move and the game's new state stored in two statements, the
end when the rules say so (``games.play.ends``, in one place); then, once committed, what the live
streams are told (``games.live.game_events.publish_together``: the game's ``move``, the ``your-move``
of the player now to move, together) and the carrying of an end (``games.play.carrying``).

The rules at home here:

* a game on the service (``Game.on_service``) is a casual game (origin ``service``, created between
  two players with a time control, ``games.play.clocks``, and whether it is rated) or a pairing's game of
  a round played on the service (created by its origin's app with ``games.play.state.playable``); its position
  starts as the arbiter's ``start`` gives it; no clock runs before both sides have made their first
  move (``games.play.aborts``: each first move is due within a window, ``Game.first_move_by``, an
  event's game's from its start, ``Game.starts_at``, no move before it; a casual game whose first
  moves do not come is aborted, an event's is lost by forfeit by the side to move), a move made
  before then leaves its mover's time as it was; from the move that starts the game the player to
  move's clock runs (a game its players may also play elsewhere has no window: its clocks run from
  its first move);
* only its two players may play it (``accounts.policy``: ``Action.PLAY_MOVE``), and only the player
  to move (``Game.to_move``: the status of its position, kept with it); each move names the ply it
  expects (the number of moves played so far, ``Game.plies``): a stale ply is a ``StalePly`` conflict
  (``games.play.errors``) (409) carrying the current ply and position, so two tabs or a replayed
  request sending the same move give one move; the game's row is locked while a move is checked
  and stored (``games.origins.lock_on_service``), and the unique ``(game, ply)`` of ``Move`` holds too;
* the arbiter's play API checks each move (``arbiter.registry.play``): a refused move is an
  ``IllegalMove`` naming the ply, the move and the arbiter's reason, and nothing is stored;
* a move after the mover's time ran out is refused (``OutOfTime``) and the game is lost on time; a
  move out of turn finds the flag of the player to move fallen, and ends the game on time then
  (``games.play.flags``); a player's vacations pause his correspondence clocks
  (``games.play.vacations``);
* the game ends when the arbiter's ``status`` after a move says so, on a resignation (the player to
  move resigns, as the records write it), or on time; its result is set then, in the transaction
  that stores the ending move, from the arbiter's status (or the resignation, the time): the
  arbiter judged every move already. Its record, an export of the stored moves written in the
  game's notation by the record contract (``arbiter.records``: the ``[Game]`` tag holds the key,
  the ending words), is kept after commit as a submission of kind ``played`` that the result rests
  on; it enters confirmation (``games.records.confirmation``) and, through the game's origin,
  whatever follows (``games.play.carrying``). The record is verified afterwards like any submitted
  record (``games.records.services``): the result never waits on it;
* every move is told to the live streams as ``move`` (the ending one too), then the end as ``end``
  with the result, the winner and how it ended (``games.play.announcements``); a draw offer made to
  the mover lapses with his move (``games.play.draws``).

Time is read from ``django.utils.timezone.now`` (patched in tests): nothing here sleeps.
"""

from __future__ import annotations

import functools
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.errors import NotFound, PermissionRefused
from accounts.policy import Action, require
from arbiter import registry
from arbiter.errors import ArbiterError
from arbiter.play import Played
from arbiter.records import RESIGN, RESULT, TIME, Ending
from common.locking import retry_on_conflict
from games import messages, origins
from games.live import batch, game_events
from games.models import Game, Move
from games.play import aborts, announcements, clocks, draws, ends, flags, state, vacations
from games.play.errors import GameOver, IllegalMove, OutOfTime, PlayConflict, PlayError, StalePly
from games.signals import move_played

MAX_MOVE_CHARS = 200
ZERO = timedelta(0)


@retry_on_conflict
def make_move(
    game: Game | int, user: object, move_text: str, expected_ply: int, arrived: datetime | None = None
) -> Move:
    """Play ``move_text`` (in the game's record notation) for ``user`` at ``expected_ply`` in ``game``
    (the game, or the id of a game on the service: 404 without one), judged at the request's arrival
    (``arrived``, ``common.arrival``: the wait for the lock is not the mover's time; never before his
    turn started), else now.

    Refused, with nothing stored: a non-player, a player not to move, a stale ply, a finished game,
    a move the arbiter refuses. Refused with the game's end stored: a move after the mover's time ran
    out (lost on time), a first move that came too late (aborted), a move out of turn after the flag
    of the player to move fell (lost on time).
    """
    text = (move_text or "").strip()
    if not text:
        raise PlayError(_("the move is empty"))
    if len(text) > MAX_MOVE_CHARS:
        raise PlayError(_("the move is longer than %(limit)s characters") % {"limit": MAX_MOVE_CHARS})
    with transaction.atomic():
        game = _locked(game)
        require(user, Action.PLAY_MOVE, game)
        side = None if game.finished_at is not None else game.to_move  # kept with its position
        now = timezone.now()
        refusal = _out_of_turn(game, user, side, now) or _refused(game, user, side, expected_ply)
        if refusal is None:
            if arrived is not None:
                now = max(min(arrived, now), game.turn_started or arrived)
            if game.first_move_by is not None or game.starts_at is not None:  # its start (games.play.aborts)
                refusal = aborts.before_start(game, now)
            if refusal is None:
                refusal, move = _play(game, user, side, text, now)  # type: ignore[arg-type]
    if refusal is not None:
        raise refusal
    assert move is not None  # played, or refused above
    return move


def _locked(game: Game | int) -> Game:
    """The game locked for a move, with its players."""
    if isinstance(game, Game):
        return origins.lock(Game.objects, game.pk, game.origin, game)
    found = origins.lock_on_service(Game, game)
    if found is None:
        raise NotFound(_("there is no such game on the service"))
    return found


def _out_of_turn(game: Game, user: object, side: int | None, now: datetime) -> Exception | None:
    """A move or a resignation of the player not to move ends the game on time when the flag of the
    player to move has fallen (or his first move was due): the game is over then (stored)."""
    if not game.on_service or side is None:
        return None
    if (game.white if side == 0 else game.black).user_id == getattr(user, "pk", None):
        return None
    if flags.fall(game, now):
        return GameOver(_("the game is over: it takes no more moves"), ply=game.plies)
    return None


def _refused(game: Game, user: object, side: int | None, expected_ply: int) -> Exception | None:
    """Why the locked ``game`` takes no move from ``user`` at ``expected_ply`` now (None: it takes
    it): a game off the service, over or annulled, a stale ply, a player not to move."""
    if not game.on_service:
        return PlayConflict(_("this game is not played on the service: submit its record"))
    if game.state == Game.State.ANNULLED:
        return GameOver(_("the game was annulled: it takes no more moves"), ply=game.plies)
    if game.finished_at is not None:
        return GameOver(_("the game is over: it takes no more moves"), ply=game.plies)
    if expected_ply != game.plies:
        return StalePly(
            _("the game is at ply %(current)s, not %(expected)s: another move was played meanwhile")
            % {"current": game.plies, "expected": expected_ply},
            ply=game.plies,
            position=game.position,
        )
    mover = None if side is None else (game.white if side == 0 else game.black)
    if mover is None or mover.user_id != getattr(user, "pk", None):
        return PermissionRefused(Action.PLAY_MOVE, _("it is not your move: your opponent is to move"))
    return None


def _play(
    game: Game, user: object, side: int, text: str, now: datetime
) -> tuple[Exception | None, Move | None]:
    """The move checked by the arbiter and stored with the game's new state, the streams told once it
    commits; or, the mover's time out, the game lost on time and the move refused."""
    ply = game.plies + 1
    starting = game.first_move_by is not None  # no clock ran: the time stays as it was
    left, after, warning = clocks.on_move(
        game.time_control,
        game.white_time if side == 0 else game.black_time,
        game.turn_started,
        now,
        starting,
        functools.partial(vacations.player_pauses, game, side),
    )
    if left is not None and left <= ZERO:
        ends.end(game, Ending(TIME), None, now)
        return OutOfTime(_("your time ran out before this move: the game is lost on time"), ply=ply - 1), None
    try:
        played = registry.play(game.position, text, ply=ply)
    except ArbiterError as exc:
        reason = messages.arbiter_message(exc)
        raise IllegalMove(
            f"{messages.where(ply, text)}: {reason}", ply=ply, move=text, reason=reason
        ) from None
    move = Move(
        game=game,
        ply=ply,
        notation=played.move,
        position=played.position,
        by=user,
        at=now,
        clock_after=after,
        clock_before=left,
    )
    # on PostgreSQL a running game's move is inserted by the game's update (one statement); before
    # both first moves the game's start reads the moves, so the move is inserted first there
    joined = connection.vendor == "postgresql" and game.first_move_by is None
    before = game.position
    try:  # the game's row is locked: a collision is a move stored where rows are not (SQLite)
        if not joined:
            _insert(move)
        told = _moved(game, user, side, played, after, warning, now, move if joined else None)
    except _Collision:
        raise StalePly(_("another move was played meanwhile"), ply=ply - 1, position=before) from None
    # stored with the move (a rolled-back move leaves none), sent only once it commits
    game_events.store_with_commit(told)
    return None, move


def _moved(
    game: Game,
    user: object,
    side: int,
    played: Played,
    after: timedelta | None,
    warning: timedelta | None,
    now: datetime,
    move: Move | None = None,
) -> list[batch.Pending]:
    """The game's new state after the stored move (or with ``move``, stored by the same statement:
    :func:`_update`), saved in one statement (or, when the rules ended it, the first step of its end,
    ``games.play.ends``, its second queued after commit); what the streams are told."""
    to_move = played.status.to_move
    if after is not None:
        if side == 0:
            game.white_time = after
        else:
            game.black_time = after
    game.position, game.plies, game.to_move, game.turn_started = played.position, game.plies + 1, to_move, now
    game.takeback_side = game.takeback_ply = None  # a takeback asked lapses with the move
    if game.first_move_by is not None:
        _start_or_wait(game, side, now)
    flags.moments(game, warning, known=True)  # its flag's and its warning's moments, for the ticker
    _update(game, move)
    told = announcements.move_events(game, played.move, to_move)
    actor = getattr(user, "pk", None)
    if played.status.result is not None:  # the rules ended the game: its end, in one place
        ending = Ending(RESULT, played.status.result)
        told.append(ends.finish(game, ending, user, now, played.move, played.status))
        return told
    told += draws.lapse(game, side, now)  # an offer made to the mover lapses with his move
    move_played.send(sender=Game, game=game, to_move=to_move, move=played.move, mover=actor)
    return told


#: what a move writes: the move's columns, and the game's it changes
MOVE_FIELDS = ("game", "ply", "notation", "position", "by", "at", "clock_after", "clock_before")
GAME_FIELDS = (
    "position",
    "plies",
    "to_move",
    "turn_started",
    "white_time",
    "black_time",
    "first_move_by",
    "takeback_side",
    "takeback_ply",
    "flag_at",
    "warn_at",
)


@functools.cache
def _writes(vendor: str) -> tuple[str, list[Any], str, list[Any]]:
    """The move's insert and the game's update, composed once a process (as the ORM writes them;
    Django composes a statement anew on every call), with the fields whose values they take."""
    quote = connection.ops.quote_name
    moves: list[Any] = [Move._meta.get_field(name) for name in MOVE_FIELDS]
    insert = (
        f"INSERT INTO {quote(Move._meta.db_table)} ({', '.join(quote(f.column) for f in moves)}) "
        f"VALUES ({', '.join(['%s'] * len(moves))})"
    )
    if connection.features.can_return_columns_from_insert:
        insert += f" RETURNING {quote(Move._meta.pk.column)}"  # type: ignore[union-attr]
    games: list[Any] = [Game._meta.get_field(name) for name in GAME_FIELDS]
    update = (
        f"UPDATE {quote(Game._meta.db_table)} SET {', '.join(f'{quote(f.column)} = %s' for f in games)} "
        f"WHERE {quote(Game._meta.pk.column)} = %s"  # type: ignore[union-attr]
    )
    return insert, moves, update, games


class _Collision(Exception):
    """The move's insert refused: a move at its ply is stored already."""


def _insert(move: Move) -> None:
    """The move stored (its id set), by its insert composed once; :class:`_Collision` when a move at
    its ply is stored."""
    insert, fields, _update, _fields = _writes(connection.vendor)
    values = [field.get_db_prep_save(getattr(move, field.attname), connection) for field in fields]
    try:
        with connection.cursor() as cursor:
            cursor.execute(insert, values)
            move.pk = (
                cursor.fetchone()[0]
                if connection.features.can_return_columns_from_insert
                else cursor.lastrowid
            )
    except IntegrityError:
        raise _Collision from None
    move._state.adding, move._state.db = False, connection.alias


def _update(game: Game, move: Move | None = None) -> None:
    """The game's new state (:data:`GAME_FIELDS`) stored, by its update composed once; with ``move``
    (PostgreSQL), the move inserted by the same statement (its id set; :class:`_Collision` as
    :func:`_insert`)."""
    insert, moves, update, fields = _writes(connection.vendor)
    values = [field.get_db_prep_save(getattr(game, field.attname), connection) for field in fields]
    if move is None:
        with connection.cursor() as cursor:
            cursor.execute(update, [*values, game.pk])
        return
    inserted = [field.get_db_prep_save(getattr(move, field.attname), connection) for field in moves]
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                f"WITH m AS ({insert}) {update} RETURNING (SELECT * FROM m)",  # the move's id
                [*inserted, *values, game.pk],
            )
            move.pk = cursor.fetchone()[0]
    except IntegrityError:
        raise _Collision from None
    move._state.adding, move._state.db = False, connection.alias


def _start_or_wait(game: Game, side: int, now: datetime) -> None:
    """After a move made before the game started: the clocks start when both sides have moved (the
    player to move's from now), else the next first move is due within the start window."""
    if state.both_moved(game):
        game.first_move_by = None
        game.turn_started = now
    else:
        game.first_move_by = now + state.start_window(game)
        game.turn_started = None


@retry_on_conflict
def resign(game: Game | int, user: object) -> Game:
    """The player to move resigns (as the records write a resignation): the game is his loss. His own
    flag fallen first, the game is lost on time, not resigned."""
    with transaction.atomic():
        game = _locked(game)
        require(user, Action.PLAY_MOVE, game)
        now = timezone.now()
        refusal: Exception | None = None
        if flags.fall(game, now):
            refusal = GameOver(_("the game is over: it takes no more moves"), ply=game.plies)
        else:
            refusal = _refused(game, user, state.to_move(game), game.plies)
        if refusal is None:
            ends.end(game, Ending(RESIGN), user, now)
    if refusal is not None:
        raise refusal
    game.refresh_from_db()
    return game
