"""Celery tasks of the personal app: the notices' e-mails (``personal.emails``), queued after the
notices' commit by their delivery (``personal.delivery``) with their ids; idempotent (a notice is
e-mailed once, under its lock), retried with back-off while the mail server is out of reach or the
database drops its connection; on the embedded default (run in the request that committed the
notices) a server out of reach is not waited for: its notices stay owed, for the sweep."""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

import config.celery  # noqa: F401 - the project's Celery app, current before these tasks are sent
from personal.emails import MailDown

logger = logging.getLogger(__name__)


@shared_task(
    name="personal.notice_emails",
    bind=True,
    ignore_result=True,
    soft_time_limit=120,
    time_limit=120 + settings.TASK_HARD_LIMIT_MARGIN,
    autoretry_for=(OperationalError, InterfaceError, MailDown),
    retry_backoff=2,
    retry_backoff_max=300,
    retry_jitter=True,
    max_retries=8,
)
def notice_emails_task(self: object, notice_ids: list[int]) -> int:
    """E-mail the notices ``notice_ids`` still owed; the number sent."""
    from personal.emails import send_emails

    try:
        return send_emails(notice_ids)
    except MailDown:
        if getattr(getattr(self, "request", None), "is_eager", False):
            logger.warning("the mail server is out of reach: notices %s stay owed", notice_ids[:20])
            return 0
        raise
