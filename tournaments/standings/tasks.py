"""The task run after a round closes: standings, then ratings. Thin, takes an id, idempotent."""

from __future__ import annotations

from celery import shared_task

from tournaments.ratings.services import rate_closed_rounds
from tournaments.standings.services import store_standings


@shared_task(name="tournaments.update_standings")  # standings and ratings after a round
def update_standings_task(event_id: int) -> int:
    stored = store_standings(event_id)
    rate_closed_rounds(event_id)
    return stored
