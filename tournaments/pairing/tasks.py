"""The pairing task: thin, takes a round id, idempotent, safe to re-run."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings


# A soft limit: the task records "took too long" on the round instead of leaving it stuck.
@shared_task(name="tournaments.pair_round", soft_time_limit=settings.PAIRING_TIME_LIMIT)
def pair_round_task(round_id: int) -> str:
    from tournaments.pairing.services import pair_round_now

    round_ = pair_round_now(round_id)
    return round_.status
