"""The clocks' part of the sweep (``config.sweep``): games on the service whose player to move ran out.

Nobody has to move for a game to be lost on time: every sweep ends the games on the service still
in play whose running clock has passed zero (``games.play.time_out``, which checks again under the
game's lock). Vacations only ever add time: the query finds the games whose clock would have run
out without them, and ``time_out`` leaves those whose player's vacations keep them going; at most
:data:`SWEEP_BATCH` games are ended a sweep, however many are looked at. Registered in
``GamesConfig.ready``.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import DateTimeField, ExpressionWrapper, F, Q

from games.models import Game
from games.play import time_out

SWEEP_BATCH = 100


def sweep_work(now: datetime) -> dict[str, list[int]]:
    """End on time the games whose player to move has no time left at ``now``."""
    white_flag = ExpressionWrapper(F("turn_started") + F("white_time"), output_field=DateTimeField())
    black_flag = ExpressionWrapper(F("turn_started") + F("black_time"), output_field=DateTimeField())
    candidates = (
        Game.objects.filter(on_service=True, finished_at__isnull=True, turn_started__isnull=False)
        .exclude(time_control="")
        .annotate(white_flag=white_flag, black_flag=black_flag)
        .filter(Q(white_flag__lte=now) | Q(black_flag__lte=now))
    )
    ended: list[int] = []
    for pk in candidates.order_by("pk").values_list("pk", flat=True):
        if len(ended) >= SWEEP_BATCH:
            break
        if time_out(pk, now):
            ended.append(pk)
    return {"timed_out": ended}
