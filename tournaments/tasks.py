"""Celery tasks: thin, take ids, idempotent, safe to re-run."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings


# A soft limit: the task records "took too long" on the round instead of leaving it stuck.
@shared_task(name="tournaments.pair_round", soft_time_limit=settings.PAIRING_TIME_LIMIT)
def pair_round_task(round_id: int) -> str:
    from tournaments.services import pair_round_now

    round_ = pair_round_now(round_id)
    return round_.status


@shared_task(name="tournaments.update_standings")  # standings and ratings after a round
def update_standings_task(event_id: int) -> int:
    from tournaments.services import rate_closed_rounds, store_standings

    stored = store_standings(event_id)
    rate_closed_rounds(event_id)
    return stored
