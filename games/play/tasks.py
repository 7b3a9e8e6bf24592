"""The Celery task of each flag (``games.play.flags``): thin, takes the game's id and the ply it was
scheduled at, idempotent (it re-checks the clock under the game's lock), retried on transient
database errors; and the task carrying the results of a batch of games it ended (``games.play.carrying``:
takes their ids, idempotent). A worker registers it as it does every package's ``tasks`` module; the embedded
default schedules no flag.
"""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

import config.celery  # noqa: F401 - the project's Celery app, current before this task is sent
from common.locking import RETRY_TRANSIENT


@shared_task(
    name="games.flag",
    soft_time_limit=30,
    time_limit=30 + settings.TASK_HARD_LIMIT_MARGIN,
    **RETRY_TRANSIENT,
)
def flag_task(game_id: int, ply: int) -> str:
    """End the game on time if its player to move at ``ply`` has run out."""
    from games.play.flags import flag_due  # the service, loaded when the task runs (no import cycle)

    return flag_due(game_id, ply)


@shared_task(
    name="games.carry",
    soft_time_limit=60,
    time_limit=60 + settings.TASK_HARD_LIMIT_MARGIN,
    **RETRY_TRANSIENT,
)
def carry_task(game_ids: list[int]) -> list[int]:
    """The second step of the ends on time of ``game_ids`` (``games.play.carrying``): each game still
    marked has its result carried; idempotent (a game carried already is left alone)."""
    from games.play.carrying import carry_all

    return carry_all(game_ids)
