"""The pairing task: thin, takes a round id, idempotent, safe to re-run.

Soft time limit ``PAIRING_TIME_LIMIT``: the pairing stops and records "took too long" on the round
instead of leaving it stuck; the hard limit adds ``TASK_HARD_LIMIT_MARGIN``. Transient database
errors are retried with back-off; a worker killed meanwhile leaves the round pending with its
``pairing_requested_at``, which the sweep queues again.
"""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

import config.celery  # noqa: F401 - the project's Celery app, current before these tasks are sent
from tournaments.locking import RETRY_TRANSIENT


@shared_task(
    name="tournaments.pair_round",
    soft_time_limit=settings.PAIRING_TIME_LIMIT,
    time_limit=settings.PAIRING_TIME_LIMIT + settings.TASK_HARD_LIMIT_MARGIN,
    **RETRY_TRANSIENT,
)
def pair_round_task(round_id: int) -> str:
    from tournaments.pairing.services import pair_round_now

    round_ = pair_round_now(round_id)
    return round_.status
