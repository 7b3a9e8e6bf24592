"""Celery tasks of the games app: thin, take ids, idempotent."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="games.verify_record")
def verify_record_task(record_id: int) -> str:
    from games.services import verify_record

    return verify_record(record_id).status
