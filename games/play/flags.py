"""Flags that fall on time: a game on the service ends the moment its player to move runs out, not at
the next sweep.

The rules at home here:

* **read**: whoever reads a game (its page, ``GET /api/play/{id}/``, the list of his games, its
  stream) or moves in it out of turn makes :func:`fall_if_due` check its flag; a player to move
  whose clock has passed zero loses on time then, under the game's lock (``games.play.service.time_out``,
  which checks again). The player to move's own move is judged by ``games.play.service.make_move`` at the
  request's arrival (``config.middleware.arrival``), so the time the move waits in the server is
  not his;
* **scheduled**: after each stored move and when a game is created with its clock running,
  :func:`schedule` queues, once the transaction commits, the task ``games.flag``
  (``games.play.tasks.flag_task``: the game's id and the ply it was scheduled at) for the moment the
  player to move runs out (his time left, vacations not counted: they only ever add time). The
  task re-checks the clock under the lock: it ends the game and every other game whose flag has
  fallen by then (:func:`end_fallen`: flags that fall together, a round's started at once, end
  together, :data:`TOGETHER` games a transaction under their own locks only, with their live events
  published at once, ``games.live.game_events.together``; the results carried to their pairings after, under
  their rounds' locks: ``games.play.carrying``, the database marking what is left), or does nothing when a move was played since (that move scheduled its
  own), or schedules itself again when time was added (an arbiter's time; a vacation: for when the
  paused clock could run out at the soonest). A flag further away than :data:`HORIZON` is scheduled in hops of at most that
  long, so no task waits in a worker longer than the broker's visibility timeout;
* **embedded default** (Celery eager: no worker, no delayed task): nothing is scheduled, the read
  check ends the games (a page shows its game on time as soon as anyone opens it) and the sweep
  (``games.play.clock_sweep``) the others;
* the sweep stays the safety net (a task lost with its broker or worker), ending every game whose
  flag fell, with no limit of games a run (:func:`end_fallen` too), and carrying the results left
  marked (``games.play.clock_sweep``);
* **the time warning** (issue 36): a game's moment to warn its player to move (``Game.warn_at``,
  indexed, computed by every save that changes the clock: :func:`warning_due`) is acted on
  by :func:`warn_due`, which warns every player due by then in a batch (``games.signals
  .time_running_out``: his notice, stream and e-mail, ``personal``); each flag's task is scheduled
  for the warning first when it comes before the flag, and warns then (a live game's player is
  told in time, not at the next sweep); the read check warns too (the embedded default), and the
  sweep calls :func:`warn_due` as the safety net. A ticker ending the flags every second calls
  :func:`end_fallen` and :func:`warn_due`, both from their indexed moments.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import DateTimeField, ExpressionWrapper, F, Q
from django.utils import timezone

from accounts.errors import ServiceError
from arbiter.errors import ArbiterError
from common.locking import retry_on_conflict
from common.sweep import enqueue_on_commit
from games import origins
from games.live import game_events
from games.models import Game

logger = logging.getLogger(__name__)

# How much after the flag's moment the task runs (the clock is surely past zero then).
MARGIN = timedelta(milliseconds=50)
# The longest a flag's task is scheduled ahead (below Redis's visibility timeout, settings).
HORIZON = timedelta(minutes=15)
# The games ended in one transaction when flags fall together (the first step of their ends, under
# their own locks only: nobody else waits on them). Measured: bench/flags_bench.py.
TOGETHER = 50
# The longest a task goes on ending the games flagging with its own (below its time limit, tasks.py).
RUN = timedelta(seconds=20)


def flag_at(game: Game, side: int | None) -> datetime | None:
    """When ``side``'s running clock reaches zero, vacations not counted; None without a running
    clock or once play has ended. Before the game started: the moment its first move is due
    (``games.play.aborts``: a casual game is aborted then, an event's lost by forfeit)."""
    if game.first_move_by is not None and game.finished_at is None:
        return game.first_move_by
    if side is None or game.finished_at is not None or game.turn_started is None or not game.time_control:
        return None
    left = game.white_time if side == 0 else game.black_time
    return None if left is None else game.turn_started + left


def _maybe_fallen(game: Game, now: datetime) -> bool:
    """Whether either clock could have run out by ``now`` (without computing who is to move), or a
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
    from games.play import service, state

    now = timezone.now()
    if not game.on_service:
        return game
    if not _maybe_fallen(game, now):
        if (
            game.warn_at is not None
            and game.warn_at <= now
            and game.finished_at is None
            and warn(game.pk, now)
        ):
            game.refresh_from_db()  # its player to move warned (the embedded default has no task)
        return game
    side = state.to_move(game)
    if side is None:
        return game
    if mover is not None:
        player = game.white if side == 0 else game.black
        if player.user_id is not None and player.user_id == getattr(mover, "pk", None):
            return game
    if game.first_move_by is not None:  # a first move was due (games.play.aborts): aborted or forfeited
        service.time_out(game.pk, now)
        game.refresh_from_db()
        return game
    left = state.clocks_at(game, now).of(side)
    if left is None or left > timedelta(0):
        if game.warn_at is not None and game.warn_at <= now and warn(game.pk, now):
            game.refresh_from_db()  # its player to move warned (the embedded default has no task)
        return game
    service.time_out(game.pk, now)
    game.refresh_from_db()
    return game


def schedule(game: Game, side: int | None) -> None:
    """Queue, once the transaction commits, the task that ends ``game`` when ``side`` (the player to
    move) runs out, or that warns him first (``Game.warn_at``); nothing without a running clock or
    on the embedded default."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    at = flag_at(game, side)
    if at is None:
        return
    if game.warn_at is not None and game.first_move_by is None:
        at = min(at, game.warn_at)
    game_id, ply = game.pk, game.plies
    transaction.on_commit(lambda: _send(game_id, ply, at))


def _send(game_id: int, ply: int, at: datetime) -> bool:
    from games.play.tasks import flag_task  # Celery loaded by what queues, not by every import

    eta = min(at + MARGIN, timezone.now() + HORIZON)
    try:
        flag_task.apply_async((game_id, ply), eta=eta)
    except Exception:  # a broker that cannot be reached: the read check and the sweep end the game
        logger.warning(
            "could not schedule the flag of game %s; the sweep will end it", game_id, exc_info=True
        )
        return False
    return True


def flag_due(game_id: int, ply: int) -> str:
    """The scheduled check of ``game_id``'s flag at ``ply``: ``"ended"`` (lost on time now, with
    every other game whose flag has fallen by then), ``"moved on"`` (a move since, or over, or no
    such game: nothing to do) or ``"again"`` (time left: scheduled again for its new moment)."""
    from games.play import state

    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.finished_at is not None or game.plies != ply:
        return "moved on"
    if game.warn_at is not None and game.warn_at <= timezone.now():
        warn_due(timezone.now())  # with every other warning due by then
        game.refresh_from_db()
    if _maybe_fallen(game, timezone.now()):
        # flags fall together (a round's games started at once): the first task ends them all, a
        # few games a transaction; the tasks of the others find their games over
        ended = end_fallen(until=timezone.now() + RUN)
        if game_id in ended:
            return "ended"
    game.refresh_from_db()
    if game.finished_at is not None or game.plies != ply:
        return "moved on"
    side = state.to_move(game)
    left = state.clocks_at(game).of(side) if side is not None else None
    if left is not None:
        # time was added (a vacation, an arbiter's time), or the warning came first: the flag is not
        # before now + what is left now (a vacation going on pauses the clock: then checked again
        # that much later), and the warning still to come before it
        at = timezone.now() + max(left, MARGIN)
        if game.warn_at is not None and game.warn_at > timezone.now():
            at = min(at, game.warn_at)
        _send(game_id, ply, at)
    return "again"


def fallen(now: datetime) -> list[int]:
    """The games on the service in play whose player to move's clock has passed zero by ``now``,
    vacations not counted (they only ever add time: :func:`end_fallen` checks them), or whose first
    move was due by then (``games.play.aborts``: aborted, or an event's forfeited), by id."""
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


def end_fallen(now: datetime | None = None, until: datetime | None = None) -> list[int]:
    """End on time every game whose player to move has run out by ``now`` (every one, however many;
    with ``until``, no transaction begun after it: the rest are left to their own tasks and the
    sweep), :data:`TOGETHER` games a transaction; the ones ended. Each is judged under its own lock
    (``games.play.service.fall``), so its stored end is when it ended, and takes the first step of its end
    there (``games.play.service.end_on_time``: over, its result set and its ``end`` told, its result marked
    to be carried), the live events of a transaction's games published together once it commits
    (``games.live.batch``); the second step of a transaction's games follows after it commits
    (``games.play.carrying``: their pairings' results, records and notices, under their rounds' locks).
    The games another run is ending (its lock held: another task's, flags falling together) are
    skipped, not waited for: two workers share the games rather than queue for them."""
    due = fallen(now or timezone.now())
    ended: list[int] = []
    while due and (until is None or timezone.now() < until):
        ended += _end_together(due[:TOGETHER])
        due = due[TOGETHER:]
    return ended


@retry_on_conflict
def _end_together(game_ids: list[int]) -> list[int]:
    """The first step of the end on time of those of ``game_ids`` whose player to move has run out,
    in one transaction under the games' locks only (taken in the order of their ids, those another
    run holds skipped); a game that fails is left as it was (its savepoint) to the next task or
    sweep. The ones ended; those marked have the second step of their end queued after commit."""
    from games.play import service

    ended: list[int] = []
    with transaction.atomic(), game_events.together() as events:
        games = origins.with_place(Game.objects.filter(pk__in=game_ids, finished_at__isnull=True))
        locked = list(games.select_for_update(skip_locked=True, of=("self",)).order_by("pk"))
        now = timezone.now()
        for game in locked:
            mark = len(events)
            try:
                with transaction.atomic():
                    if service.fall(game, now, carry=False):
                        ended.append(game.pk)
            except (DatabaseError, ServiceError, ArbiterError):
                del events[mark:]  # its savepoint was rolled back: so are its events
                logger.warning("game %s could not be ended on time; the sweep will", game.pk, exc_info=True)
        _carry_after_commit([game.pk for game in locked if game.to_carry])
    return ended


def _carry_after_commit(game_ids: list[int]) -> None:
    """Queue, once the transaction commits, the second step of ``game_ids``' ends (``games.carry``,
    ``games.play.carrying``; run at once on the embedded default); a broker out of reach leaves them
    marked, to the sweep."""
    if game_ids:
        from games.play.tasks import carry_task  # Celery loaded by what queues, not by every import

        enqueue_on_commit(carry_task, game_ids)


def on_move(sender: object, game: Game, to_move: int | None, **kwargs: object) -> None:
    """``games.signals.move_played``: the next flag is the new player to move's."""
    schedule(game, to_move)


def on_created(sender: object, instance: Game, created: bool, **kwargs: object) -> None:
    """A game created on the service with its clock running: White's flag."""
    if settings.CELERY_TASK_ALWAYS_EAGER or not created:
        return
    if instance.on_service and (instance.turn_started is not None or instance.first_move_by is not None):
        from games.play import state

        schedule(instance, state.to_move(instance))


# --------------------------------------------------------------------------- the time warning

#: the warnings one run sends at most (the rest are due still: the next run's)
WARN_BATCH = 200


def warning_due(game: Game) -> datetime | None:
    """When the player to move of ``game`` falls under his clock's warning (``games.play.clocks
    .warning_at``; ``Game.warn_at``, kept by ``Game.save``); None without a running clock, once
    over, or when he was warned at this ply already."""
    from arbiter import registry
    from games.play import clocks

    if not game.on_service or game.finished_at is not None or game.turn_started is None:
        return None
    if not game.time_control or game.warned_ply == game.plies:
        return None
    try:
        control = clocks.parse(game.time_control)
        side = registry.status(game.position).to_move
    except Exception:  # noqa: BLE001 - a clock or position unreadable here is no warning, never a failed save
        return None
    if side is None:
        return None
    return clocks.warning_at(control, game.turn_started, game.white_time if side == 0 else game.black_time)


def warn_due(now: datetime | None = None, limit: int = WARN_BATCH) -> list[int]:
    """Warn the player to move of every game whose warning is due by ``now`` (``Game.warn_at``, the
    earliest first, ``limit`` at most); the games whose player was warned. Each is judged under the
    game's lock (:func:`warn`): a move since, the game over, a vacation that paused the clock."""
    now = now or timezone.now()
    due = Game.objects.filter(warn_at__lte=now).order_by("warn_at", "pk").values_list("pk", flat=True)
    return [game_id for game_id in list(due[:limit]) if warn(game_id, now)]


@retry_on_conflict
def warn(game_id: int, now: datetime) -> bool:
    """Warn the player to move of ``game_id`` if his clock is under its warning at ``now`` and he was
    not warned at this ply (``games.signals.time_running_out``, in the transaction); else keep the
    game's moment to warn right (later, when a vacation paused his clock; none, once warned or over).
    Whether he was warned."""
    from games.play import clocks, state
    from games.records.confirmation import lock_game
    from games.signals import time_running_out

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
