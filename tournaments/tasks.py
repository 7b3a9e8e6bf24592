"""The periodic sweep's task (``common.sweep``), run by Celery beat (``config/celery.py``): thin, idempotent."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

import config.celery  # noqa: F401 - the project's Celery app, current before these tasks are sent


@shared_task(
    name="tournaments.sweep",
    soft_time_limit=settings.SWEEP_TIME_LIMIT,
    time_limit=settings.SWEEP_TIME_LIMIT + settings.TASK_HARD_LIMIT_MARGIN,
    ignore_result=True,
)
def sweep_task() -> dict[str, list[int]]:
    from common.sweep import sweep

    return sweep().done
