"""Celery tasks of the personal app (the task keeps its name ``accounts.send_play_notices``): the play notices' e-mails (``personal.play_notices``), run by
Celery beat every ``SWEEP_INTERVAL`` seconds (``config/celery.py``); idempotent."""

from __future__ import annotations

from celery import shared_task

import config.celery  # noqa: F401 - the project's Celery app, current before these tasks are sent
from common.locking import RETRY_TRANSIENT


@shared_task(name="accounts.send_play_notices", ignore_result=True, **RETRY_TRANSIENT)
def send_play_notices_task() -> int:
    from personal.play_notices import send_play_emails

    return send_play_emails()
