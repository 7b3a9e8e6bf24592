"""The Celery task of a rated casual game's rating (``tournaments.ratings.casual``): takes the
game's id, idempotent (it clears the mark it read; a period not marked stale is left alone), queued
after the commit that marked it; the sweep (``tournaments.sweep``) queues it again when it was lost.

Time limits and retries as the standings task's (``STANDINGS_TIME_LIMIT``, transient database
errors retried with back-off): a rating may rebuild the family's list from the game on.
"""

from __future__ import annotations

from celery import shared_task

import config.celery  # noqa: F401 - the project's Celery app, current before these tasks are sent
from tournaments.locking import RECOMPUTING_TASK


@shared_task(name="tournaments.rate_casual_game", **RECOMPUTING_TASK)
def rate_casual_game_task(game_id: int) -> int:
    from tournaments.ratings.casual import rate_casual_game

    return rate_casual_game(game_id)
