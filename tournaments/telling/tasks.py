"""The webhooks' task: one attempt of one delivery (its id), idempotent (``webhooks.deliver``: a
delivery not pending or not due is left alone), with a time limit; the next attempt, after its
back-off, is scheduled by the attempt itself and remembered by the database (``next_attempt_at``),
which the sweep reads (``webhooks.sweep_work``)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

import config.celery  # noqa: F401 - the project's Celery app, current before these tasks are sent
from tournaments.locking import RETRY_TRANSIENT


@shared_task(
    name="tournaments.deliver_webhook",
    soft_time_limit=int(3 * settings.WEBHOOK_TIMEOUT) + 30,
    time_limit=int(3 * settings.WEBHOOK_TIMEOUT) + 30 + settings.TASK_HARD_LIMIT_MARGIN,
    ignore_result=True,
    **RETRY_TRANSIENT,
)
def deliver_webhook_task(delivery_id: int) -> str:
    from tournaments.telling.webhooks import deliver

    return deliver(delivery_id)
