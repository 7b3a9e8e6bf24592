"""Celery tasks of the games app: thin, take ids, idempotent.

Verification has a soft time limit of ``VERIFY_TIME_LIMIT`` seconds (the record is then refused as
too long to check) and a hard one ``TASK_HARD_LIMIT_MARGIN`` later; transient database errors are
retried with back-off; a record left pending by a lost task is queued again by the sweep.
"""

from __future__ import annotations

from celery import shared_task, signals
from django.conf import settings

import config.celery  # noqa: F401 - the project's Celery app, current before these tasks are sent
from common.locking import RETRY_TRANSIENT


@shared_task(
    name="games.verify_record",
    soft_time_limit=settings.VERIFY_TIME_LIMIT,
    time_limit=settings.VERIFY_TIME_LIMIT + settings.TASK_HARD_LIMIT_MARGIN,
    **RETRY_TRANSIENT,
)
def verify_record_task(record_id: int) -> str:
    """Verify the record, and with it other pending records no other task holds (a backlog in
    batches: ``games.records.services.verify_pending``); the record's status."""
    from games.records.services import verify_pending

    return verify_pending(record_id)


@signals.worker_ready.connect
def take_over_verifications(**kwargs: object) -> None:
    """A verification marked due whose task was lost (a purged queue) armed again by a worker that
    starts (``games.records.scheduling``: else the records submitted after it wait for the sweep)."""
    from games.records import scheduling

    scheduling.take_over()
