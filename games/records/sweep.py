"""The games' part of the sweep (``common.sweep``): verifications a lost task left pending.

A verification holds no lock while it replays: a record still pending past the grace period and
the verification's hard time limit is queued again, and a verification marked due armed again
(``games.records.scheduling.take_over``). Registered in ``GamesConfig.ready``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings

from common.sweep import send
from games.models import SubmittedRecord

SWEEP_BATCH = 100


def sweep_work(now: datetime) -> dict[str, list[int]]:
    """Queue again the verifications of records still pending long after they were submitted."""
    from games.records.tasks import verify_record_task  # Celery loaded by a sweep, not when the app is

    overdue = now - timedelta(seconds=settings.SWEEP_GRACE + settings.VERIFY_TIME_LIMIT)
    overdue -= timedelta(seconds=settings.TASK_HARD_LIMIT_MARGIN)
    pending = SubmittedRecord.objects.filter(status=SubmittedRecord.Status.PENDING, submitted_at__lt=overdue)
    from games.records import scheduling

    scheduling.take_over()  # a verification due whose task a purged queue lost
    records = []
    for record_id in pending.order_by("pk").values_list("pk", flat=True)[:SWEEP_BATCH]:
        if send(verify_record_task, record_id):
            records.append(record_id)
    return {"records": records}
