"""The clocks' part of the sweep (``common.sweep``): games on the service whose player to move ran out.

Nobody has to move for a game to be lost on time: every sweep ends the games on the service still
in play whose running clock has passed zero (``games.play.service.time_out``, which checks again under the
game's lock). Vacations only ever add time: the query finds the games whose clock would have run
out without them, and ``time_out`` leaves those whose player's vacations keep them going. Every such
game is ended in the same sweep, however many: the sweep is only the safety net behind each flag's
own task and the check on reading (``games.play.flags``), and no flag waits for a later run. The games
ended on time whose results are still to be carried past the grace period (their task lost) have
them carried (``games.play.carrying``). Registered in ``GamesConfig.ready``.

The time warning (:func:`warning_work`, in the same sweep): the player to move is told once a move
(``Game.warned_ply``) when less than his time control's warning is left (``games.play.clocks``: 24 hours
of a correspondence clock, a minute of a live one), through ``games.signals.time_running_out``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import DateTimeField, ExpressionWrapper, F, Q

from games.models import Game
from games.play import carrying, clocks, flags
from games.play.state import clocks_at, to_move
from games.records.confirmation import lock_game
from games.signals import time_running_out

# The time warnings sent a sweep at most (the flags have no such limit).
SWEEP_BATCH = 100


def sweep_work(now: datetime) -> dict[str, list[int]]:
    """End on time the games whose player to move has no time left at ``now``, and those whose first
    move was due (``games.play.aborts``: aborted, or an event's clock started) (``games.play.flags``: every one
    of them, a few a transaction); carry the results of the games ended on time more than the grace
    period ago and still marked to be carried (``games.play.carrying``: their task lost or failed)."""
    timed_out = flags.end_fallen(now)
    left = carrying.marked(before=now - timedelta(seconds=settings.SWEEP_GRACE))
    return {"timed_out": timed_out, "carried": carrying.carry_all(left)}


def warning_work(now: datetime) -> dict[str, list[int]]:
    """Warn the players to move of the games whose clock has less than its warning left at ``now``
    and who were not warned at this ply yet."""
    longest = max(clocks.WARN_CORRESPONDENCE, clocks.WARN_FISCHER)
    white_warn = ExpressionWrapper(
        F("turn_started") + F("white_time") - longest, output_field=DateTimeField()
    )
    black_warn = ExpressionWrapper(
        F("turn_started") + F("black_time") - longest, output_field=DateTimeField()
    )
    candidates = (
        Game.objects.filter(on_service=True, finished_at__isnull=True, turn_started__isnull=False)
        .exclude(time_control="")
        .exclude(warned_ply=F("plies"))
        .annotate(white_warn=white_warn, black_warn=black_warn)
        .filter(Q(white_warn__lte=now) | Q(black_warn__lte=now))
    )
    warned: list[int] = []
    for pk in list(candidates.order_by("pk").values_list("pk", flat=True)):
        if len(warned) >= SWEEP_BATCH:
            break
        if warn(pk, now):
            warned.append(pk)
    return {"time_warned": warned}


def warn(game_id: int, now: datetime) -> bool:
    """Warn the player to move of the game if his time is short and he was not warned at this ply."""
    with transaction.atomic():
        game = lock_game(game_id)
        side = to_move(game)
        control = clocks.parse(game.time_control)
        if side is None or control is None or game.warned_ply == game.plies:
            return False
        left = clocks_at(game, now).of(side)
        if left is None or left >= control.warning or left <= timedelta(0):
            return False
        game.warned_ply = game.plies
        game.save(update_fields=["warned_ply"])
        time_running_out.send(sender=Game, game=game, side=side, left=left)
        return True
