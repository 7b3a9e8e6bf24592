"""The task run after a round closes: standings, then ratings. Thin, takes an id, idempotent.

Its time limits are ``STANDINGS_TIME_LIMIT`` (soft) and that plus ``TASK_HARD_LIMIT_MARGIN``
(hard); a lost database connection, a deadlock or a serialisation failure is retried with an
exponential back-off. A run that dies leaves the round's stale marks, which the sweep sees.
"""

from __future__ import annotations

from celery import shared_task

import config.celery  # noqa: F401 - the project's Celery app, current before these tasks are sent
from tournaments.locking import RECOMPUTING_TASK


@shared_task(name="tournaments.update_standings", **RECOMPUTING_TASK)
def update_standings_task(event_id: int) -> int:
    from tournaments.standings.refresh import refresh_event

    return refresh_event(event_id)
