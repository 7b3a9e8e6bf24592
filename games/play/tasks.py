"""The Celery task carrying the results of games whose play ended (``games.play.carrying``: the
second step of an end, ``games.play.ends``): thin, takes the games' ids (and who ended play, for
the played record), idempotent (a game carried already is left alone), retried on transient
database errors. A worker registers it as it does every package's ``tasks`` module. No task is
queued for a flag: the clocks' ticker ends what has fallen (``games.play.flags``).
"""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

import config.celery  # noqa: F401 - the project's Celery app, current before this task is sent
from common.locking import RETRY_TRANSIENT
from games.play.carrying import carry_all


@shared_task(
    name="games.carry",
    soft_time_limit=60,
    time_limit=60 + settings.TASK_HARD_LIMIT_MARGIN,
    **RETRY_TRANSIENT,
)
def carry_task(game_ids: list[int], actor_id: int | None = None) -> list[int]:
    """The second step of the ends of ``game_ids`` (``games.play.carrying``): each game still marked
    has its result carried, its played record submitted by ``actor_id`` (who ended play; none on
    time); idempotent (a game carried already is left alone)."""
    return carry_all(game_ids, actor_id)
