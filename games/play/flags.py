"""Flags that fall on time: a game on the service ends the moment its player to move runs out, not at
the next sweep, and no move schedules anything for it.

The rules at home here:

* **the flag's moment is kept on the game** (``Game.flag_at``, indexed: :func:`flag_due`): when its
  player to move runs out (his time left when his clock started, vacations not counted: they only
  ever add time), or when its first move is due (``games.play.aborts``); written with every move and
  by every save that changes the clock;
* **the clocks' ticker** (``common.ticker``, run by Celery beat's process: ``config.ticker``) ends
  what has fallen (:func:`tick`: the games whose moment has passed, :func:`due`) and sleeps until the
  next moment (:func:`next_flag`), looking again at least every ``TICK_POLL`` seconds for a moment
  written meanwhile. The flags falling together (a round's games started at once) end together
  (:func:`end_fallen`), :data:`TOGETHER` games a transaction under their own locks only, each judged
  again under its lock (:func:`fall`), their live events published at once after commit
  (``games.live.game_events.together``); their results are carried after that, under their rounds'
  locks (``games.play.ends``, ``games.play.carrying``: the database marking what is left). A game
  whose clock was held back (a vacation) has its moment moved on to when it could fall at the soonest;
* **read**: whoever reads a game (its page, ``GET /api/play/{id}/``, the list of his games, its
  stream) makes :func:`fall_if_due` check its flag; a player to move whose clock has passed zero
  loses on time then, under the game's lock (:func:`time_out`, which checks again). The player to
  move's own move is judged by ``games.play.service.make_move`` at the request's arrival, and a move
  out of turn checks the flag of the player to move there;
* **embedded default** (Celery eager, no beat): no ticker runs; the read check ends the games (a page
  shows its game on time as soon as anyone opens it) and the sweep on a request the others;
* the sweep stays the safety net (``games.play.clock_sweep``): it ends every game whose clock has run
  out by its clock's own fields (:func:`fallen`: a moment left unwritten too), with no limit of games
  a run, and carries the results left marked;
* **the time warning** (issue 36): a game's moment to warn its player to move (``Game.warn_at``,
  indexed, computed with the flag's moment by every save that changes the clock and by a move:
  :func:`moments`, which ``GamesConfig.ready`` puts in ``games.models.MOMENTS``) is acted on
  by :func:`warn_due`, which warns every player due by then in a batch (``games.signals
  .time_running_out``: his notice, stream and e-mail, ``personal``). The ticker does it as it ends
  the flags (:func:`warn_tick`, its next moment :func:`next_warning`), so a live game's player is
  told within a look of his moment; the read check warns too (the embedded default), and the sweep
  calls :func:`warn_due` as the safety net.
"""

from __future__ import annotations

import contextlib
import logging
import time
from datetime import datetime, timedelta

from django.db import DatabaseError, transaction
from django.db.models import DateTimeField, ExpressionWrapper, F, Min, Q
from django.utils import timezone

from accounts.errors import ServiceError
from arbiter.errors import ArbiterError
from arbiter.records import TIME, Ending
from common.locking import retry_on_conflict
from common.sweep import enqueue_on_commit
from games import origins
from games.live import batch, game_events
from games.models import Game
from games.play import aborts, clocks, ends, state
from games.records.confirmation import lock_game
from games.signals import time_running_out

logger = logging.getLogger(__name__)

# The games ended in one transaction when flags fall together (the first step of their ends, under
# their own locks only: nobody else waits on them), saved in one statement. A round of 200 in one
# transaction told its last end sooner than in four of 50 (docs/performance.md, "Flags falling
# together"; bench/flags_bench.py).
TOGETHER = 200
# The longest a run goes on ending the games flagging with its own (the ticker's next look comes after).
RUN = timedelta(seconds=20)
# The games whose results one task carries, queued once the run's ends are told (the worker's
# processes share a round's games).
CARRY_EACH = 50


def _maybe_fallen(game: Game, now: datetime) -> bool:
    """Whether either clock could have run out by ``now`` (without knowing who is to move), or a
    first move was due."""
    if game.first_move_by is not None and game.finished_at is None:
        return game.first_move_by <= now
    if game.finished_at is not None or game.turn_started is None or not game.time_control:
        return False
    times = [t for t in (game.white_time, game.black_time) if t is not None]
    return bool(times) and game.turn_started + min(times) <= now


def fall_if_due(game: Game, mover: object = None) -> Game:
    """``game`` as it stands now: ended on time (and read again) if its player to move has run out.
    A ``mover`` who is the player to move is left to ``games.play.service.make_move``, which judges his move
    at its arrival."""
    now = timezone.now()
    if not game.on_service:
        return game
    if not _maybe_fallen(game, now):
        return _warned_if_due(game, now)
    side = state.to_move(game)
    if side is None:
        return game
    if mover is not None:
        player = game.white if side == 0 else game.black
        if player.user_id is not None and player.user_id == getattr(mover, "pk", None):
            return game
    if game.first_move_by is None:
        left = state.clocks_at(game, now).of(side)
        if left is None or left > timedelta(0):
            return _warned_if_due(game, now)  # a vacation held his clock back
    # a first move was due (games.play.aborts: aborted or forfeited), or the clock ran out
    time_out(game.pk, now)
    game.refresh_from_db()
    return game


def _warned_if_due(game: Game, now: datetime) -> Game:
    """``game``, its player to move warned (and the game read again) if his warning is due at ``now``
    (the embedded default has no ticker)."""
    if game.warn_at is not None and game.warn_at <= now and game.finished_at is None and warn(game.pk, now):
        game.refresh_from_db()
    return game


@retry_on_conflict
def time_out(game: Game | int, now: datetime | None = None) -> bool:
    """End the game (its id, or the game as read before, with its place: its lock need not read
    that again) on time if its player to move has run out at ``now``; whether it did."""
    now = now or timezone.now()
    with transaction.atomic():
        return fall(lock_game(game), now)


def fall(
    game: Game, now: datetime, told: list[batch.Pending] | None = None, closed: list[Game] | None = None
) -> bool:
    """The locked ``game`` ends on time if its player to move has run out at ``now`` (or is aborted,
    or lost by forfeit, when its first move was due: ``games.play.aborts``); whether it ended.
    ``told``: the events of the games ended together, where its ``end`` joins them and its result is
    left to be carried with theirs (:func:`end_fallen`); else its ``end`` is told and its result
    carried once the transaction commits (``games.play.ends.end``). ``closed``: where a game lost on
    time together with others is put unsaved, for the caller to save with theirs in one statement
    (``games.play.ends.save_closed``). A clock held back (a vacation) has its flag's moment moved on
    to when it could fall at the soonest."""
    side = state.to_move(game)
    if not game.on_service or side is None:
        return False
    if aborts.lapsed(game, now, carry=told is None):
        return True
    left = state.clocks_at(game, now).of(side)
    if left is None or left > timedelta(0):
        later = None if left is None or game.turn_started is None else now + left
        if game.flag_at != later:
            game.flag_at = later
            Game.objects.filter(pk=game.pk).update(flag_at=later)
        return False
    if told is None:
        ends.end(game, Ending(TIME), None, now)
    else:  # its draw offer closed with the others' (end_fallen), and saved with them when closed
        told.append(ends.end_on_time(game, now, save=closed is None))
        if closed is not None:
            closed.append(game)
    return True


def due(now: datetime) -> list[int]:
    """The games whose flag's moment has come by ``now`` (``Game.flag_at``, indexed), by id."""
    games = Game.objects.filter(flag_at__lte=now, finished_at__isnull=True)
    return list(games.order_by("pk").values_list("pk", flat=True))


def next_flag() -> datetime | None:
    """The next moment a flag falls (``Game.flag_at`` of the games in play), None when none runs."""
    games = Game.objects.filter(flag_at__isnull=False, finished_at__isnull=True)
    return games.aggregate(first=Min("flag_at"))["first"]  # type: ignore[no-any-return]


def fallen(now: datetime) -> list[int]:
    """The games on the service in play whose player to move's clock has passed zero by ``now`` by
    the clock's own fields, vacations not counted (they only ever add time: :func:`fall` checks
    them), or whose first move was due by then (``games.play.aborts``: aborted, or an event's
    forfeited); by id. The sweep's look, by the clock's own fields: a flag's moment left unwritten (the
    clock changed by an update that skipped it) is no game left running."""
    white_flag = ExpressionWrapper(F("turn_started") + F("white_time"), output_field=DateTimeField())
    black_flag = ExpressionWrapper(F("turn_started") + F("black_time"), output_field=DateTimeField())
    clock_ran_out = (
        Q(first_move_by__isnull=True, turn_started__isnull=False)
        & ~Q(time_control="")
        & (Q(white_flag__lte=now) | Q(black_flag__lte=now))
    )
    candidates = (
        Game.objects.filter(on_service=True, finished_at__isnull=True)
        .annotate(white_flag=white_flag, black_flag=black_flag)
        .filter(clock_ran_out | Q(first_move_by__lte=now))
    )
    return list(candidates.order_by("pk").values_list("pk", flat=True))


def tick(now: datetime) -> dict[str, list[int]]:
    """The clocks' ticker's work (``common.ticker``): end the games whose flag's moment has come."""
    return {"timed_out": end_fallen(now, until=timezone.now() + RUN, found=due(now))}


def end_fallen(
    now: datetime | None = None, until: datetime | None = None, found: list[int] | None = None
) -> list[int]:
    """End on time every game whose player to move has run out by ``now`` (``found``: those games,
    else :func:`fallen`; every one, however many; with ``until``, no transaction begun after it: the
    rest are left to the next run), :data:`TOGETHER` games a transaction; the ones ended. Each is
    judged under its own lock (:func:`fall`), so its stored end is when it ended, and takes the
    first step of its end there (``games.play.ends.end_on_time``: over, its result set and its
    ``end`` told, its result marked to be carried), a transaction's games saved in one statement
    (``games.play.ends.save_closed``) and their live events published together once it commits
    (``games.live.batch``); the second step of the run's games is queued once every transaction of
    the run has committed and told its ends (``games.play.carrying``: their pairings' results,
    records and notices, under their rounds' locks, :data:`CARRY_EACH` games a task), so that no
    carrying competes with the ends still to be told. The games another run is ending (its lock
    held) are skipped, not waited for: two runs share the games rather than queue for them."""
    due_now = fallen(now or timezone.now()) if found is None else found
    ended: list[int] = []
    marked: list[int] = []
    while due_now and (until is None or timezone.now() < until):
        done, left = _end_together(due_now[:TOGETHER])
        ended += done
        marked += left
        due_now = due_now[TOGETHER:]
    for first in range(0, len(marked), CARRY_EACH):  # a broker out of reach: the sweep carries them
        enqueue_on_commit(ends.CARRY, marked[first : first + CARRY_EACH])
    return ended


@retry_on_conflict
def _end_together(game_ids: list[int]) -> tuple[list[int], list[int]]:
    """The first step of the end on time of those of ``game_ids`` whose player to move has run out,
    in one transaction under the games' locks only (taken in the order of their ids, those another
    run holds skipped). The ones ended, and the ones marked to have the second step of their ends.
    A game that fails undoes the transaction, which is then run again with each game in a savepoint
    of its own: the one failing is left as it was to the next run or the sweep."""
    try:
        return _end_batch(game_ids, alone=False)
    except (DatabaseError, ServiceError, ArbiterError):
        logger.warning("the ends of %s games together failed; each alone now", len(game_ids), exc_info=True)
        return _end_batch(game_ids, alone=True)


def _end_batch(game_ids: list[int], alone: bool) -> tuple[list[int], list[int]]:
    ended: list[int] = []
    with transaction.atomic(), game_events.together() as events:
        games = origins.with_place(Game.objects.filter(pk__in=game_ids, finished_at__isnull=True))
        locked = list(games.select_for_update(skip_locked=True, of=("self",)).order_by("pk"))
        now = timezone.now()
        closed: list[Game] | None = None if alone else []  # alone: each saved in its savepoint
        for game in locked:
            mark = len(events)
            try:
                with transaction.atomic() if alone else contextlib.nullcontext():
                    if fall(game, now, events, closed):
                        ended.append(game.pk)
            except (DatabaseError, ServiceError, ArbiterError):
                if not alone:
                    raise
                del events[mark:]  # its savepoint was rolled back: so are its events
                logger.warning("game %s could not be ended on time; the sweep will", game.pk, exc_info=True)
        ends.save_closed(closed or [])
        ends.close_offers(ended, now)  # their draw offers left standing lapse with them, at once
    return ended, [game.pk for game in locked if game.to_carry]


# --------------------------------------------------------------------------- the time warning

#: the warnings one run sends at most (the rest are due still: the next run's)
WARN_BATCH = 200
#: the seconds of one ticker's look the warnings may take at most (the rest wait for the next look):
#: a round's warnings falling due together never hold back a flag falling meanwhile
WARN_SECONDS = 0.25


def moments(game: Game, warning: timedelta | None = None, *, known: bool = False) -> None:
    """The moments ``game``'s clock keeps, computed as it stands (``games.models.MOMENTS``: every save
    that changes the clock; a move, which ``known`` its time control's ``warning`` from
    ``games.play.clocks.on_move``): its flag's (``Game.flag_at``: :func:`flag_due`) and its warning's
    (``Game.warn_at``: :func:`warning_due`)."""
    game.flag_at = flag_due(game)
    if not known:
        try:
            control = clocks.parse(game.time_control)
        except Exception:  # noqa: BLE001 - a clock unreadable here is no warning, never a failed save
            control = None
        warning = None if control is None else control.warning
    game.warn_at = warning_due(game, warning)


def flag_due(game: Game) -> datetime | None:
    """When the ticker must look at ``game`` in play: its first move due (``games.play.aborts``), else
    its player to move's clock at zero (vacations not counted); None with no clock running."""
    if not game.on_service or game.finished_at is not None or game.first_move_by is not None:
        return game.first_move_by if game.on_service and game.finished_at is None else None
    left = game.white_time if game.to_move == 0 else game.black_time
    running = game.turn_started is not None and game.time_control and game.to_move is not None
    return game.turn_started + left if running and left is not None else None  # type: ignore[operator]


def warning_due(game: Game, warning: timedelta | None) -> datetime | None:
    """When the player to move of ``game`` (``Game.to_move``, kept with its position) falls under his
    time control's ``warning`` (``games.play.clocks.TimeControl.warning``); None without a running
    clock, once over, or when he was warned at this ply already."""
    if not game.on_service or game.finished_at is not None or game.turn_started is None:
        return None
    if not game.time_control or game.warned_ply == game.plies or game.to_move is None:
        return None
    return warning_moment(
        game.turn_started, game.white_time if game.to_move == 0 else game.black_time, warning
    )


def warning_moment(
    started: datetime | None, left: timedelta | None, warning: timedelta | None
) -> datetime | None:
    """When a player whose clock started at ``started`` with ``left`` falls under ``warning``
    (vacations not counted: they only ever delay it); None without a running clock, or when he started
    his move under it already (he was warned as it fell, in an earlier move)."""
    if warning is None or started is None or left is None or left <= warning:
        return None
    return started + left - warning


def warn_tick(now: datetime) -> dict[str, list[int]]:
    """The clocks' ticker's other work (``common.ticker``): warn the players whose warning is due."""
    return {"time_warned": warn_due(now, budget=WARN_SECONDS)}


def next_warning() -> datetime | None:
    """The next moment a player is to be warned (``Game.warn_at`` of the games in play), None when none."""
    games = Game.objects.filter(warn_at__isnull=False, finished_at__isnull=True)
    return games.aggregate(first=Min("warn_at"))["first"]  # type: ignore[no-any-return]


def warn_due(now: datetime | None = None, limit: int = WARN_BATCH, budget: float | None = None) -> list[int]:
    """Warn the player to move of every game whose warning is due by ``now`` (``Game.warn_at``, the
    earliest first, ``limit`` at most, and no new one once ``budget`` seconds have gone); the games
    whose player was warned. Each is judged under the game's lock (:func:`warn`): a move since, the
    game over, a vacation that paused the clock."""
    now = now or timezone.now()
    due_now = Game.objects.filter(warn_at__lte=now).order_by("warn_at", "pk").values_list("pk", flat=True)
    started = time.monotonic()
    warned = []
    for game_id in list(due_now[:limit]):
        if budget is not None and time.monotonic() - started >= budget:
            break  # the others are due still: the next look's
        if warn(game_id, now):
            warned.append(game_id)
    return warned


@retry_on_conflict
def warn(game_id: int, now: datetime) -> bool:
    """Warn the player to move of ``game_id`` if his clock is under its warning at ``now`` and he was
    not warned at this ply (``games.signals.time_running_out``, in the transaction); else keep the
    game's moment to warn right (later, when a vacation paused his clock; none, once warned or over).
    Whether he was warned."""
    with transaction.atomic():
        game = lock_game(game_id)
        side = state.to_move(game)
        control = clocks.parse(game.time_control) if game.on_service else None
        left = None if side is None or control is None else state.clocks_at(game, now).of(side)
        if left is None or game.warned_ply == game.plies or left <= timedelta(0):
            game.warn_at = None  # nothing to warn of (over, or his flag's to end)
        elif left >= control.warning:  # type: ignore[union-attr]
            game.warn_at = now + (left - control.warning)  # type: ignore[union-attr]
        else:
            game.warned_ply = game.plies
            game.save(update_fields=["warned_ply"])  # its moment computed again: none at this ply
            time_running_out.send(sender=Game, game=game, side=side, left=left)
            return True
        Game.objects.filter(pk=game_id).update(warn_at=game.warn_at)
        return False
