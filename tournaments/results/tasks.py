"""The Celery tasks of corrected results: the recomputation after one correction (takes its id,
idempotent, re-runnable) and the sweep that queues again the recomputations a lost job left stale
(Celery beat's ``sweep-corrections`` entry; a request runs it on the embedded default); and the close
of a round that closes by itself (``round_closing``).

Time limits and retries as the standings task's (``STANDINGS_TIME_LIMIT``, transient database
errors retried with back-off): a recomputation stores standings and rebuilds a rating list.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task

import config.celery  # noqa: F401 - the project's Celery app, current before these tasks are sent
from tournaments.errors import ServiceError
from tournaments.locking import RECOMPUTING_TASK
from tournaments.results.recomputation import lost_corrections, recompute_correction
from tournaments.results.services import close_round_by_itself
from tournaments.work import send

logger = logging.getLogger(__name__)


@shared_task(name="tournaments.recompute_correction", **RECOMPUTING_TASK)
def recompute_correction_task(correction_id: int) -> bool:
    return recompute_correction(correction_id)


@shared_task(name="tournaments.sweep_corrections", ignore_result=True)
def sweep_corrections_task(older_than_minutes: int = 10) -> int:
    """Queue again every recomputation still stale after ``older_than_minutes``; returns how many."""
    lost = lost_corrections(timedelta(minutes=older_than_minutes))
    for correction_id in lost:
        send(recompute_correction_task, correction_id)
    return len(lost)


@shared_task(name="tournaments.close_round_by_itself", **RECOMPUTING_TASK)
def close_round_by_itself_task(round_id: int) -> bool:
    """Close a round that closes by itself, if it may now (idempotent: a closed round stays as it is);
    a refusal is logged and leaves it open for the organiser (``round_closing``)."""
    try:
        return close_round_by_itself(round_id) is not None
    except ServiceError as refusal:
        logger.info("round %s does not close by itself: %s", round_id, refusal)
        return False
