"""The autopilot's task: an event's id, the steps due now taken (``steps.run``: idempotent, each step
read from the event as it stands and taken under its lock), a time limit as the standings' (a close
stores its round's results), transient database errors retried with back-off. What is due is the
database's to remember (``steps.due``), which the sweep reads (``steps.sweep_work``)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

import config.celery  # noqa: F401 - the project's Celery app, current before these tasks are sent
from tournaments.locking import RETRY_TRANSIENT


@shared_task(
    name="tournaments.autopilot",
    soft_time_limit=settings.STANDINGS_TIME_LIMIT,
    time_limit=settings.STANDINGS_TIME_LIMIT + settings.TASK_HARD_LIMIT_MARGIN,
    ignore_result=True,
    **RETRY_TRANSIENT,
)
def autopilot_task(event_id: int) -> list[str]:
    from tournaments.autopilot.steps import run

    return run(event_id)
