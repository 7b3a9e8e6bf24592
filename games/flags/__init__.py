"""Flags that fall on time: a game on the service ends the moment its player to move runs out, not at
the next sweep.

The rules at home here:

* **read**: whoever reads a game (its page, ``GET /api/play/{id}/``, the list of his games, its
  stream) or moves in it out of turn makes :func:`fall_if_due` check its flag; a player to move
  whose clock has passed zero loses on time then, under the game's lock (``games.play.time_out``,
  which checks again). The player to move's own move is judged by ``games.play.make_move`` at the
  request's arrival (``config.middleware.arrival``), so the time the move waits in the server is
  not his;
* **scheduled**: after each stored move and when a game is created with its clock running,
  :func:`schedule` queues, once the transaction commits, the task ``games.flag``
  (``games.flags.tasks.flag_task``: the game's id and the ply it was scheduled at) for the moment the
  player to move runs out (his time left, vacations not counted: they only ever add time). The
  task re-checks the clock under the lock: it ends the game and every other game whose flag has
  fallen by then (:func:`end_fallen`: flags that fall together, a round's started at once, end
  together, :data:`TOGETHER` games a transaction with their live events published at once,
  ``games.live.together``), or does nothing when a move was played since (that move scheduled its
  own), or schedules itself again when time was added (an arbiter's time; a vacation: for when the
  paused clock could run out at the soonest). A flag further away than :data:`HORIZON` is scheduled in hops of at most that
  long, so no task waits in a worker longer than the broker's visibility timeout;
* **embedded default** (Celery eager: no worker, no delayed task): nothing is scheduled, the read
  check ends the games (a page shows its game on time as soon as anyone opens it) and the sweep
  (``games.clock_sweep``) the others;
* the sweep stays the safety net (a task lost with its broker or worker), ending every game whose
  flag fell, with no limit of games a run (:func:`end_fallen` too).
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
from games import live, origins
from games.models import Game

logger = logging.getLogger(__name__)

# How much after the flag's moment the task runs (the clock is surely past zero then).
MARGIN = timedelta(milliseconds=50)
# The longest a flag's task is scheduled ahead (below Redis's visibility timeout, settings).
HORIZON = timedelta(minutes=15)
# The games ended in one transaction when flags fall together: its locks (an event's round among
# them, which the round's moves wait for) are held that long only. Measured: bench/flags_bench.py.
TOGETHER = 20
# The longest a task goes on ending the games flagging with its own (below its time limit, tasks.py).
RUN = timedelta(seconds=20)


def flag_at(game: Game, side: int | None) -> datetime | None:
    """When ``side``'s running clock reaches zero, vacations not counted; None without a running
    clock or once play has ended. Before the game started: the moment its first move is due
    (``games.aborts``: a casual game is aborted then, an event's has its clock started)."""
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
    A ``mover`` who is the player to move is left to ``games.play.make_move``, which judges his move
    at its arrival."""
    from games import play

    now = timezone.now()
    if not game.on_service or not _maybe_fallen(game, now):
        return game
    side = play.to_move(game)
    if side is None:
        return game
    if mover is not None:
        player = game.white if side == 0 else game.black
        if player.user_id is not None and player.user_id == getattr(mover, "pk", None):
            return game
    if game.first_move_by is not None:  # a first move was due (games.aborts): aborted or clock started
        play.time_out(game.pk, now)
        game.refresh_from_db()
        return game
    left = play.clocks_at(game, now).of(side)
    if left is None or left > timedelta(0):
        return game
    play.time_out(game.pk, now)
    game.refresh_from_db()
    return game


def schedule(game: Game, side: int | None) -> None:
    """Queue, once the transaction commits, the task that ends ``game`` when ``side`` (the player to
    move) runs out; nothing without a running clock or on the embedded default."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    at = flag_at(game, side)
    if at is None:
        return
    game_id, ply = game.pk, game.plies
    transaction.on_commit(lambda: _send(game_id, ply, at))


def _send(game_id: int, ply: int, at: datetime) -> bool:
    from games.flags.tasks import flag_task  # Celery loaded by what queues, not by every import

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
    from games import play

    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.finished_at is not None or game.plies != ply:
        return "moved on"
    if _maybe_fallen(game, timezone.now()):
        # flags fall together (a round's games started at once): the first task ends them all, a
        # few games a transaction; the tasks of the others find their games over
        ended = end_fallen(until=timezone.now() + RUN)
        if game_id in ended:
            return "ended"
    game.refresh_from_db()
    if game.finished_at is not None or game.plies != ply:
        return "moved on"
    side = play.to_move(game)
    left = play.clocks_at(game).of(side) if side is not None else None
    if left is not None:
        # time was added (a vacation, an arbiter's time): the flag is not before now + what is left
        # now (a vacation going on pauses the clock: then checked again that much later)
        _send(game_id, ply, timezone.now() + max(left, MARGIN))
    return "again"


def fallen(now: datetime) -> list[int]:
    """The games on the service in play whose player to move's clock has passed zero by ``now``,
    vacations not counted (they only ever add time: :func:`end_fallen` checks them), or whose first
    move was due by then (``games.aborts``: aborted, or an event's clock started), by id."""
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
    sweep), :data:`TOGETHER` games a transaction; the ones ended. Each is judged when its turn
    comes, under its lock (``games.play.time_out``), so its stored end is when it ended; the live
    events of a transaction's games are published together once it commits (``games.live_batch``).
    The games another run ended meanwhile (another task's: flags falling together) are skipped."""
    due = fallen(now or timezone.now())
    ended: list[int] = []
    while due and (until is None or timezone.now() < until):
        done, due = _end_together(due[:TOGETHER], due[TOGETHER:])
        ended += done
    return ended


def _in_play(game_ids: list[int]) -> list[int]:
    """Those of ``game_ids`` not ended yet, in order."""
    if not game_ids:
        return []
    found = set(Game.objects.filter(pk__in=game_ids, finished_at__isnull=True).values_list("pk", flat=True))
    return [game_id for game_id in game_ids if game_id in found]


def _read_in_play(game_ids: list[int]) -> list[Game]:
    """Those of ``game_ids`` not ended yet, in order, read in one query with their place (an event's
    pairing and round: ``games.origins.with_place``), which their locks then need not read again."""
    if not game_ids:
        return []
    found = origins.with_place(Game.objects.filter(pk__in=game_ids, finished_at__isnull=True))
    return sorted(found, key=lambda game: game_ids.index(game.pk))


@retry_on_conflict
def _end_together(game_ids: list[int], after: list[int]) -> tuple[list[int], list[int]]:
    """End on time those of ``game_ids`` whose player to move has run out, in one transaction (the
    games in the order of their ids, as every such transaction takes them: none waits on another in
    a circle); a game that fails is left as it was (its savepoint) to the next task or sweep. The
    ones ended, and those of ``after`` still in play once a game was found ended by another run."""
    from games import play

    ended: list[int] = []
    with transaction.atomic(), live.together() as events:
        waiting = _read_in_play(game_ids)
        while waiting:
            game = waiting.pop(0)
            game_id = game.pk
            mark = len(events)
            try:
                if play.time_out(game):
                    ended.append(game_id)
                    continue
            except (DatabaseError, ServiceError, ArbiterError):
                del events[mark:]  # its savepoint was rolled back: so are its events
                logger.warning("game %s could not be ended on time; the sweep will", game_id, exc_info=True)
                continue
            # not ended: another run (the task of a game flagging together) is ending these games
            waiting, after = _read_in_play([other.pk for other in waiting]), _in_play(after)
    return ended, after


def on_move(sender: object, game: Game, to_move: int | None, **kwargs: object) -> None:
    """``games.signals.move_played``: the next flag is the new player to move's."""
    schedule(game, to_move)


def on_created(sender: object, instance: Game, created: bool, **kwargs: object) -> None:
    """A game created on the service with its clock running: White's flag."""
    if settings.CELERY_TASK_ALWAYS_EAGER or not created:
        return
    if instance.on_service and (instance.turn_started is not None or instance.first_move_by is not None):
        from games import play

        schedule(instance, play.to_move(instance))
