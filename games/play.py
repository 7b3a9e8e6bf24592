"""Games played on the service, move by move, with the server keeping the clocks.

The rules at home here:

* a game on the service (``Game.on_service``) is a casual game (origin ``service``, created between
  two players with a time control, ``games.clocks``, and whether it is rated) or a pairing's game of
  a round played on the service (created by its origin's app with :func:`playable`); its position
  starts as the arbiter's ``start`` gives it; no clock runs before both sides have made their first
  move (``games.aborts``: each first move is due within a window, ``Game.first_move_by``; a casual
  game whose first moves do not come is aborted, an event's has its clock started), a move made
  before then leaves its mover's time as it was; from the move that starts the game the player to
  move's clock runs (a game its players may also play elsewhere has no window: its clocks run from
  its first move);
* only its two players may play it (``accounts.policy``: ``Action.PLAY_MOVE``), and only the player
  to move; each move names the ply it expects (the number of moves played so far): a stale ply is
  a :class:`StalePly` conflict (409) carrying the current ply and position, so two tabs or a
  replayed request sending the same move give one move; the game's row is locked while a move is
  checked and stored (``common.locking``), and the unique ``(game, ply)`` of ``Move`` holds too;
* the arbiter's play API checks each move (``arbiter.registry.play``): a refused move is an
  :class:`IllegalMove` naming the ply, the move and the arbiter's reason, and nothing is stored;
* a move after the mover's time ran out is refused (:class:`OutOfTime`) and the game is lost on
  time; the sweep (``games.clock_sweep``) ends such games when nobody moves; a player's vacations
  pause his correspondence clocks (``games.vacations``);
* the game ends when the arbiter's ``status`` after a move says so, on a resignation (the player to
  move resigns, as the records write it), or on time; its result is set then, in the transaction
  that stores the ending move, from the arbiter's status (or the resignation, the time): the
  arbiter judged every move already. Its record, an export of the stored moves written in the
  game's notation by the record contract (``arbiter.records``: the ``[Game]`` tag holds the key,
  the ending words), is kept as a submission of kind ``played`` that the result rests on; it enters
  confirmation (``games.confirmation``) and, through the game's origin, whatever follows, at once
  (``games.carrying``; the flags falling together, ``games.flags``, end the games first and carry
  their results right after, :func:`end_on_time`). The record is verified afterwards like any
  submitted record (``games.services``): the result never waits on it;
* every move is told to the live streams as ``move`` (the ending one too), then the end as ``end``
  with the result, the winner and how it ended (``games.live``).

Time is read from ``django.utils.timezone.now`` (patched in tests): nothing here sleeps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.errors import Conflict, PermissionRefused
from accounts.models import Player
from accounts.policy import Action, require
from arbiter import registry
from arbiter.errors import ArbiterError
from arbiter.play import Status
from arbiter.records import AGREED, RESIGN, RESULT, TIME, Ending
from arbiter.verdict import Result, Termination
from common.locking import retry_on_conflict
from games import carrying, clocks, live, messages, origins, vacations
from games import options as game_options
from games.carrying import record_of
from games.confirmation import lock_game
from games.errors import GameServiceError
from games.models import Game, Move
from games.signals import move_played

MAX_MOVE_CHARS = 200

#: how an arbiter's adjudication ended a game (the live ``end``'s ``how``: its termination)
ADJUDICATED = str(Termination.ARBITER)
#: a game whose first moves did not come (``games.aborts``): the live end's ``how``, its termination
ABORTED = "aborted"


class PlayError(GameServiceError):
    """A move that cannot be played (400); ``data`` is added to the API's answer."""

    def __init__(self, message: object, **data: object) -> None:
        super().__init__(message)
        self.data = data


class IllegalMove(PlayError):
    """The arbiter refused the move: ``data`` names the ply, the move and the reason."""


class PlayConflict(Conflict):
    """The game's state takes no such move now (409); ``data`` is added to the API's answer."""

    def __init__(self, message: object, **data: object) -> None:
        super().__init__(message)
        self.data = data


class StalePly(PlayConflict):
    """The move names a ply that is not the game's next one: ``data`` has the current ply and position."""


class GameOver(PlayConflict):
    """The game is over: it takes no more moves."""


class OutOfTime(PlayConflict):
    """The mover's time ran out before his move: the move is refused and the game lost on time."""


@dataclass(frozen=True)
class Clocks:
    """Each player's time left at ``now`` (the player to move's running), None without a clock."""

    white: timedelta | None
    black: timedelta | None

    def of(self, side: int) -> timedelta | None:
        return self.white if side == 0 else self.black


def create_service_game(
    white: Player,
    black: Player,
    game_key: str,
    time_control: str = "",
    rated: bool = True,
    options: Mapping[str, str] | None = None,
) -> Game:
    """A game on the service between ``white`` and ``black`` (a challenge accepted), its clock started,
    with the start ``options`` agreed (``games.options``, checked already)."""
    if white.pk == black.pk:
        raise GameServiceError(_("a player cannot play himself"))
    if game_key not in registry.game_keys():
        raise GameServiceError(_("unknown game '%(game)s'") % {"game": game_key})
    return Game.objects.create(
        origin=Game.Origin.SERVICE,
        white=white,
        black=black,
        rated=rated,
        **playable(game_key, time_control, options=options),
    )


def playable(
    game_key: str, time_control: str, clock_running: bool = True, options: Mapping[str, str] | None = None
) -> dict[str, object]:
    """The fields of a game ready to be played on the service: the start of ``game_key`` with its
    ``options`` (``games.options``: its start options as agreed, resolved now, e.g. a setup drawn at
    random stored as the one drawn), each player's initial time, no clock running yet, and White's
    first move due within the start window (``clock_running``, ``games.aborts``) or whenever he
    makes it (a game its players may also play elsewhere: nothing runs out before play begins here)."""
    control = clocks.parse(time_control)
    initial = None if control is None else control.initial
    started = game_options.resolved(game_key, options)
    return {
        "game": game_key,
        "on_service": True,
        "time_control": "" if control is None else control.text,
        "options": started,
        "position": game_options.start(game_key, started),
        "white_time": initial,
        "black_time": initial,
        "turn_started": None,
        "first_move_by": timezone.now() + clocks.start_window(control) if clock_running else None,
    }


def start_window(game: Game) -> timedelta:
    """How long each first move of ``game`` may wait (``games.aborts``)."""
    return clocks.start_window(clocks.parse(game.time_control))


def status_of(game: Game) -> Status:
    """Who is to move in the game's position, or how the rules ended it."""
    return registry.status(game.position)


def holds(game: Game) -> list[str] | None:
    """What each side plays with, White's first, in the active language, in a game whose sides own no
    pieces of their own from the start (``arbiter.play.Status.holds``: LYNGK's claimed colours); None
    where each side's name says it."""
    held = status_of(game).holds
    return None if held is None else [messages.message_text(part) for part in held]


def to_move(game: Game) -> int | None:
    """Who is to move (0 White, 1 Black); None once play has ended."""
    if game.finished_at is not None:
        return None
    return status_of(game).to_move


def player_to_move(game: Game) -> Player | None:
    side = to_move(game)
    return None if side is None else (game.white if side == 0 else game.black)


def clocks_at(game: Game, now: datetime | None = None) -> Clocks:
    """The players' time left at ``now``: the player to move's clock has run since ``turn_started``,
    but not while he was on vacation (where vacations pause it)."""
    if not game.time_control:
        return Clocks(None, None)
    white, black = game.white_time, game.black_time
    side = to_move(game)
    if side is not None and game.turn_started is not None:
        now = now or timezone.now()
        # the player's vacations pause a correspondence clock (``games.vacations``)
        used = clocks.used(game.turn_started, now, vacations.pauses(game, side, game.turn_started, now))
        if side == 0 and white is not None:
            white = white - used
        elif side == 1 and black is not None:
            black = black - used
    return Clocks(white, black)


def ply_of(game: Game) -> int:
    """The moves played so far (the ply the next move expects)."""
    return game.moves.count()


def legal_moves(game: Game) -> list[str]:
    """The moves the player to move may send, in the game's notation (none once play has ended)."""
    if to_move(game) is None:
        return []
    return [move.notation for move in registry.legal_moves(game.position)]


def service_games_of(user: object) -> QuerySet[Game]:
    """The games on the service of ``user``'s player, newest first."""
    pk = getattr(user, "pk", None)
    if pk is None:  # anonymous: no games of his (not those of the players without an account)
        return Game.objects.none()
    return (
        Game.objects.filter(on_service=True)
        .filter(Q(white__user_id=pk) | Q(black__user_id=pk))
        .select_related("white", "black")
        .order_by("-pk")
    )


def _checked(game: Game, user: object, expected_ply: int) -> int:
    """The game's locked state takes a move from ``user`` at ``expected_ply``: the side to move."""
    if not game.on_service:
        raise PlayConflict(_("this game is not played on the service: submit its record"))
    if game.state == Game.State.ANNULLED:
        raise GameOver(_("the game was annulled: it takes no more moves"), ply=ply_of(game))
    if game.finished_at is not None:
        raise GameOver(_("the game is over: it takes no more moves"), ply=ply_of(game))
    current = ply_of(game)
    if expected_ply != current:
        raise StalePly(
            _("the game is at ply %(current)s, not %(expected)s: another move was played meanwhile")
            % {"current": current, "expected": expected_ply},
            ply=current,
            position=game.position,
        )
    side = status_of(game).to_move
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
        aborted = _lapsed(game, now)
        left = None if aborted else clocks_at(game, now).of(side)
        if aborted:
            lost = False
        elif left is not None and left <= timedelta(0):
            _end(game, Ending(TIME), None, now)
            lost = True
        else:
            lost = False
            move = _play(game, user, side, text, expected_ply + 1, now, left)
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
            _("another move was played meanwhile"), ply=ply_of(game), position=game.position
        ) from None
    game.position = played.position
    game.turn_started = now
    game.plies = ply
    game.takeback_side = game.takeback_ply = None  # a takeback asked lapses with the move
    if starting:
        _start_or_wait(game, side, now)
    _announce(game, live.MOVE, played.move, played.status.to_move)
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


def both_moved(game: Game) -> bool:
    """Whether both sides have a move stored (the game has started)."""
    users = {game.white.user_id, game.black.user_id}
    return (
        None not in users
        and game.moves.filter(by_id__in=users).order_by().values("by_id").distinct().count() == 2
    )


def _start_or_wait(game: Game, side: int, now: datetime) -> None:
    """After a move made before the game started: the clocks start when both sides have moved (the
    player to move's from now), else the next first move is due within the start window."""
    if both_moved(game):
        game.first_move_by = None
        game.turn_started = now
    else:
        game.first_move_by = now + start_window(game)
        game.turn_started = None


def _lapsed(game: Game, now: datetime) -> bool:
    """The locked ``game``'s first move, due by ``now``, did not come (``games.aborts``): a casual
    game is aborted (True); an event's has the clock of the side to move started then (False)."""
    if game.first_move_by is None or now < game.first_move_by or game.finished_at is not None:
        return False
    if game.origin == Game.Origin.SERVICE:
        abort_now(game, now)
        return True
    game.turn_started, game.first_move_by = game.first_move_by, None
    game.save(update_fields=["turn_started", "first_move_by"])
    announce_clocks(game, now)
    return False


def abort_now(game: Game, now: datetime) -> None:
    """Abort the locked ``game`` (``games.aborts``): over, no result, the stream told ``aborted``."""
    game.state, game.result, game.termination = Game.State.ABORTED, "", ABORTED
    stop(game, now)
    announce_end(game, "", ABORTED)


@retry_on_conflict
def resign(game: Game, user: object) -> Game:
    """The player to move resigns (as the records write a resignation): the game is his loss."""
    require(user, Action.PLAY_MOVE, game)
    with transaction.atomic():
        game = lock_game(game.pk)
        _checked(game, user, ply_of(game))
        _end(game, Ending(RESIGN), user, timezone.now())
    return game


def end_agreed(game: Game, actor: object, now: datetime) -> None:
    """Play ends on a locked game in play by a draw the players agreed (``games.draws``): ½–½,
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
    or has its clock started, when its first move was due: ``games.aborts``); whether it ended.
    ``carry``: its result carried at once (:func:`_end`); else the end's first step only
    (:func:`end_on_time`: ``games.flags``, which holds the game's lock alone)."""
    side = to_move(game)
    if not game.on_service or side is None:
        return False
    if _lapsed(game, now):
        return True
    left = clocks_at(game, now).of(side)
    if left is None or left > timedelta(0):
        return False
    if carry:
        _end(game, Ending(TIME), None, now)
    else:
        end_on_time(game, now)
    return True


def _announce(
    game: Game,
    kind: str,
    move: str | None,
    to_move: int | None,
    ending: str = "",
    how: str = "",
    result: str | None = None,
) -> None:
    """Tell the game's live streams (``games.live``) what happened, once the transaction commits.
    Each clock as it stands when the event is sent: the one that runs has only just started. Once
    over: ``ending`` (the record's ending words, or ``annulled``), the game's result, its winner (0
    White, 1 Black, null: a draw or no result) and ``how`` it ended (its termination: the game's own
    end, ``resignation``, ``time``, ``arbiter``, or ``annulled``)."""
    seconds = [
        None if value is None else max(value.total_seconds(), 0.0)
        for value in (game.white_time, game.black_time)
    ]
    data: dict[str, object] = {
        "game": game.pk,
        "ply": game.plies,
        "move": move,
        "to_move": to_move,
        "white_seconds": seconds[0],
        "black_seconds": seconds[1],
        "over": game.finished_at is not None,
    }
    if game.finished_at is not None:
        data["ending"] = ending
        data["result"] = game.result if result is None else result
        data["winner"] = _winner(str(data["result"]))
        data["how"] = how
    live.publish_on_commit(game.pk, kind, data)


def _winner(result: str) -> int | None:
    if result == Result.WHITE_WINS:
        return 0
    if result == Result.BLACK_WINS:
        return 1
    return None


def _stop_clock(game: Game, now: datetime) -> None:
    side = to_move(game)
    if side is not None and game.time_control and game.turn_started is not None:
        left = clocks_at(game, now).of(side)
        if side == 0:
            game.white_time = left
        else:
            game.black_time = left
    game.finished_at = now
    game.turn_started = game.first_move_by = None
    game.takeback_side = game.takeback_ply = None


def stop(game: Game, now: datetime) -> None:
    """Play stops on a locked game in play without an end by the rules (an arbiter's adjudication or
    annulment, ``games.arbitration``): the running clock stops and the moves so far, each checked by
    the arbiter as it was played, are the game's record. Nothing is submitted; the arbiter's action
    tells the live streams (:func:`announce_end`)."""
    _stop_clock(game, now)
    game.record = record_of(game)
    game.plies = ply_of(game)
    game.save()


def announce_end(game: Game, result: str, how: str) -> None:
    """Tell the game's live streams that an arbiter ended or decided it (``result``: the result he
    set, "" when he annulled it; ``how``: :data:`ADJUDICATED` or ``annulled``), once the
    transaction commits."""
    _announce(game, live.END, None, None, result or how, how, result)


def announce_clocks(
    game: Game, now: datetime | None = None, kind: str = live.CLOCK, extra: Mapping[str, object] | None = None
) -> None:
    """Tell the game's live streams that its clocks changed (an arbiter gave time, a clock started:
    ``clock``; a takeback: ``takeback`` with its ``extra``), each clock as it stands at ``now``, once
    the transaction commits."""
    left = clocks_at(game, now or timezone.now())
    seconds = [
        None if value is None else max(value.total_seconds(), 0.0) for value in (left.white, left.black)
    ]
    live.publish_on_commit(
        game.pk,
        kind,
        {
            **(extra or {}),
            "game": game.pk,
            "ply": game.plies,
            "move": None,
            "to_move": to_move(game),
            "white_seconds": seconds[0],
            "black_seconds": seconds[1],
            "over": game.finished_at is not None,
        },
    )


def _end(game: Game, ending: Ending, actor: object, now: datetime, move: str | None = None) -> None:
    """Play has ended (``ending``: the rules' result after the move just stored, a resignation or
    time), both steps of an end in one transaction: :func:`_close` (the game is over, with its
    result), then ``games.carrying.carry`` (the record it rests on, its origin told)."""
    judged = _close(game, ending, now, move)
    carrying.carry(game, ending, actor, judged)


def end_on_time(game: Game, now: datetime) -> None:
    """The first step of a loss on time on the locked ``game`` (its lock alone: nothing above it is
    locked or written): the game is over with its result, its ``end`` told and saved, and what is
    left to do is marked on it (``Game.to_carry``), for ``games.carrying.carry_marked`` to do."""
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
    at once (where its origin takes one now and no arbiter set one: ``games.confirmation`` decides
    as it takes the record), the ``end`` told once the transaction commits; the result judged."""
    result, termination = carrying.judged(game, ending)
    _stop_clock(game, now)
    if not game.state and origins.allows(game, origins.TAKE):
        game.result, game.termination = ("" if result is None else str(result)), termination
    _announce(game, live.END, move, None, ending.text, termination)
    return result, termination
